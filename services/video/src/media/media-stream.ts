import type { MediaSocketMessage } from '@openfleet/contracts';
import { Jt1078Remuxer, type Jt1078Frame, type RemuxerOptions, type RemuxEvent } from '@openfleet/jt1078';
import { HlsWindow } from './hls-window';
import { VIEWER_BACKLOG_RESUME, VIEWER_BACKLOG_SKIP, type MediaViewer } from './media-viewer';

/** Who asked for a stream and what it shows. */
export interface StreamOwner {
  vehicleId: string;
  plateCode: string;
  companyId: string;
  terminalPhone: string;
  channel: number;
  kind: 'live' | 'playback';
  streamType: number;
  dataType: number;
  openedBy: string;
}

type InitEvent = Extract<RemuxEvent, { type: 'init' }>;
type UnsupportedEvent = Extract<RemuxEvent, { type: 'unsupported' }>;

interface ViewerState {
  viewer: MediaViewer;
  /** Waiting for a keyframe: it joined before one, or fell behind. */
  skipping: boolean;
}

/**
 * One terminal stream (a vehicle's channel, live or playback) fanned out to its viewers. Frames
 * from the media link are remuxed once (fMP4, no transcoding) and every viewer gets the same bytes:
 * the init segment, then the fragments from the latest keyframe on, so a late joiner starts at
 * once. A slow viewer skips to the next keyframe instead of growing a backlog; the HLS window is
 * fed from the same fragments.
 */
export class MediaStream {
  private readonly remuxer: Jt1078Remuxer;
  private readonly viewers = new Map<string, ViewerState>();
  /** Fragments since the latest video keyframe (what a new viewer starts with). */
  private gop: Buffer[] = [];
  private init?: InitEvent;
  private unsupported?: UnsupportedEvent;
  /** Wall clock (ms) at media time 0: when the first keyframe arrived, less its decode time. */
  private originMs?: number;
  /** The terminal's timestamp at media time 0 (the remuxer's timeline base when the origin was set). */
  private captureOriginMs?: number;
  readonly hls = new HlsWindow();
  /** Segments are cut only once a player asked for the playlist: most viewers use the WebSocket. */
  hlsWanted = false;
  readonly startedAt: number;
  lastPacketAt = 0;
  bytesIn = 0;
  framesIn = 0;
  malformed = 0;
  framesLost = 0;
  /** Bytes not yet written to the traffic table. */
  unsavedBytes = 0;
  /** Whether a terminal media link feeds the stream now. */
  connected = false;
  /** When the last viewer left (or the stream opened with none); undefined while watched. */
  idleSince?: number;
  closed = false;
  /** What to do when the stream ends (the media link closes its socket). */
  private readonly endHooks = new Set<() => void>();
  /** Who else reads the terminal's frames as they come (the H.265 transcoder, services/video/src/transcode). */
  private readonly frameTaps = new Set<(frames: readonly Jt1078Frame[], now: number) => void>();

  constructor(
    readonly key: string,
    readonly owner: StreamOwner,
    now = Date.now(),
    remux: RemuxerOptions = {},
  ) {
    this.remuxer = new Jt1078Remuxer(remux);
    this.startedAt = now;
    this.idleSince = now;
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  get initSegment(): InitEvent | undefined {
    return this.init;
  }

  /** Whole frames from the media link. */
  accept(frames: readonly Jt1078Frame[], now: number): void {
    for (const frame of frames) {
      this.framesIn++;
      for (const event of this.remuxer.push(frame, now)) this.apply(event, now);
    }
    for (const tap of this.frameTaps) tap(frames, now);
  }

  /** Hands every frame that `accept` gets to `tap` too, until the returned function is called. */
  tapFrames(tap: (frames: readonly Jt1078Frame[], now: number) => void): () => void {
    this.frameTaps.add(tap);
    return () => this.frameTaps.delete(tap);
  }

  /** Counts the raw bytes of the link (traffic per vehicle, channel and day). */
  received(bytes: number, now: number): void {
    this.bytesIn += bytes;
    this.unsavedBytes += bytes;
    this.lastPacketAt = now;
  }

  addViewer(viewer: MediaViewer): void {
    const state: ViewerState = { viewer, skipping: true };
    this.viewers.set(viewer.id, state);
    this.idleSince = undefined;
    if (this.unsupported) return viewer.sendText(this.unsupportedMessage(this.unsupported));
    if (!this.init) return;
    this.sendInit(viewer, this.init);
    if (this.gop.length) {
      for (const data of this.gop) viewer.sendBinary(data);
      state.skipping = false;
    }
  }

  removeViewer(id: string, now = Date.now()): void {
    this.viewers.delete(id);
    if (!this.viewers.size && this.idleSince === undefined) this.idleSince = now;
  }

  viewerUsers(): string[] {
    return [...this.viewers.values()].map((state) => state.viewer.userId);
  }

  onEnd(hook: () => void): () => void {
    this.endHooks.add(hook);
    return () => this.endHooks.delete(hook);
  }

  /** Tells every viewer why the stream ended and lets them go; the media link is dropped. */
  close(reason: 'idle' | 'terminal' | 'admin' | 'expired'): void {
    if (this.closed) return;
    this.closed = true;
    this.connected = false;
    for (const hook of [...this.endHooks]) hook();
    this.endHooks.clear();
    this.remuxer.close();
    for (const { viewer } of this.viewers.values()) {
      viewer.sendText({ type: 'closed', reason });
      viewer.close();
    }
    this.viewers.clear();
  }

  private apply(event: RemuxEvent, now: number): void {
    switch (event.type) {
      case 'init':
        this.init = event;
        this.gop = [];
        for (const state of this.viewers.values()) {
          this.sendInit(state.viewer, event);
          state.skipping = true;
        }
        return;
      case 'unsupported':
        this.unsupported = event;
        for (const { viewer } of this.viewers.values()) viewer.sendText(this.unsupportedMessage(event));
        return;
      case 'fragment':
        this.fragment(event.data, event.track === 'video' && event.keyframe, event.decodeTimeMs, now);
    }
  }

  private fragment(data: Buffer, keyframe: boolean, decodeTimeMs: number, now: number): void {
    if (keyframe && this.originMs === undefined) {
      this.originMs = now - decodeTimeMs;
      this.captureOriginMs = this.remuxer.timelineBaseMs;
      for (const { viewer } of this.viewers.values()) viewer.sendText(this.originMessage());
    }
    if (keyframe) this.gop = [];
    if (keyframe || this.gop.length) this.gop.push(data);
    if (this.hlsWanted) this.hls.add(data, keyframe, decodeTimeMs);
    for (const state of this.viewers.values()) {
      const backlog = state.viewer.backlog();
      if (!state.skipping && backlog > VIEWER_BACKLOG_SKIP) state.skipping = true;
      if (state.skipping && keyframe && backlog < VIEWER_BACKLOG_RESUME) state.skipping = false;
      if (!state.skipping) state.viewer.sendBinary(data);
    }
  }

  private sendInit(viewer: MediaViewer, init: InitEvent): void {
    viewer.sendText({ type: 'init', mime: init.mime, videoCodec: init.videoCodec, audioCodec: init.audioCodec, width: init.width, height: init.height });
    viewer.sendBinary(init.data);
    if (this.originMs !== undefined) viewer.sendText(this.originMessage());
  }

  private originMessage(): MediaSocketMessage {
    return { type: 'origin', originMs: this.originMs!, ...(this.captureOriginMs !== undefined && { captureOriginMs: this.captureOriginMs }) };
  }

  private unsupportedMessage(event: UnsupportedEvent): MediaSocketMessage {
    return { type: 'unsupported', reason: event.reason, codec: event.codec };
  }
}
