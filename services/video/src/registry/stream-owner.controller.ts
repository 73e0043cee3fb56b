import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { MEDIA_TOKENS, type MediaTokens } from '../delivery/media-tokens';
import { StreamOwners } from './stream-owners';

/** Where the api asks which replica serves a stream; the api never forwards this path from outside. */
export const STREAM_OWNER_PATH = '/video/internal/stream-owner/';

/**
 * The api's routing lookup (cluster mode): the replica serving a stream key and its internal URL,
 * or null when none does. Any replica answers from the registry. The caller shows the signed media
 * token of that stream, the one a viewer's WebSocket or HLS request carries: without it nobody
 * learns where a stream is served.
 */
@ApiExcludeController()
@Public() // the signed stream token is checked below instead of a bearer token
@Controller('video/internal/stream-owner')
export class StreamOwnerController {
  constructor(
    private readonly owners: StreamOwners,
    @Inject(MEDIA_TOKENS) private readonly tokens: MediaTokens,
  ) {}

  @Get(':key')
  async owner(@Param('key') key: string, @Query('token') token: string | undefined) {
    this.tokens.verify(token, key);
    const owner = await this.owners.ownerOf(key);
    return okEnvelope(owner ? { replicaId: owner.replicaId, internalUrl: owner.internalUrl } : null);
  }
}
