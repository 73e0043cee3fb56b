// The console's live video tile without a browser, for infra/test/cluster-n.int-spec.ts: it opens a
// vehicle channel through an api replica (`POST /video/live/open`, the operator's bearer token),
// connects the media WebSocket the answer names (`/video/ws/<key>?token=…`, same origin: the api routes
// it by stream key to the video replica that owns the stream) and counts the fMP4 it receives. When
// the socket drops (the video replica serving it died), it reopens and connects a new socket after the
// tile's gaps (console/src/features/video/tile-status.ts RECONNECT_DELAYS_MS: 0.5, 1, 2, then 3 s, ten
// times, the count starting again once media plays) and, like the tile, stops on a refused reopen
// (its error code) or a `closed` message. Nothing is decoded: a binary frame whose box is `moof` is a
// fragment (one per frame), the rest the init segment.
import { WebSocket } from 'ws';

/** The tile's reopen gaps (console/src/features/video/tile-status.ts, not imported: the console is its own project). */
export const TILE_RECONNECT_DELAYS_MS = [500, 1000, 2000, 3000, 3000, 3000, 3000, 3000, 3000, 3000];

/** One media socket of the viewer: when it was opened, its first and last fragment, when it dropped. */
export interface ViewerSocket {
  streamKey: string;
  openedAt: number;
  fragments: number;
  bytes: number;
  firstFragmentAt?: number;
  lastFragmentAt?: number;
  droppedAt?: number;
}

export interface LiveViewerOptions {
  /** The api's base URL, `http://host:port`. */
  api: string;
  token: string;
  vehicleId: string;
  channel: number;
  log?: (text: string) => void;
}

const isFragment = (frame: Buffer) => frame.length >= 8 && frame.subarray(4, 8).toString('latin1') === 'moof';

export class LiveVideoViewer {
  readonly sockets: ViewerSocket[] = [];
  /** Reopens answered with an error (code), or a `closed` reason: either ends the viewer, as it ends the tile. */
  stopped?: string;
  /** Reopens after a drop, in all. */
  reopens = 0;
  private attempt = 0;
  private ws?: WebSocket;
  private timer?: NodeJS.Timeout;
  private ended = false;

  constructor(private readonly options: LiveViewerOptions) {}

  get fragments(): number {
    return this.sockets.reduce((sum, socket) => sum + socket.fragments, 0);
  }

  get bytes(): number {
    return this.sockets.reduce((sum, socket) => sum + socket.bytes, 0);
  }

  /** Opens the stream and its socket; the answer's error code (or HTTP status) when refused. */
  async open(): Promise<{ ok: true; streamKey: string } | { ok: false; error: string }> {
    let answer: { flag?: boolean; errorCode?: number; data?: { streamKey: string; wsUrl: string } };
    try {
      const response = await fetch(`${this.options.api}/video/live/open`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.options.token}` },
        body: JSON.stringify({ vehicleId: this.options.vehicleId, channel: this.options.channel }),
        signal: AbortSignal.timeout(30_000),
      });
      answer = (await response.json().catch(() => ({ flag: false, errorCode: response.status }))) as typeof answer;
    } catch (error) {
      // The tile's open failing without an answer (the api unreachable) is an error too.
      return { ok: false, error: `no answer (${(error as Error).message})` };
    }
    if (!answer.flag || !answer.data) return { ok: false, error: String(answer.errorCode ?? 'no data') };
    if (this.ended) return { ok: true, streamKey: answer.data.streamKey };
    this.connect(answer.data.streamKey, `${this.options.api.replace(/^http/, 'ws')}${answer.data.wsUrl}`);
    return { ok: true, streamKey: answer.data.streamKey };
  }

  /** Resolves once `count` fragments arrived in all (false after `timeoutMs`). */
  async waitForFragments(count: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.fragments < count && Date.now() < deadline && !this.stopped) await new Promise((resolve) => setTimeout(resolve, 100));
    return this.fragments >= count;
  }

  /** The first fragment on a socket opened after `at` (the first media after a kill), if any yet. */
  firstFragmentAfter(at: number): number | undefined {
    return this.sockets.find((socket) => socket.openedAt > at && socket.firstFragmentAt !== undefined)?.firstFragmentAt;
  }

  /** The last fragment received before `at`. */
  lastFragmentBefore(at: number): number | undefined {
    return this.sockets
      .map((socket) => socket.lastFragmentAt)
      .filter((time): time is number => time !== undefined && time <= at)
      .reduce<number | undefined>((latest, time) => Math.max(latest ?? time, time), undefined);
  }

  close(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.ws?.terminate();
  }

  private connect(streamKey: string, url: string): void {
    const socket: ViewerSocket = { streamKey, openedAt: Date.now(), fragments: 0, bytes: 0 };
    this.sockets.push(socket);
    const ws = new WebSocket(url);
    this.ws = ws;
    let closedByServer: string | undefined;
    ws.on('message', (data, isBinary) => {
      if (!isBinary) {
        let message: { type?: string; reason?: string } = {};
        try {
          message = JSON.parse(String(data)) as typeof message;
        } catch {
          // not the stream's JSON: ignored, as the tile ignores it
        }
        if (message.type === 'closed') closedByServer = message.reason ?? 'closed';
        return;
      }
      const frame = data as Buffer;
      socket.bytes += frame.length;
      if (!isFragment(frame)) return;
      const now = Date.now();
      socket.fragments++;
      socket.firstFragmentAt ??= now;
      socket.lastFragmentAt = now;
      this.attempt = 0; // playing: the tile's count starts again
    });
    ws.on('error', () => undefined); // followed by close: an upgrade refused (404, 502) or a connection cut
    ws.on('close', () => {
      socket.droppedAt = Date.now();
      if (this.ended || this.ws !== ws) return;
      if (closedByServer) return this.stop(`closed (${closedByServer})`);
      this.reconnect();
    });
  }

  /** The tile's `lost`: wait the attempt's gap, reopen, connect again; give up after the last gap. */
  private reconnect(): void {
    const delay = TILE_RECONNECT_DELAYS_MS[this.attempt];
    if (delay === undefined) return this.stop(`lost after ${TILE_RECONNECT_DELAYS_MS.length} reopens`);
    this.attempt++;
    this.timer = setTimeout(() => {
      if (this.ended) return;
      this.reopens++;
      void this.open().then((result) => {
        if (!result.ok && !this.ended) this.stop(`reopen refused: ${result.error}`);
      });
    }, delay);
  }

  private stop(reason: string): void {
    this.stopped = reason;
    this.options.log?.(`video viewer stopped: ${reason}`);
  }
}
