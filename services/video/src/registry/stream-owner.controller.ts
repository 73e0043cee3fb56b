import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { MEDIA_TOKENS, type MediaTokens } from '../delivery/media-tokens';
import { HolderProbe } from './holder-probe';
import { StreamOwners } from './stream-owners';

/**
 * The api's routing lookup (cluster mode): the replica serving a stream key and its internal URL,
 * or null when none does. Any replica answers from the registry. The caller shows the signed media
 * token of that stream, the one a viewer's WebSocket or HLS request carries: without it nobody
 * learns where a stream is served. `<key>/held` is another replica asking this one whether it
 * still holds a key before it treats the key as a dead holder's (`HolderProbe`): this replica's id
 * and a boolean, signed for the key the same way.
 */
@ApiExcludeController()
@Public() // the signed stream token is checked below instead of a bearer token
@Controller('video/internal/stream-owner')
export class StreamOwnerController {
  constructor(
    private readonly owners: StreamOwners,
    @Inject(MEDIA_TOKENS) private readonly tokens: MediaTokens,
    private readonly probe: HolderProbe,
  ) {}

  @Get(':key')
  async owner(@Param('key') key: string, @Query('token') token: string | undefined) {
    this.tokens.verify(token, key);
    const owner = await this.owners.ownerOf(key);
    return okEnvelope(owner ? { replicaId: owner.replicaId, internalUrl: owner.internalUrl } : null);
  }

  @Get(':key/held')
  held(@Param('key') key: string, @Query('token') token: string | undefined) {
    return okEnvelope(this.probe.answer(key, token));
  }
}
