import { Controller, Get, Param, ParseIntPipe, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import type { Response } from 'express';
import { MediaPageQueryDto } from './media.dto';
import { MediaService } from './media.service';

const CONTENT_TYPES = ['image/jpeg', 'image/tiff', 'audio/mpeg', 'audio/wav', 'video/x-ms-wmv'];
const VIEWERS = ['controlInstruction:search', 'controlInstruction:send', 'screenshot'];

@ApiTags('instruction')
@ApiBearerAuth()
@Controller('gps/sendOrder/media')
@UseGuards(AuthGuard)
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('page')
  @RequiresAnyAction(...VIEWERS)
  @ApiOperation({ summary: 'Photos, recordings and videos terminals uploaded (0x0801), newest first' })
  async page(@CurrentUser() user: AuthUser, @Query() query: MediaPageQueryDto) {
    return okEnvelope(await this.media.page(user, query));
  }

  @Get(':id/file')
  @RequiresAnyAction(...VIEWERS)
  @ApiOperation({ summary: 'The bytes of one media item (inline; ?download=1 as an attachment)' })
  async file(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Query('download') download: string | undefined, @Res() response: Response) {
    const { file, stream, size } = await this.media.open(user, id);
    response.setHeader('Content-Type', CONTENT_TYPES[file.format] ?? 'application/octet-stream');
    response.setHeader('Content-Length', String(size));
    response.setHeader('Cache-Control', 'private, max-age=86400');
    const name = file.path.split('/').pop() ?? `${file.mediaId}`;
    response.setHeader('Content-Disposition', `${download === '1' ? 'attachment' : 'inline'}; filename="${name}"`);
    stream.pipe(response);
  }
}
