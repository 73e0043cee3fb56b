import { AppendQueue } from './append-queue';
import { watchPresentedFrames } from './latency/presented-frames';
import { liveEdgeAction, liveStartAt, quotaTrimRange, trimRange } from './live-edge';
import { initOutcome, parseMediaMessage } from './media-message';
import { openStats, type VideoStats } from './video-stats';

/** What a tile hears from its stream. */
export type StreamEvent =
  | { type: 'playing' }
  | { type: 'unsupported'; reason: string; codec: string }
  | { type: 'closed'; reason: 'idle' | 'terminal' | 'admin' | 'expired' }
  | { type: 'lost' };

const TICK_MS = 250;

/**
 * One stream on one <video>: the media WebSocket's fMP4 appended through Media Source Extensions.
 * Live streams are held near the live edge; the buffer behind the playhead is trimmed so it stays
 * bounded however long a tile plays.
 */
export class MseWebSocketSession {
  private readonly mediaSource = new MediaSource();
  private readonly objectUrl: string;
  private socket: WebSocket | null = null;
  private sourceBuffer: SourceBuffer | null = null;
  private queue: AppendQueue | null = null;
  private mime = '';
  private ended = false;
  private readonly stats: VideoStats;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly stopWatching: () => void;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly url: string,
    streamKey: string,
    private readonly live: boolean,
    private readonly emit: (event: StreamEvent) => void,
  ) {
    this.stats = openStats(streamKey);
    this.objectUrl = URL.createObjectURL(this.mediaSource);
    this.mediaSource.addEventListener('sourceopen', this.connect, { once: true });
    video.src = this.objectUrl;
    this.watchFirstFrame();
    this.stopWatching = watchPresentedFrames(video, this.stats);
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  dispose(): void {
    this.ended = true;
    clearInterval(this.timer);
    this.stopWatching();
    this.socket?.close();
    this.socket = null;
    this.queue?.clear();
    URL.revokeObjectURL(this.objectUrl);
  }

  private readonly connect = () => {
    if (this.ended) return;
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    socket.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
      if (typeof event.data === 'string') this.onText(event.data);
      else this.onMedia(event.data);
    };
    socket.onclose = () => {
      if (!this.ended) this.emit({ type: 'lost' });
    };
    this.socket = socket;
  };

  private onText(text: string): void {
    const message = parseMediaMessage(text);
    if (!message) return;
    if (message.type === 'closed') {
      this.ended = true;
      this.emit(message);
      return;
    }
    if (message.type === 'origin') {
      this.stats.originMs = message.originMs;
      this.stats.captureOriginMs = message.captureOriginMs ?? 0;
      return;
    }
    if (message.type === 'unsupported') {
      this.stop(message.reason, message.codec);
      return;
    }
    const outcome = initOutcome(message, (mime) => MediaSource.isTypeSupported(mime));
    if (!outcome.play) {
      this.stop(outcome.reason, outcome.codec);
      return;
    }
    Object.assign(this.stats, { mime: message.mime, width: message.width, height: message.height });
    this.resetBuffer(message.mime);
  }

  private stop(reason: string, codec: string): void {
    this.ended = true;
    this.socket?.close();
    this.emit({ type: 'unsupported', reason, codec });
  }

  /**
   * An init segment follows. The first one creates the SourceBuffer; a later one (codec or
   * resolution changed) resets it: browsers refuse a second SourceBuffer once media has played,
   * so the same one is aborted, re-typed and emptied, and the new init segment is appended to it.
   */
  private resetBuffer(mime: string): void {
    if (this.mediaSource.readyState !== 'open') return;
    const existing = this.sourceBuffer;
    if (existing && this.queue) {
      this.stats.resets += 1;
      this.queue.clear();
      try {
        existing.abort();
        if (mime !== this.mime) existing.changeType(mime);
      } catch {
        this.stop('codec', mime);
        return;
      }
      this.mime = mime;
      this.queue.removeBefore(0, Infinity);
      return;
    }
    let buffer: SourceBuffer;
    try {
      buffer = this.mediaSource.addSourceBuffer(mime);
    } catch {
      // isTypeSupported said yes but the decoder refuses this profile.
      this.stop('codec', mime);
      return;
    }
    this.mime = mime;
    buffer.mode = 'segments';
    const queue = new AppendQueue(buffer, () => this.quotaRange(), () => undefined);
    buffer.addEventListener('updateend', () => {
      this.startNearEdge();
      queue.pump();
      if (this.video.paused) void this.video.play().catch(() => undefined);
    });
    this.sourceBuffer = buffer;
    this.queue = queue;
  }

  private onMedia(data: ArrayBuffer): void {
    if (!this.queue || !this.mime) return;
    this.stats.bytes += data.byteLength;
    this.stats.fragments += 1;
    this.queue.append(data);
  }

  private quotaRange(): [number, number] | null {
    const ranges = this.sourceBuffer?.buffered;
    return ranges && ranges.length ? quotaTrimRange(ranges.start(0), this.video.currentTime) : null;
  }

  private tick(): void {
    const buffer = this.sourceBuffer;
    if (!buffer || this.ended) return;
    const quality = this.video.getVideoPlaybackQuality?.();
    if (quality) Object.assign(this.stats, { dropped: quality.droppedVideoFrames, totalFrames: quality.totalVideoFrames });
    const ranges = buffer.buffered;
    if (!ranges.length) return;
    const end = ranges.end(ranges.length - 1);
    const current = this.video.currentTime;
    this.stats.leadMs = Math.round((end - current) * 1000);
    // Timestamps restarted (a reset) or the playhead sits before the first range: go to the media.
    if (current > end + 1 || current < ranges.start(0)) this.seek(Math.max(ranges.start(ranges.length - 1), end - 0.1));
    else if (this.live) {
      const action = liveEdgeAction(current, end);
      if (action.kind === 'seek') this.seek(action.to);
      else if (this.video.playbackRate !== action.rate) this.video.playbackRate = this.stats.rate = action.rate;
    }
    const trim = trimRange(ranges.start(0), this.video.currentTime);
    if (trim && this.queue && this.queue.length < 2) this.queue.removeBefore(trim[0], trim[1]);
  }

  /**
   * A live viewer joins at the latest keyframe, up to a GOP behind the edge: until the first frame
   * is shown, a jump to the edge stutters nothing, so the tile starts there instead of nudging for seconds.
   */
  private startNearEdge(): void {
    if (!this.live || this.stats.firstFrameAt) return;
    const ranges = this.sourceBuffer?.buffered;
    if (!ranges?.length) return;
    const to = liveStartAt(Math.max(ranges.start(ranges.length - 1), this.video.currentTime), ranges.end(ranges.length - 1));
    if (to !== null) this.video.currentTime = to;
  }

  private seek(to: number): void {
    // Placing the playhead before anything was shown (a joiner's media starts past 0) is no jump.
    if (this.stats.firstFrameAt) this.stats.seeks += 1;
    this.video.currentTime = to;
  }

  private watchFirstFrame(): void {
    const shown = () => {
      if (this.stats.firstFrameAt) return;
      this.stats.firstFrameAt = Date.now();
      this.emit({ type: 'playing' });
    };
    if (typeof this.video.requestVideoFrameCallback === 'function') this.video.requestVideoFrameCallback(shown);
    else this.video.addEventListener('loadeddata', shown, { once: true });
  }
}
