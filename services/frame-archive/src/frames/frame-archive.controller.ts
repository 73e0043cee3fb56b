import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { sendSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { FrameQueryDto } from './frame-archive.dto';
import { FrameExportService } from './frame-export.service';
import { FrameQueryService } from './frame-query.service';

@ApiTags('frame-archive')
@ApiBearerAuth()
@Controller('frameArchive')
export class FrameArchiveController {
  constructor(
    private readonly query: FrameQueryService,
    private readonly exporter: FrameExportService,
  ) {}

  @Get('frames')
  @RequiresAction('originalMessageQuery:search')
  @ApiOperation({ summary: "One terminal's frames in a window of at most 3 days, oldest first, each with its hex and its decoding; bad frames carry why" })
  async frames(@CurrentUser() user: AuthUser, @Query() query: FrameQueryDto) {
    return okEnvelope(await this.query.list(user, query));
  }

  @Get('frames/export')
  @RequiresAction('originalMessageQuery:export')
  @ApiOperation({ summary: 'The same frames as an Excel sheet (at most 20,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: FrameQueryDto, @Res() response: Response) {
    sendSheet(response, 'original-messages.xlsx', await this.exporter.frames(user, query));
  }
}
