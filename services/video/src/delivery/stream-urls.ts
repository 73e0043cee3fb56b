import { Inject, Injectable } from '@nestjs/common';
import type { MediaStreamView } from '@openfleet/contracts';
import type { MediaStream } from '../media/media-stream';
import { MEDIA_SOCKET_PATH } from './media-socket.server';
import { MEDIA_TOKENS, type MediaTokens } from './media-tokens';

/** The console's handle on a stream: same-origin media paths carrying a signed token for this user. */
@Injectable()
export class StreamUrls {
  constructor(@Inject(MEDIA_TOKENS) private readonly tokens: MediaTokens) {}

  /** A stream served here, or one another replica serves (the api routes these paths to it by key). */
  view(stream: { key: string; owner: Pick<MediaStream['owner'], 'vehicleId' | 'plateCode' | 'channel' | 'kind'> }, userId: string): MediaStreamView {
    const { token, expiresAt } = this.tokens.issue(stream.key, userId);
    const key = encodeURIComponent(stream.key);
    const query = `token=${encodeURIComponent(token)}`;
    return {
      streamKey: stream.key,
      vehicleId: stream.owner.vehicleId,
      plateCode: stream.owner.plateCode,
      channel: stream.owner.channel,
      kind: stream.owner.kind,
      wsUrl: `${MEDIA_SOCKET_PATH}${key}?${query}`,
      hlsUrl: `/video/hls/${key}/index.m3u8?${query}`,
      expiresAt,
    };
  }
}
