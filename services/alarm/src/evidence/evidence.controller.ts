import { Controller, Get, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendStoredFile } from '@openfleet/service-kit';
import type { Response } from 'express';
import { AlarmService } from '../alarm/alarm.service';
import { EvidenceService } from './evidence.service';

const VIEW = ['alarmHandle:search', 'alarmHandle:modify', 'alarmMonitor'];
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', wav: 'audio/wav', mp4: 'video/mp4', txt: 'text/plain; charset=utf-8' };

@ApiTags('alarm')
@ApiBearerAuth()
@Controller('gps/alarm')
export class EvidenceController {
  constructor(
    private readonly alarms: AlarmService,
    private readonly evidence: EvidenceService,
  ) {}

  @Get(':id/evidence')
  @RequiresAnyAction(...VIEW)
  @ApiOperation({ summary: "An active-safety alarm's evidence files (T/JSATL 12 attachments) with how much of each has arrived; null when none was announced" })
  async list(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.evidence.list(user, await this.alarms.get(user, id)));
  }

  @Get('evidence/:fileId/file')
  @RequiresAnyAction(...VIEW)
  @ApiOperation({ summary: 'The bytes of one complete evidence file (inline; ?download=1 as an attachment)' })
  async file(@CurrentUser() user: AuthUser, @Param('fileId', ParseIntPipe) fileId: number, @Query('download') download: string | undefined, @Res() response: Response) {
    const { file, stream, size } = await this.evidence.open(user, fileId);
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    await sendStoredFile(response, { stream, size }, {
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      cacheControl: 'private, max-age=86400',
      fileName: file.name,
      disposition: download === '1' ? 'attachment' : 'inline',
      notFound: () => new AppError(ErrorCode.ALREADY_DELETED, { data: fileId }),
    });
  }
}
