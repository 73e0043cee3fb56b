import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Response } from 'express';
import { StreamHub } from '../media/stream-hub';
import { MEDIA_TOKENS, type MediaTokens } from './media-tokens';

/**
 * HLS (fMP4, RFC 8216 version 7) of a stream for devices without Media Source Extensions. A video
 * element cannot send a bearer token, so every request carries the signed token the open API issued
 * for that stream; it is the only credential these paths accept.
 */
@ApiExcludeController()
@Public() // the signed stream token in the query is checked below instead of a bearer token
@Controller('video/hls')
export class HlsController {
  constructor(
    private readonly hub: StreamHub,
    @Inject(MEDIA_TOKENS) private readonly tokens: MediaTokens,
  ) {}

  @Get(':key/index.m3u8')
  playlist(@Param('key') key: string, @Query('token') token: string | undefined, @Res() response: Response) {
    const stream = this.stream(key, token);
    response.setHeader('Content-Type', 'application/vnd.apple.mpegurl');
    response.setHeader('Cache-Control', 'no-cache');
    response.send(stream.hls.playlist(`token=${encodeURIComponent(token!)}`));
  }

  @Get(':key/init.mp4')
  init(@Param('key') key: string, @Query('token') token: string | undefined, @Res() response: Response) {
    const init = this.stream(key, token).initSegment;
    if (!init) throw new AppError(ErrorCode.VIDEO_STREAM_NOT_FOUND, { data: key });
    response.setHeader('Content-Type', 'video/mp4');
    response.send(init.data);
  }

  @Get(':key/:sequence.m4s')
  segment(@Param('key') key: string, @Param('sequence') sequence: string, @Query('token') token: string | undefined, @Res() response: Response) {
    const segment = this.stream(key, token).hls.segment(Number(sequence));
    if (!segment) throw new AppError(ErrorCode.VIDEO_STREAM_NOT_FOUND, { data: key });
    response.setHeader('Content-Type', 'video/iso.segment');
    response.setHeader('Cache-Control', 'max-age=60');
    response.send(segment.data);
  }

  private stream(key: string, token: string | undefined) {
    this.tokens.verify(token, key);
    const stream = this.hub.get(key);
    if (!stream) throw new AppError(ErrorCode.VIDEO_STREAM_NOT_FOUND, { data: key });
    // A player polling the playlist counts as watching: the stream does not idle out under it.
    stream.idleSince = stream.viewerCount ? undefined : Date.now();
    stream.hlsWanted = true;
    return stream;
  }
}
