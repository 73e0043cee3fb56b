import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { OPERATION_SCREENS, okEnvelope, type OperationResource } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { localeOfRequest, sendSheet, writeLocalizedSheet } from '@openfleet/service-kit';
import type { Request, Response } from 'express';
import { OperatingRelationDto, OperationIdsDto, OperationListQueryDto, ServiceRenewalDto, ServiceTermDto, SpecialBusinessDto, SpecialBusinessReviewDto } from './operation.dto';
import { MAX_EXPORT_ROWS, OPERATION_SHEETS } from './operation-export';
import { OperationImportService } from './operation-import';
import { OperatingRelationService } from './operating-relation.service';
import { ServiceTermService } from './service-term.service';
import { SpecialBusinessService } from './special-business.service';

const relation = (action: string) => `${OPERATION_SCREENS.operatingRelation}:${action}`;
const term = (action: string) => `${OPERATION_SCREENS.serviceTerm}:${action}`;
const business = (action: string) => `${OPERATION_SCREENS.specialBusiness}:${action}`;
const everything = (query: OperationListQueryDto) => Object.assign(query, { current: 1, size: MAX_EXPORT_ROWS });

/** An uploaded import: at most 5 MB (413 beyond, multer stops reading), one file. */
type Upload = { buffer: Buffer } | undefined;
const ImportUpload = (screen: string) =>
  applyDecorators(
    Post('import'),
    HttpCode(200),
    RequiresAction(`${screen}:import`),
    UseInterceptors(FileInterceptor('file', { limits: { fileSize: 5 * 1024 * 1024, files: 1 } })),
    ApiConsumes('multipart/form-data'),
    ApiOperation({ summary: 'xlsx (field "file"), <= 1000 rows, vehicles by plate in the caller scope; each good row saved, the others answered as failed [{row, reasons}] in the Accept-Language' }),
  );

/** The export of `records` in the requester's language. */
async function sendExport(resource: OperationResource, request: Request, response: Response, records: object[]): Promise<void> {
  const sheet = OPERATION_SHEETS[resource];
  sendSheet(response, `${sheet.fileName}.xlsx`, await writeLocalizedSheet(sheet.name, sheet.columns, localeOfRequest(request), records as Record<string, unknown>[]));
}

async function sendTemplate(imports: OperationImportService, resource: OperationResource, request: Request, response: Response): Promise<void> {
  sendSheet(response, `${OPERATION_SHEETS[resource].fileName}-template.xlsx`, await imports.template(resource, localeOfRequest(request)));
}

async function runImport(imports: OperationImportService, resource: OperationResource, user: AuthUser, request: Request, file: Upload) {
  if (!file) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
  return okEnvelope(await imports.import(user, resource, file.buffer, localeOfRequest(request)));
}

@ApiTags('vehicle-service operation')
@ApiBearerAuth()
@Controller('vehicleService/operatingRelation')
export class OperatingRelationController {
  constructor(
    private readonly relations: OperatingRelationService,
    private readonly imports: OperationImportService,
  ) {}

  @Get()
  @RequiresAction(relation('search'))
  @ApiOperation({ summary: 'Operating relations (直营/挂靠/租赁): keyword (plate), vehicleId, companyId, fleetId, type 1-3, state (contract end)' })
  async page(@CurrentUser() user: AuthUser, @Query() query: OperationListQueryDto) {
    return okEnvelope(await this.relations.page(user, query));
  }

  @Get('export')
  @RequiresAction(relation('export'))
  async export(@CurrentUser() user: AuthUser, @Query() query: OperationListQueryDto, @Req() request: Request, @Res() response: Response) {
    await sendExport('operatingRelation', request, response, (await this.relations.page(user, everything(query))).records);
  }

  @Get('template')
  @RequiresAction(relation('import'))
  async template(@Req() request: Request, @Res() response: Response) {
    await sendTemplate(this.imports, 'operatingRelation', request, response);
  }

  @ImportUpload(OPERATION_SCREENS.operatingRelation)
  async import(@CurrentUser() user: AuthUser, @Req() request: Request, @UploadedFile() file?: Upload) {
    return runImport(this.imports, 'operatingRelation', user, request, file);
  }

  @Post('delete')
  @HttpCode(200)
  @RequiresAction(relation('delete'))
  async removeMany(@CurrentUser() user: AuthUser, @Body() dto: OperationIdsDto) {
    await this.relations.remove(user, dto.ids);
    return okEnvelope(true);
  }

  @Get(':id')
  @RequiresAction(relation('search'))
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.relations.one(user, id));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction(relation('add'))
  @ApiOperation({ summary: 'One per vehicle: 8002 vehicle out of scope, 1002 the vehicle has one, 1040 contract end before start' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: OperatingRelationDto) {
    return okEnvelope(await this.relations.create(user, dto));
  }

  @Put(':id')
  @RequiresAction(relation('modify'))
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: OperatingRelationDto) {
    await this.relations.update(user, id, dto);
    return okEnvelope(true);
  }

  @Delete(':id')
  @RequiresAction(relation('delete'))
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.relations.remove(user, [id]);
    return okEnvelope(true);
  }
}

@ApiTags('vehicle-service operation')
@ApiBearerAuth()
@Controller('vehicleService/serviceTerm')
export class ServiceTermController {
  constructor(
    private readonly terms: ServiceTermService,
    private readonly imports: OperationImportService,
  ) {}

  @Get()
  @RequiresAction(term('search'))
  @ApiOperation({ summary: 'Service terms: keyword (plate), vehicleId, companyId, fleetId, state (expiring = ends within 30 days), paid 0|1' })
  async page(@CurrentUser() user: AuthUser, @Query() query: OperationListQueryDto) {
    return okEnvelope(await this.terms.page(user, query));
  }

  @Get('counts')
  @RequiresAction(term('search'))
  @ApiOperation({ summary: 'Counts in the caller scope: total, expiring (within 30 days), expired, unpaid' })
  async counts(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.terms.counts(user));
  }

  @Get('export')
  @RequiresAction(term('export'))
  async export(@CurrentUser() user: AuthUser, @Query() query: OperationListQueryDto, @Req() request: Request, @Res() response: Response) {
    await sendExport('serviceTerm', request, response, (await this.terms.page(user, everything(query))).records);
  }

  @Get('template')
  @RequiresAction(term('import'))
  async template(@Req() request: Request, @Res() response: Response) {
    await sendTemplate(this.imports, 'serviceTerm', request, response);
  }

  @ImportUpload(OPERATION_SCREENS.serviceTerm)
  async import(@CurrentUser() user: AuthUser, @Req() request: Request, @UploadedFile() file?: Upload) {
    return runImport(this.imports, 'serviceTerm', user, request, file);
  }

  @Post('delete')
  @HttpCode(200)
  @RequiresAction(term('delete'))
  async removeMany(@CurrentUser() user: AuthUser, @Body() dto: OperationIdsDto) {
    await this.terms.remove(user, dto.ids);
    return okEnvelope(true);
  }

  @Get(':id')
  @RequiresAction(term('search'))
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.terms.one(user, id));
  }

  @Get(':id/renewals')
  @RequiresAction(term('search'))
  @ApiOperation({ summary: 'The renewals of a term, newest first' })
  async renewals(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.terms.renewals(user, id));
  }

  @Post(':id/renew')
  @HttpCode(200)
  @RequiresAnyAction(term('modify'), term('add'))
  @ApiOperation({ summary: 'Extends the term to newEnd (after the current end, 1040 otherwise) and keeps the renewal' })
  async renew(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: ServiceRenewalDto) {
    return okEnvelope(await this.terms.renew(user, id, dto));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction(term('add'))
  @ApiOperation({ summary: 'One per vehicle: 8002 vehicle out of scope, 1002 the vehicle has one, 1040 end before start' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: ServiceTermDto) {
    return okEnvelope(await this.terms.create(user, dto));
  }

  @Put(':id')
  @RequiresAction(term('modify'))
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: ServiceTermDto) {
    await this.terms.update(user, id, dto);
    return okEnvelope(true);
  }

  @Delete(':id')
  @RequiresAction(term('delete'))
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.terms.remove(user, [id]);
    return okEnvelope(true);
  }
}

@ApiTags('vehicle-service operation')
@ApiBearerAuth()
@Controller('vehicleService/specialBusiness')
export class SpecialBusinessController {
  constructor(
    private readonly cases: SpecialBusinessService,
    private readonly imports: OperationImportService,
  ) {}

  @Get()
  @RequiresAction(business('search'))
  @ApiOperation({ summary: 'Special business cases: keyword (plate), vehicleId (its history), companyId, fleetId, type 1-5, status 0|1|2' })
  async page(@CurrentUser() user: AuthUser, @Query() query: OperationListQueryDto) {
    return okEnvelope(await this.cases.page(user, query));
  }

  @Get('export')
  @RequiresAction(business('export'))
  async export(@CurrentUser() user: AuthUser, @Query() query: OperationListQueryDto, @Req() request: Request, @Res() response: Response) {
    await sendExport('specialBusiness', request, response, (await this.cases.page(user, everything(query))).records);
  }

  @Get('template')
  @RequiresAction(business('import'))
  async template(@Req() request: Request, @Res() response: Response) {
    await sendTemplate(this.imports, 'specialBusiness', request, response);
  }

  @ImportUpload(OPERATION_SCREENS.specialBusiness)
  async import(@CurrentUser() user: AuthUser, @Req() request: Request, @UploadedFile() file?: Upload) {
    return runImport(this.imports, 'specialBusiness', user, request, file);
  }

  @Get('useState/:vehicleId')
  @RequiresAction(business('search'))
  @ApiOperation({ summary: "The vehicle's use state as approved cases leave it: 1 in operation, 2 suspended, 3 deregistered, 4 transferred out" })
  async useState(@CurrentUser() user: AuthUser, @Param('vehicleId') vehicleId: string) {
    return okEnvelope(await this.cases.useState(user, vehicleId));
  }

  @Post('delete')
  @HttpCode(200)
  @RequiresAction(business('delete'))
  async removeMany(@CurrentUser() user: AuthUser, @Body() dto: OperationIdsDto) {
    await this.cases.remove(user, dto.ids);
    return okEnvelope(true);
  }

  @Get(':id')
  @RequiresAction(business('search'))
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.cases.one(user, id));
  }

  @Post(':id/review')
  @HttpCode(200)
  @RequiresAction(business('modify'))
  @ApiOperation({ summary: '审核: approved true (the use state follows) or false; 1041 already reviewed, 1042 the use state no longer allows it' })
  async review(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: SpecialBusinessReviewDto) {
    return okEnvelope(await this.cases.review(user, id, dto));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction(business('add'))
  @ApiOperation({ summary: 'Applies (申请): 8002 vehicle out of scope, 1040 dates out of order, 1042 the use state does not allow it' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: SpecialBusinessDto) {
    return okEnvelope(await this.cases.create(user, dto));
  }

  @Put(':id')
  @RequiresAction(business('modify'))
  @ApiOperation({ summary: 'Only a pending case (1041 otherwise)' })
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: SpecialBusinessDto) {
    await this.cases.update(user, id, dto);
    return okEnvelope(true);
  }

  @Delete(':id')
  @RequiresAction(business('delete'))
  @ApiOperation({ summary: 'A pending or rejected case (an approved one explains the use state: 1041)' })
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.cases.remove(user, [id]);
    return okEnvelope(true);
  }
}

export const OPERATION_CONTROLLERS = [OperatingRelationController, ServiceTermController, SpecialBusinessController];
