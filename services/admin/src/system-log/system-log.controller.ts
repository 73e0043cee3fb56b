import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { SystemLogQueryDto } from './dto/system-log.dto';
import { SystemLogService } from './system-log.service';

@ApiTags('system log')
@ApiBearerAuth()
@Controller('basic/system-log')
@UseGuards(AuthGuard)
export class SystemLogController {
  constructor(private readonly systemLog: SystemLogService) {}

  @Get()
  @RequiresAction('systemLog:search')
  @ApiOperation({ summary: 'System events, newest first: {records: [{id, level, event, message, detail, companyId, companyPath, source, createdAt}], total, current, size}' })
  async page(@CurrentUser() user: AuthUser, @Query() query: SystemLogQueryDto) {
    return okEnvelope(await this.systemLog.page(user, query));
  }
}
