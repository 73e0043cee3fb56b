import { Inject, Injectable, Logger } from '@nestjs/common';
import { MEDIA_TOKENS, type MediaTokens } from '../delivery/media-tokens';
import { StreamHub } from '../media/stream-hub';
import { StreamOwners, type OwnerTag, type RegistryRow } from './stream-owners';

/** Where the api asks which replica serves a stream, and a replica asks a holder; the api never forwards it from outside. */
export const STREAM_OWNER_PATH = '/video/internal/stream-owner/';

/** How long the replica a registry row names may take to say whether it still holds the key before it counts as gone. */
export const HOLDER_PROBE_MS = 2000;

/** The user a replica's own holder probe is signed for (a token's fields are dot-separated: never a host name). */
const PROBE_SIGNER = 'replica';

/**
 * Whether the replica a registry row names is still there (issue 31). A replica that dies leaves its
 * keys until their lease lapses; waiting for that would leave a live stream's viewers without video,
 * or a talk channel taken, for a whole lease. So before acting on a key another replica holds, a
 * replica asks the holder at its internal URL (`GET /video/internal/stream-owner/<key>/held`, signed
 * for the key with the replicas' shared VIDEO_URL_SECRET). A holder that cannot be reached within
 * HOLDER_PROBE_MS (refused, reset, timed out), or that answers it does not hold the key (it restarted
 * under the same id, or another replica answers at that address), is gone; any other answer (an error
 * status, an older replica without the route) counts as holding, so a live holder is never robbed.
 * Every takeover is conditional on the row being as it was read (same replica, same lease expiry).
 */
@Injectable()
export class HolderProbe {
  private readonly logger = new Logger('VideoStreamOwners');
  /** Keys held here besides the hub's open streams (talk-back sessions and channels). */
  private readonly others: ((key: string) => boolean)[] = [];

  constructor(
    private readonly owners: StreamOwners,
    private readonly hub: StreamHub,
    @Inject(MEDIA_TOKENS) private readonly tokens: MediaTokens,
  ) {}

  /** Registers a kind of key this replica holds besides its hub's streams (TalkService). */
  holdAlso(holds: (key: string) => boolean): void {
    this.others.push(holds);
  }

  /** Whether this replica holds `key`: an open stream of its hub, or a key a registered holder has. */
  heldHere(key: string): boolean {
    const stream = this.hub.get(key);
    if (stream && !stream.closed) return true;
    return this.others.some((holds) => holds(key));
  }

  /** Whether the replica `row` names still holds its key (this replica answers from itself; another is asked). */
  async stillHeld(row: RegistryRow): Promise<boolean> {
    if (row.replicaId === this.owners.replicaId) return this.heldHere(row.key);
    const { token } = this.tokens.issue(row.key, PROBE_SIGNER);
    let response: Response;
    try {
      response = await fetch(`${row.internalUrl}${STREAM_OWNER_PATH}${encodeURIComponent(row.key)}/held?token=${encodeURIComponent(token)}`, { signal: AbortSignal.timeout(HOLDER_PROBE_MS) });
    } catch (error) {
      this.logger.warn(`${row.key}: its replica ${row.replicaId} at ${row.internalUrl} cannot be reached (${(error as Error).message}): taken as gone`);
      return false;
    }
    const body = (await response.json().catch(() => undefined)) as { flag?: boolean; data?: { replicaId?: string; held?: boolean } } | undefined;
    if (!response.ok || !body?.flag || !body.data) return true;
    return body.data.replicaId === row.replicaId && body.data.held !== false;
  }

  /** The probe's answer at the holder: whether the key is held here, signed for that key like a stream-owner lookup. */
  answer(key: string, token: string | undefined): { replicaId: string; held: boolean } {
    this.tokens.verify(token, key);
    return { replicaId: this.owners.replicaId, held: this.heldHere(key) };
  }

  /**
   * A key another replica holds (its lease running) is taken for this replica when that replica is
   * gone; true when taken (or claimed: released meanwhile). False when its holder is alive, or another
   * replica moved first.
   */
  async takeOverIfGone(key: string, tag?: OwnerTag): Promise<boolean> {
    const row = await this.owners.rowOf(key);
    if (!row) return (await this.owners.claim(key, Date.now(), tag)).mine;
    if (row.replicaId === this.owners.replicaId || (await this.stillHeld(row))) return false;
    const taken = await this.owners.takeOver(row, Date.now(), tag);
    if (taken) this.logger.log(`${key} taken over from ${row.replicaId}, which is gone`);
    return taken;
  }
}
