import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, UserDirectory, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { CertificationQueryDto, CertificationTestDto } from './certification.dto';
import { CERTIFICATE_SHEET_COLUMNS, certificateSheetRow, TEST_SHEET_COLUMNS, testSheetRow } from './certification-sheet';
import { CertificationService } from './certification.service';

@ApiTags('industry/certification')
@ApiBearerAuth()
@Controller('industry/certification')
export class CertificationController {
  constructor(
    private readonly certification: CertificationService,
    private readonly users: UserDirectory,
  ) {}

  @Post('tests')
  @HttpCode(200)
  @RequiresAction('veclCertificaLog:add')
  @ApiOperation({ summary: "Open a test for a vehicle of the caller (8002 otherwise): its terminal (808) or VIN (32960) is checked live until durationS has passed; 409 while one runs for the vehicle and standard" })
  async open(@CurrentUser() user: AuthUser, @Body() dto: CertificationTestDto) {
    return okEnvelope(await this.certification.open(user, dto));
  }

  @Get('tests')
  @RequiresAnyAction('veclCertificaLog:search', 'veclCertificaRealTimeLog:search')
  @ApiOperation({ summary: "The tests of the caller's scope with their checks: vehicles, company, standard, status (running for the live view), start window" })
  async page(@CurrentUser() user: AuthUser, @Query() query: CertificationQueryDto) {
    return okEnvelope(await this.certification.page(user, query));
  }

  @Get('tests/export')
  @RequiresAnyAction('veclCertificaLog:export', 'veclCertificaRealTimeLog:export')
  @ApiOperation({ summary: 'The tests with the same filters as an Excel sheet (at most 10,000 rows), failed checks with their evidence, 检测人 by name (未知用户 outside the caller\'s scope)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: CertificationQueryDto, @Res() response: Response) {
    const rows = await this.certification.exportRows(user, query);
    const operatorName = await this.users.namer(user);
    sendSheet(response, 'certification-tests.xlsx', await writeSheet('tests', TEST_SHEET_COLUMNS, rows.map((row) => testSheetRow(row, operatorName))));
  }

  @Get('tests/:id')
  @RequiresAnyAction('veclCertificaLog:search', 'veclCertificaRealTimeLog:search', 'conformityCertfictvelcList:search')
  @ApiOperation({ summary: 'One test with every check, its state and evidence (the frame time, the field, the value); polled by the live view' })
  async get(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.certification.get(user, id));
  }

  @Get('certificates')
  @RequiresAction('conformityCertfictvelcList:search')
  @ApiOperation({ summary: 'Vehicles that passed, with their certificate number, date of issue and checks' })
  async certificates(@CurrentUser() user: AuthUser, @Query() query: CertificationQueryDto) {
    return okEnvelope(await this.certification.certificates(user, query));
  }

  @Get('certificates/export')
  @RequiresAction('conformityCertfictvelcList:export')
  async certificateExport(@CurrentUser() user: AuthUser, @Query() query: CertificationQueryDto, @Res() response: Response) {
    sendSheet(response, 'certificates.xlsx', await writeSheet('certificates', CERTIFICATE_SHEET_COLUMNS, (await this.certification.certificateRows(user, query)).map(certificateSheetRow)));
  }
}
