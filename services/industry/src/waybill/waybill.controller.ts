import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { WaybillDto, WaybillQueryDto, WaybillUploadQueryDto } from './waybill.dto';
import { WAYBILL_SHEET_COLUMNS, UPLOAD_SHEET_COLUMNS, uploadSheetRow, waybillSheetRow } from './waybill-sheet';
import { WaybillImportService } from './waybill-import.service';
import { WaybillSenderService } from './waybill-sender.service';
import { WaybillUploadService } from './waybill-upload.service';
import { WaybillService } from './waybill.service';

@ApiTags('industry/waybill')
@ApiBearerAuth()
@Controller('industry/waybill')
export class WaybillController {
  constructor(
    private readonly waybills: WaybillService,
    private readonly uploads: WaybillUploadService,
    private readonly sender: WaybillSenderService,
    private readonly importer: WaybillImportService,
  ) {}

  @Get()
  @RequiresAction('waybill:search')
  @ApiOperation({ summary: "Dispatchers' waybills of the caller's scope: vehicles, company, driver, planned departure window, status, late; keyword (shipper, consignee, goods)" })
  async page(@CurrentUser() user: AuthUser, @Query() query: WaybillQueryDto) {
    return okEnvelope(await this.waybills.page(user, query));
  }

  @Get('export')
  @RequiresAction('waybill:export')
  @ApiOperation({ summary: 'The waybills with the same filters as an Excel sheet (at most 10,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: WaybillQueryDto, @Res() response: Response) {
    sendSheet(response, 'waybills.xlsx', await writeSheet('waybills', WAYBILL_SHEET_COLUMNS, (await this.waybills.exportRows(user, query)).map(waybillSheetRow)));
  }

  @Get('template')
  @RequiresAction('waybill:import')
  @ApiOperation({ summary: 'The import template (xlsx): plate, driver, shipper, consignee, goods, class, places, planned times in China time' })
  async template(@Res() response: Response) {
    sendSheet(response, 'waybill-template.xlsx', await this.importer.template());
  }

  @Post('import')
  @HttpCode(200)
  @RequiresAction('waybill:import')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 5 * 1024 * 1024, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'xlsx (field "file"), <= 1000 rows, vehicles by plate in the caller scope; any bad row: nothing written, 5005 with [{row, reasons}]' })
  async import(@CurrentUser() user: AuthUser, @UploadedFile() file?: { buffer: Buffer }) {
    if (!file) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
    return okEnvelope(await this.importer.import(user, file.buffer));
  }

  @Get('uploads')
  @RequiresAction('waybill:search')
  @ApiOperation({ summary: 'Electronic waybills terminals reported (0x0701): GBK text, key:value items, raw hex, the driver whose card was in' })
  async uploadPage(@CurrentUser() user: AuthUser, @Query() query: WaybillUploadQueryDto) {
    return okEnvelope(await this.uploads.page(user, query));
  }

  @Get('uploads/export')
  @RequiresAction('waybill:export')
  async uploadExport(@CurrentUser() user: AuthUser, @Query() query: WaybillUploadQueryDto, @Res() response: Response) {
    sendSheet(response, 'waybill-uploads.xlsx', await writeSheet('waybill-uploads', UPLOAD_SHEET_COLUMNS, (await this.uploads.exportRows(user, query)).map(uploadSheetRow)));
  }

  @Get(':id')
  @RequiresAction('waybill:search')
  async get(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(this.waybills.view(await this.waybills.get(user, id)));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('waybill:add')
  @ApiOperation({ summary: 'Create a waybill for a vehicle of the caller (8002 otherwise); 400 when the planned arrival is not after the departure' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: WaybillDto) {
    return okEnvelope({ id: (await this.waybills.create(user, dto)).id });
  }

  @Put(':id')
  @RequiresAction('waybill:modify')
  @ApiOperation({ summary: 'Change a waybill; another vehicle or place starts its tracking over' })
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: WaybillDto) {
    await this.waybills.update(user, id, dto);
    return okEnvelope(true);
  }

  @Delete(':id')
  @RequiresAction('waybill:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.waybills.remove(user, id);
    return okEnvelope(true);
  }

  @Post(':id/send')
  @HttpCode(200)
  @RequiresAction('waybill:send')
  @ApiOperation({ summary: "Send the waybill to its vehicle's terminal as a 0x8300 text (queued while offline); the result is the waybill's sendStatus" })
  async send(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.sender.send(user, id));
  }
}
