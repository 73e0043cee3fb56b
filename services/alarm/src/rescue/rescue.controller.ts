import { Body, Controller, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendSheet, sendStoredFile } from '@openfleet/service-kit';
import type { Response } from 'express';
import { EvidenceService } from '../evidence/evidence.service';
import { RescueExportService } from './rescue-export.service';
import { RescuePageQueryDto, RescueStatusDto } from './rescue.dto';
import { RescueService } from './rescue.service';
import { rescueRowOf } from './rescue-view';

const VIEW = ['collisionRescue:search', 'collisionRescue:modify'];
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', wav: 'audio/wav', mp4: 'video/mp4', txt: 'text/plain; charset=utf-8' };

@ApiTags('alarm')
@ApiBearerAuth()
@Controller('gps/rescue')
export class RescueController {
  constructor(
    private readonly rescue: RescueService,
    private readonly exporter: RescueExportService,
    private readonly evidence: EvidenceService,
  ) {}

  @Get('page')
  @RequiresAnyAction(...VIEW)
  @ApiOperation({ summary: 'Collision rescue cases of the caller scope by alarm start (at most 30 days): status, type, vehicle, plate keyword; newest first' })
  async page(@CurrentUser() user: AuthUser, @Query() query: RescuePageQueryDto) {
    const page = await this.rescue.page(user, query);
    return okEnvelope({ ...page, records: page.records.map(rescueRowOf) });
  }

  @Get('export')
  @RequiresAction('collisionRescue:export')
  @ApiOperation({ summary: 'The rescue list with the same filters as an Excel sheet (at most 20,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: RescuePageQueryDto, @Res() response: Response) {
    sendSheet(response, 'collision-rescue.xlsx', await this.exporter.export(user, query));
  }

  @Get('evidence/:fileId/file')
  @RequiresAnyAction(...VIEW)
  @ApiOperation({ summary: "The bytes of one complete evidence file of a case's alarm (inline; ?download=1 as an attachment)" })
  async file(@CurrentUser() user: AuthUser, @Param('fileId', ParseIntPipe) fileId: number, @Query('download') download: string | undefined, @Res() response: Response) {
    const { file, stream, size } = await this.evidence.open(user, fileId);
    // Only the evidence of alarms that opened a case: the rest is alarmHandle's.
    if (!(await this.rescue.hasCase(file.alarmId))) throw new AppError(ErrorCode.ALREADY_DELETED, { data: fileId });
    await sendStoredFile(response, { stream, size }, {
      contentType: CONTENT_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream',
      cacheControl: 'private, max-age=86400',
      fileName: file.name,
      disposition: download === '1' ? 'attachment' : 'inline',
      notFound: () => new AppError(ErrorCode.ALREADY_DELETED, { data: fileId }),
    });
  }

  @Get(':id')
  @RequiresAnyAction(...VIEW)
  @ApiOperation({ summary: "One case: the alarm's facts and place, the timeline, the alarm's evidence, and the nearest vehicles the caller may see (tracking's latest positions)" })
  async detail(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Headers('authorization') authorization: string) {
    return okEnvelope(await this.rescue.detail(user, id, authorization ?? ''));
  }

  @Post(':id/status')
  @HttpCode(200)
  @RequiresAction('collisionRescue:modify')
  @ApiOperation({ summary: 'Moves a case along the workflow (0 pending → 1 contacted → 2 rescuing → 3 done; 4 false alarm needs a remark); 409 for a move not allowed from the current status' })
  async changeStatus(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: RescueStatusDto) {
    return okEnvelope(rescueRowOf(await this.rescue.changeStatus(user, id, dto)));
  }
}
