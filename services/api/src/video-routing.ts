import type { IncomingMessage } from 'node:http';

/** The path the video replicas answer the routing lookup on (services/video/src/registry/stream-owner.controller.ts); never forwarded from outside. */
export const VIDEO_OWNER_LOOKUP_PATH = '/video/internal/stream-owner/';

/** Media paths that must reach the replica serving their stream: `/video/ws/<key>?token=`, `/video/hls/<key>/...?token=`. */
const STREAM_PATH = /^\/video\/(?:ws|hls)\/([^/?]+)/;
/** The talker's socket, `/video/talk/ws/<talkId>?token=`: its session is registered as `talk:<talkId>`, the key its token is signed for. */
const TALK_PATH = /^\/video\/talk\/ws\/([^/?]+)$/;

export interface VideoRoutingOptions {
  /** How long an owner found is reused before asking again. */
  cacheMs?: number;
  /** How long a lookup may take before the request goes to the default target. */
  lookupTimeoutMs?: number;
}

/**
 * Routes a stream's media WebSocket and HLS requests to the video replica that serves it (issue
 * 31), and a talk-back session's socket to the replica that owns the session (it sent the 0x9101,
 * the terminal's talk link is there): the key comes from the signed URL's path, the owner from any replica's registry
 * lookup (`VIDEO_URL`, shown the URL's token), kept for a moment so a player's HLS polling does not
 * ask every time. Everything else, and a stream no replica serves (the player then opens it again),
 * goes to the default target; a replica that fails is forgotten at once.
 */
export class VideoStreamRouter {
  private readonly owners = new Map<string, { url: string; until: number }>();
  private readonly cacheMs: number;
  private readonly lookupTimeoutMs: number;

  constructor(
    private readonly defaultTarget: string,
    options: VideoRoutingOptions = {},
  ) {
    this.cacheMs = options.cacheMs ?? 2000;
    this.lookupTimeoutMs = options.lookupTimeoutMs ?? 2000;
  }

  /** The target URL for a request under /video. */
  async target(request: IncomingMessage): Promise<string> {
    const stream = streamOf(request.url ?? '');
    if (!stream) return this.defaultTarget;
    const now = Date.now();
    const cached = this.owners.get(stream.key);
    if (cached && cached.until > now) return cached.url;
    const owner = await this.lookup(stream.key, stream.token);
    if (!owner) {
      this.owners.delete(stream.key);
      return this.defaultTarget;
    }
    this.owners.set(stream.key, { url: owner, until: now + this.cacheMs });
    if (this.owners.size > 10_000) this.prune(now);
    return owner;
  }

  /** A replica that failed a request: its streams are looked up again next time. */
  forget(request: IncomingMessage): void {
    const stream = streamOf(request.url ?? '');
    if (stream) this.owners.delete(stream.key);
  }

  private async lookup(key: string, token: string): Promise<string | undefined> {
    try {
      const url = new URL(`${VIDEO_OWNER_LOOKUP_PATH}${encodeURIComponent(key)}?token=${encodeURIComponent(token)}`, this.defaultTarget);
      const response = await fetch(url, { signal: AbortSignal.timeout(this.lookupTimeoutMs) });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { flag?: boolean; data?: { internalUrl?: string } | null };
      return body.flag && body.data?.internalUrl ? body.data.internalUrl : undefined;
    } catch {
      return undefined; // the default replica answers (or the proxy reports it down)
    }
  }

  private prune(now: number): void {
    for (const [key, entry] of this.owners) if (entry.until <= now) this.owners.delete(key);
  }
}

/** The registry key and token of a media or talk socket path (`talk:<talkId>` for a talk); undefined for any other path. */
export function streamOf(url: string): { key: string; token: string } | undefined {
  const [path, query = ''] = url.split('?', 2);
  const stream = STREAM_PATH.exec(path);
  const talk = stream ? undefined : TALK_PATH.exec(path);
  const match = stream ?? talk;
  if (!match) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  return { key: talk ? `talk:${key}` : key, token: new URLSearchParams(query).get('token') ?? '' };
}
