import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res, UploadedFile, UseInterceptors, ValidationPipe, type Type } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope, RECORD_ATTACHMENT_LIMITS } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendSheet, sendStoredFile } from '@openfleet/service-kit';
import type { Response } from 'express';
import { RecordIdsDto, RecordListQueryDto } from './record.dto';
import { RecordAttachmentsService, type UploadedAttachment } from './record-attachments.service';
import { RecordExcelService } from './record-excel.service';
import { RECORD_KIND_SPECS, type RecordFields, type RecordKindSpec } from './record-kinds';
import { RecordsService } from './records.service';

// The DTO is the kind's, so the global pipe sees `Object` and skips it: validate explicitly.
const validate = (expectedType: Type<object>) => new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, expectedType });
/** Multer's own cap (413) sits above the attachment limit so that a file just over 2 MB answers 20005. */
const UPLOAD_HARD_CAP = 2 * RECORD_ATTACHMENT_LIMITS.maxBytes;

/**
 * The routes of one record kind under `/vehicleService/<kind>`, each behind the kind's screen's
 * action codes and the caller's vehicle scope. The subclass adds `@Controller(path)`.
 */
function RecordRoutes(spec: RecordKindSpec) {
  const code = (action: string) => `${spec.screen}:${action}`;

  @ApiBearerAuth()
  abstract class RecordRoutesBase {
    // Public: TypeScript cannot declare protected members on an exported class expression.
    constructor(
      readonly records: RecordsService,
      readonly excel: RecordExcelService,
      readonly attachments: RecordAttachmentsService,
    ) {}

    @Get()
    @RequiresAction(code('search'))
    @ApiOperation({ summary: `Paged ${spec.kind} records: keyword (plate), vehicleId, companyId, fleetId, startTime/endTime on ${spec.mainDate.column}, status` })
    async page(@CurrentUser() user: AuthUser, @Query(validate(RecordListQueryDto)) query: RecordListQueryDto) {
      return okEnvelope(await this.records.page(user, spec, query));
    }

    @Get('template')
    @RequiresAction(code('import'))
    async template(@Res() response: Response) {
      sendSheet(response, `${spec.kind}-template.xlsx`, await this.excel.template(spec));
    }

    @Get('export')
    @RequiresAction(code('export'))
    @ApiOperation({ summary: 'xlsx of the records the list filters select (its columns are the import template)' })
    async export(@CurrentUser() user: AuthUser, @Query(validate(RecordListQueryDto)) query: RecordListQueryDto, @Res() response: Response) {
      sendSheet(response, `${spec.kind}.xlsx`, await this.excel.export(user, spec, query));
    }

    @Post('import')
    @HttpCode(200)
    @RequiresAction(code('import'))
    @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 5 * 1024 * 1024, files: 1 } }))
    @ApiConsumes('multipart/form-data')
    @ApiOperation({ summary: 'xlsx (field "file"), <= 1000 rows, vehicles by plate in the caller scope; any bad row: nothing written, 5005 with [{row, reasons}]' })
    async import(@CurrentUser() user: AuthUser, @UploadedFile() file?: { buffer: Buffer }) {
      if (!file) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
      return okEnvelope(await this.excel.import(user, spec, file.buffer));
    }

    @Post('delete')
    @HttpCode(200)
    @RequiresAction(code('delete'))
    @ApiOperation({ summary: 'Deletes records and their attachments; one id unknown or out of scope: 1001 with those ids, nothing deleted' })
    async removeMany(@CurrentUser() user: AuthUser, @Body(validate(RecordIdsDto)) dto: RecordIdsDto) {
      await this.records.remove(user, spec, dto.ids);
      await this.attachments.removeOf(spec, dto.ids);
      return okEnvelope(true);
    }

    @Get(':id')
    @RequiresAction(code('search'))
    async one(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
      return okEnvelope(await this.records.one(user, spec, id));
    }

    @Post()
    @HttpCode(200)
    @RequiresAction(code('add'))
    @ApiBody({ type: spec.dto })
    @ApiOperation({ summary: `Adds a ${spec.kind} record: 8002 vehicle out of scope, 1002 duplicate, 1003-1005 dates or mileage out of order` })
    async create(@CurrentUser() user: AuthUser, @Body(validate(spec.dto)) dto: object) {
      return okEnvelope(await this.records.create(user, spec, dto as RecordFields));
    }

    @Put(':id')
    @RequiresAction(code('modify'))
    @ApiBody({ type: spec.dto })
    async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body(validate(spec.dto)) dto: object) {
      await this.records.update(user, spec, id, dto as RecordFields);
      return okEnvelope(true);
    }

    @Delete(':id')
    @RequiresAction(code('delete'))
    async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
      await this.records.remove(user, spec, [id]);
      await this.attachments.removeOf(spec, [id]);
      return okEnvelope(true);
    }

    @Get(':id/attachments')
    @RequiresAction(code('search'))
    async attachmentList(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
      return okEnvelope(await this.attachments.list(user, spec, id));
    }

    @Post(':id/attachments')
    @HttpCode(200)
    @RequiresAnyAction(code('add'), code('modify'))
    @UseInterceptors(FileInterceptor('file', { limits: { fileSize: UPLOAD_HARD_CAP, files: 1 } }))
    @ApiConsumes('multipart/form-data')
    @ApiOperation({ summary: 'A jpg, png or pdf (field "file", <= 2 MB, <= 10 per record): 20004 type (bytes and extension must agree), 20005 size, 1007 too many' })
    async upload(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @UploadedFile() file?: UploadedAttachment) {
      if (!file) throw new AppError(ErrorCode.UPLOAD_FAILED, { data: 'no file' });
      return okEnvelope(await this.attachments.upload(user, spec, id, file));
    }

    @Get(':id/attachments/:attachmentId')
    @RequiresAction(code('search'))
    @ApiOperation({ summary: 'The bytes (inline; ?download=1 as a file); 1006 when the attachment or its file is gone' })
    async attachmentFile(
      @CurrentUser() user: AuthUser,
      @Param('id', ParseIntPipe) id: number,
      @Param('attachmentId', ParseIntPipe) attachmentId: number,
      @Query('download') download: string | undefined,
      @Res() response: Response,
    ) {
      const { row, file } = await this.attachments.open(user, spec, id, attachmentId);
      await sendStoredFile(response, file, {
        contentType: row.contentType,
        fileName: row.fileName,
        disposition: download === '1' ? 'attachment' : 'inline',
        cacheControl: 'private, max-age=3600',
        notFound: () => new AppError(ErrorCode.RECORD_ATTACHMENT_NOT_FOUND, { data: attachmentId }),
      });
    }

    @Delete(':id/attachments/:attachmentId')
    @RequiresAction(code('modify'))
    async attachmentRemove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Param('attachmentId', ParseIntPipe) attachmentId: number) {
      await this.attachments.remove(user, spec, id, attachmentId);
      return okEnvelope(true);
    }
  }
  return RecordRoutesBase;
}

@ApiTags('vehicle-service records')
@Controller('vehicleService/insurance')
export class InsuranceController extends RecordRoutes(RECORD_KIND_SPECS.insurance) {}

@ApiTags('vehicle-service records')
@Controller('vehicleService/maintenance')
export class MaintenanceController extends RecordRoutes(RECORD_KIND_SPECS.maintenance) {}

@ApiTags('vehicle-service records')
@Controller('vehicleService/inspection')
export class InspectionController extends RecordRoutes(RECORD_KIND_SPECS.inspection) {}

@ApiTags('vehicle-service records')
@Controller('vehicleService/violation')
export class ViolationController extends RecordRoutes(RECORD_KIND_SPECS.violation) {}

@ApiTags('vehicle-service records')
@Controller('vehicleService/accident')
export class AccidentController extends RecordRoutes(RECORD_KIND_SPECS.accident) {}

export const RECORD_CONTROLLERS = [InsuranceController, MaintenanceController, InspectionController, ViolationController, AccidentController];
