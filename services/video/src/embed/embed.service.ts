import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { StreamType, type EmbedChannelsView, type EmbedTokenView, type MediaStreamView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { LiveService } from '../live/live.service';
import { VideoDirectory } from '../registry/video-directory';
import { EMBED_TOKENS, EMBED_TTL_DEFAULT_S, type EmbedGrant, type EmbedTokens } from './embed-tokens';

/** Where the embeddable player page answers. */
export const EMBED_PAGE_PATH = '/videoJsH5';

/**
 * Embedding live video in third-party pages: a user who may watch a vehicle (videoPlay, vehicle in
 * scope) issues a token for it; the page then opens channels with the token alone. Streams opened
 * with a token are opened in the issuer's name, with a scope of the token's vehicle only, so the
 * token can never reach another vehicle whatever the issuer's own scope.
 */
@Injectable()
export class EmbedService {
  constructor(
    @Inject(EMBED_TOKENS) private readonly tokens: EmbedTokens,
    private readonly directory: VideoDirectory,
    private readonly live: LiveService,
  ) {}

  issue(user: AuthUser, vehicleId: string, channels: number[] = [], ttlS = EMBED_TTL_DEFAULT_S): EmbedTokenView {
    const target = this.directory.target(user, vehicleId);
    const beyond = channels.find((channel) => channel > target.videoChannels);
    if (beyond !== undefined) throw new AppError(ErrorCode.VIDEO_CHANNEL_INVALID, { data: { channel: beyond, channels: target.videoChannels } });
    const { token, expiresAt } = this.tokens.issue({ vehicleId, channels, issuedBy: user.id }, ttlS);
    const sorted = [...new Set(channels)].sort((a, b) => a - b);
    return { token, vehicleId, channels: sorted, expiresAt, pageUrl: `${EMBED_PAGE_PATH}?vehicleId=${encodeURIComponent(vehicleId)}&channel=${sorted[0] ?? 1}&token=${encodeURIComponent(token)}` };
  }

  channels(token: string | undefined, vehicleId: string): EmbedChannelsView {
    const grant = this.tokens.verify(token, vehicleId);
    const user = embedUser(grant, this.companyOf(grant));
    const view = this.live.channels(user, vehicleId);
    const channels = grant.channels.length ? view.channels.filter((channel) => grant.channels.includes(channel)) : view.channels;
    return { vehicleId, plateCode: view.plateCode, online: view.online, channels, expiresAt: grant.expiresAt };
  }

  open(token: string | undefined, vehicleId: string, channel: number, streamType: number = StreamType.SUB): Promise<MediaStreamView> {
    const grant = this.tokens.verify(token, vehicleId, channel);
    return this.live.open(embedUser(grant, this.companyOf(grant)), { vehicleId, channel, streamType });
  }

  /** The token's vehicle as the registry knows it now (a deleted vehicle: 8002, as for anyone). */
  private companyOf(grant: EmbedGrant): string {
    const vehicle = this.directory.vehicles.byVehicleId(grant.vehicleId);
    if (!vehicle) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: grant.vehicleId });
    return String(vehicle.companyId);
  }
}

/**
 * The issuer, narrowed to the token's vehicle: a scope of its company only would still reach the
 * company's other vehicles, so every call checks the vehicle against the token first (verify).
 */
function embedUser(grant: EmbedGrant, company: string): AuthUser {
  return { id: grant.issuedBy, companyId: company, userType: 0, roleIds: [], superAdmin: false, scope: { companies: [company], fleets: [] } };
}
