import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, PermissionCache, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendSheet } from '@openfleet/service-kit';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Response } from 'express';
import { BatteryListQuery } from './battery.dto';
import { BATTERY_RESOURCES, type BatteryResource } from './battery-resources';
import { BatteryService } from './battery.service';

type Action = 'add' | 'modify' | 'delete' | 'search' | 'import' | 'export';
const RESOURCES = Object.keys(BATTERY_RESOURCES);

/**
 * Battery traceability lists (/energy/battery/<list>): each list is guarded by the action codes of
 * the screens that show it (`batteryProductionInfo:add` ...), checked here because one route
 * serves several screens.
 */
@ApiTags('battery')
@ApiBearerAuth()
@Controller('energy/battery')
export class BatteryController {
  constructor(
    private readonly battery: BatteryService,
    private readonly permissions: PermissionCache,
  ) {}

  @Get('trace/:packCode')
  @ApiOperation({ summary: 'A pack from production to now: the pack (state 1 produced ... 5 retired), its modules, its steps' })
  async trace(@CurrentUser() user: AuthUser, @Param('packCode') packCode: string) {
    const screens = [...new Set(Object.values(BATTERY_RESOURCES).flatMap((r) => r.screens))];
    if (!screens.some((screen) => this.permissions.allows(user, [`${screen}:search`]))) throw new AppError(ErrorCode.NO_PERMISSION);
    return okEnvelope(await this.battery.trace(user, packCode));
  }

  @Get(':resource')
  @ApiParam({ name: 'resource', enum: RESOURCES })
  @ApiOperation({ summary: 'A page of the list ({records, total}); keyword searches its codes' })
  async list(@CurrentUser() user: AuthUser, @Param('resource') name: string, @Query() query: BatteryListQuery) {
    return okEnvelope(await this.battery.list(user, this.allowed(user, name, 'search'), query));
  }

  @Post(':resource/import')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 5 * 1024 * 1024 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'xlsx (field "file"), <= 1000 rows; any bad row: nothing written, 5005 with [{row, reasons}]' })
  async import(@CurrentUser() user: AuthUser, @Param('resource') name: string, @UploadedFile() file?: { buffer: Buffer }) {
    const resource = this.allowed(user, name, 'import');
    if (!file) throw new AppError(ErrorCode.IMPORT_FILE_EMPTY);
    return okEnvelope(await this.battery.import(user, resource, file.buffer));
  }

  @Get(':resource/export')
  async export(@CurrentUser() user: AuthUser, @Param('resource') name: string, @Res() response: Response) {
    const body = await this.battery.export(user, this.allowed(user, name, 'export'));
    sendSheet(response, `battery-${name}.xlsx`, body);
  }

  @Post(':resource')
  @HttpCode(200)
  async create(@CurrentUser() user: AuthUser, @Param('resource') name: string, @Body() body: unknown) {
    const resource = this.allowed(user, name, 'add');
    return okEnvelope(await this.battery.create(user, resource, await this.validated(resource, body)));
  }

  @Put(':resource/:id')
  async update(@CurrentUser() user: AuthUser, @Param('resource') name: string, @Param('id', ParseIntPipe) id: number, @Body() body: unknown) {
    const resource = this.allowed(user, name, 'modify');
    return okEnvelope(await this.battery.update(user, resource, id, await this.validated(resource, body)));
  }

  @Delete(':resource/:id')
  async remove(@CurrentUser() user: AuthUser, @Param('resource') name: string, @Param('id', ParseIntPipe) id: number) {
    await this.battery.remove(user, this.allowed(user, name, 'delete'), id);
    return okEnvelope(null);
  }

  private allowed(user: AuthUser, name: string, action: Action): BatteryResource {
    const resource = BATTERY_RESOURCES[name];
    if (!resource) throw new AppError(ErrorCode.NOT_FOUND);
    if (resource.readOnly && action !== 'search' && action !== 'export') throw new AppError(ErrorCode.NO_PERMISSION);
    if (!resource.screens.some((screen) => this.permissions.allows(user, [`${screen}:${action}`]))) throw new AppError(ErrorCode.NO_PERMISSION);
    return resource;
  }

  /** The body as the list's DTO, unknown fields refused (the global pipe cannot know the DTO of a dynamic route). */
  private async validated(resource: BatteryResource, body: unknown): Promise<object> {
    const dto = plainToInstance(resource.dto, body ?? {});
    const problems = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (problems.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: problems.map((p) => Object.values(p.constraints ?? {}).join('; ') || p.property) });
    return dto;
  }
}
