import { Controller, Get, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { sendStoredFile } from '@openfleet/service-kit';
import type { Response } from 'express';
import { MediaPageQueryDto } from './media.dto';
import { MediaService } from './media.service';

const CONTENT_TYPES = ['image/jpeg', 'image/tiff', 'audio/mpeg', 'audio/wav', 'video/x-ms-wmv'];
const VIEWERS = ['controlInstruction:search', 'controlInstruction:send', 'screenshot'];

@ApiTags('instruction')
@ApiBearerAuth()
@Controller('gps/sendOrder/media')
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
    await sendStoredFile(response, { stream, size }, {
      contentType: CONTENT_TYPES[file.format] ?? 'application/octet-stream',
      cacheControl: 'private, max-age=86400',
      fileName: file.path.split('/').pop() || `${file.mediaId}`,
      disposition: download === '1' ? 'attachment' : 'inline',
      notFound: () => new AppError(ErrorCode.INSTRUCTION_NOT_FOUND, { data: id }),
    });
  }
}
