import { Body, Controller, Delete, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { formatChinaTime, okEnvelope } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { CreateOpenApiKeyDto, OpenApiKeyQueryDto, UpdateOpenApiKeyDto } from './open-api-key.dto';
import { OpenApiKeyService } from './open-api-key.service';

const EXPORT_COLUMNS = [
  { key: 'companyName', header: '所属企业', width: 24 }, { key: 'name', header: '应用名称', width: 20 }, { key: 'appId', header: 'App ID', width: 22 },
  { key: 'apis', header: '授权接口', width: 24 }, { key: 'vehicles', header: '授权车辆数', width: 12 }, { key: 'ipAllowList', header: 'IP白名单', width: 28 },
  { key: 'ratePerSecond', header: '每秒上限', width: 10 }, { key: 'ratePerDay', header: '每日上限', width: 12 }, { key: 'expiresAt', header: '有效期至', width: 20 },
  { key: 'enabled', header: '状态', width: 8 }, { key: 'createdAt', header: '创建时间', width: 20 },
];

/**
 * App keys of the open API, managed from the company screen (its "开放接口" tab) with the company
 * screen's action codes; the secret is answered once, on add and on reset (docs/open-api.md).
 */
@ApiTags('open-api')
@ApiBearerAuth()
@Controller('openApi/keys')
export class OpenApiKeyController {
  constructor(private readonly keys: OpenApiKeyService) {}

  @Get()
  @RequiresAction('newCompany:search')
  @ApiOperation({ summary: "App keys of the caller's companies (never the secrets)" })
  async page(@Headers('authorization') authorization: string, @Query() query: OpenApiKeyQueryDto) {
    return okEnvelope(await this.keys.page(authorization, query));
  }

  @Get('export')
  @RequiresAction('newCompany:export')
  @ApiOperation({ summary: "App keys of the caller's companies as an Excel sheet" })
  async export(@Headers('authorization') authorization: string, @Res() response: Response) {
    const rows = (await this.keys.all(authorization)).map((key) => ({
      ...key, apis: key.apis.join(','), vehicles: key.vehicleIds.length || '全部', ipAllowList: key.ipAllowList.join(',') || '不限',
      expiresAt: key.expiresAt === null ? '长期' : formatChinaTime(key.expiresAt), enabled: key.enabled ? '启用' : '停用', createdAt: formatChinaTime(key.createdAt),
    }));
    sendSheet(response, 'open-api-keys.xlsx', await writeSheet('开放接口', EXPORT_COLUMNS, rows));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('newCompany:add')
  @ApiOperation({ summary: 'A new app key of a company: app id and secret (the secret is shown this once)' })
  async create(@CurrentUser() user: AuthUser, @Headers('authorization') authorization: string, @Body() dto: CreateOpenApiKeyDto) {
    return okEnvelope(await this.keys.create(user, authorization, dto));
  }

  @Put(':id')
  @RequiresAction('newCompany:modify')
  @ApiOperation({ summary: "A key's name, grants, vehicles, IP list, limits, expiry, enabled flag" })
  async update(@Headers('authorization') authorization: string, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateOpenApiKeyDto) {
    return okEnvelope(await this.keys.update(authorization, id, dto));
  }

  @Post(':id/secret')
  @HttpCode(200)
  @RequiresAction('newCompany:modify')
  @ApiOperation({ summary: 'A new secret for the key, shown this once; the old one stops working' })
  async resetSecret(@Headers('authorization') authorization: string, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.keys.resetSecret(authorization, id));
  }

  @Delete(':id')
  @RequiresAction('newCompany:delete')
  @ApiOperation({ summary: 'Deletes the key: its requests are refused at once (30177)' })
  async remove(@Headers('authorization') authorization: string, @Param('id', ParseIntPipe) id: number) {
    await this.keys.remove(authorization, id);
    return okEnvelope(null);
  }
}
