import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { SystemLogQueryDto } from './dto/system-log.dto';
import { SystemLogService } from './system-log.service';

@ApiTags('system log')
@ApiBearerAuth()
@Controller('basic/system-log')
export class SystemLogController {
  constructor(private readonly systemLog: SystemLogService) {}

  @Get()
  @RequiresAction('systemLog:search')
  @ApiOperation({ summary: 'System events, newest first: {records: [{id, level, event, message, detail, companyId, companyPath, source, createdAt}], total, current, size}' })
  async page(@CurrentUser() user: AuthUser, @Query() query: SystemLogQueryDto) {
    return okEnvelope(await this.systemLog.page(user, query));
  }

  @Get('export')
  @RequiresAction('systemLog:export')
  @ApiOperation({ summary: 'The system log with the same filters as an Excel sheet (newest first, at most 10,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: SystemLogQueryDto, @Res() response: Response) {
    sendSheet(response, 'system-log.xlsx', await this.systemLog.export(user, query));
  }
}
