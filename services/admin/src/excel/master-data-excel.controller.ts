import { Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, PermissionCache, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { MasterDataExcelService, type MasterSheet } from './master-data-excel.service';

/** URL segment -> sheet and the screen whose import/export codes guard it. */
const SHEETS: Record<string, { sheet: MasterSheet; screen: string }> = {
  terminal: { sheet: 'terminal', screen: 'terminalM' },
  'sim-card': { sheet: 'simCard', screen: 'simCare' },
  driver: { sheet: 'driver', screen: 'driverManage' },
};

@ApiTags('excel')
@ApiBearerAuth()
@Controller('basic')
@UseInterceptors(OperationLogInterceptor)
export class MasterDataExcelController {
  constructor(
    private readonly excel: MasterDataExcelService,
    private readonly permissions: PermissionCache,
  ) {}

  @Post(':resource/import')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 5 * 1024 * 1024 } }))
  @ApiConsumes('multipart/form-data')
  @ApiParam({ name: 'resource', enum: Object.keys(SHEETS) })
  @ApiOperation({ summary: 'xlsx (field "file"), <= 1000 rows, into the caller company; any bad row: nothing written, 5005 with [{row, reasons}]' })
  async import(@CurrentUser() user: AuthUser, @Param('resource') resource: string, @UploadedFile() file?: { buffer: Buffer }) {
    const { sheet } = this.allowed(user, resource, 'import');
    if (!file) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
    return okEnvelope(await this.excel.import(user, sheet, file.buffer));
  }

  @Get(':resource/export')
  @ApiParam({ name: 'resource', enum: Object.keys(SHEETS) })
  async export(@CurrentUser() user: AuthUser, @Param('resource') resource: string, @Res() response: Response) {
    const { sheet } = this.allowed(user, resource, 'export');
    const body = await this.excel.export(user, sheet);
    sendSheet(response, `${resource}.xlsx`, body);
  }

  private allowed(user: AuthUser, resource: string, action: 'import' | 'export') {
    const target = SHEETS[resource];
    if (!target) throw new AppError(ErrorCode.NOT_FOUND);
    if (!this.permissions.allows(user, [`${target.screen}:${action}`])) throw new AppError(ErrorCode.NO_PERMISSION);
    return target;
  }
}
