import type { MediaSocketMessage } from '@openfleet/contracts';
import { DataType, PayloadType, type Jt1078Frame } from '@openfleet/jt1078';
import type { SpeechCodec } from '@openfleet/jt1078';
import { MediaStream } from '../media/media-stream';
import type { MediaViewer } from '../media/media-viewer';
import type { FfmpegBinary } from './ffmpeg-binary';
import { H265Transcoder, type TranscoderOptions } from './h265-transcoder';

/** Audio held back to meet the transcoded video (20 ms frames: 3 s). */
const MAX_HELD_AUDIO = 150;

/**
 * A stream's picture in H.264 for browsers that cannot decode H.265: the terminal's H.265 goes
 * through one ffmpeg (H265Transcoder) and back into a remuxer of its own, whose fMP4 fans out to
 * every viewer of this variant (one transcode per stream, however many watch). H.264 from the
 * terminal passes as it is; audio is held until the video reaches its timestamp, so the remuxer
 * sees both tracks interleaved as the terminal sent them, video first.
 *
 * Each viewer is also put on the source stream as a silent shadow: the source then counts it
 * (idle close, viewer limit, the sessions table) and the shadow passes on the source's `closed`
 * message with its reason.
 */
export class H264Variant {
  readonly stream: MediaStream;
  private readonly viewers = new Map<string, MediaViewer>();
  private transcoder?: H265Transcoder;
  private heldAudio: Jt1078Frame[] = [];
  /** Timestamp of the latest video frame given to the remuxer. */
  private videoOutMs?: number;
  private failure?: string;
  private ended = false;
  private released = false;

  constructor(
    private readonly source: MediaStream,
    private readonly ffmpeg: FfmpegBinary,
    speechCodec: SpeechCodec,
    /** The last viewer left, or the transcode failed: the owner drops this variant. */
    private readonly onDone: () => void,
    private readonly transcoderOptions: TranscoderOptions = {},
  ) {
    this.stream = new MediaStream(`${source.key}~h264`, source.owner, Date.now(), { speechCodec });
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  get transcoding(): H265Transcoder | undefined {
    return this.transcoder;
  }

  /** Frames of the source stream as they arrive. */
  accept(frames: readonly Jt1078Frame[], now: number): void {
    for (const frame of frames) {
      if (this.ended) return;
      if (frame.dataType === DataType.AUDIO) this.audio(frame, now);
      else if (frame.payloadType === PayloadType.H265) this.transcode(frame);
      else this.video(frame, now);
    }
  }

  /** Adds a viewer; the returned function takes it off again. */
  join(viewer: MediaViewer): () => void {
    if (this.failure !== undefined || this.ended) {
      viewer.sendText(this.failureMessage());
      viewer.close();
      return () => undefined;
    }
    this.viewers.set(viewer.id, viewer);
    this.source.addViewer(shadowOf(viewer));
    this.stream.addViewer(markTranscoded(viewer));
    return () => this.leave(viewer.id);
  }

  /** The source ended: its shadows tell the viewers why; this variant just stops. */
  endWithSource(): void {
    for (const id of this.viewers.keys()) this.stream.removeViewer(id);
    this.viewers.clear();
    this.end();
  }

  /** Stops ffmpeg and the remuxer (viewers are gone or told). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.transcoder?.stop();
    this.stream.close('terminal');
  }

  private leave(id: string): void {
    if (!this.viewers.delete(id)) return;
    this.source.removeViewer(id);
    this.stream.removeViewer(id);
    if (!this.viewers.size) this.release();
  }

  private release(): void {
    this.end();
    if (this.released) return;
    this.released = true;
    this.onDone();
  }

  private transcode(frame: Jt1078Frame): void {
    if (!this.ffmpeg.found) return this.fail(this.ffmpeg.reason);
    this.transcoder ??= new H265Transcoder(this.ffmpeg.path, (out) => this.transcoded(out), (reason) => this.fail(reason), this.transcoderOptions);
    this.transcoder.push(frame);
  }

  private transcoded(frame: Jt1078Frame): void {
    if (!this.ended) this.video(frame, Date.now());
  }

  /**
   * A video frame for the remuxer (H.264 from the terminal or from ffmpeg), after the audio up to
   * its timestamp. Audio from before the first one is dropped: the remuxer would otherwise start
   * an audio-only stream, and a player cannot add the video track later.
   */
  private video(frame: Jt1078Frame, now: number): void {
    if (this.videoOutMs === undefined) this.heldAudio = this.heldAudio.filter((audio) => audio.timestamp >= frame.timestamp);
    this.videoOutMs = frame.timestamp;
    let release = 0;
    while (release < this.heldAudio.length && this.heldAudio[release].timestamp <= frame.timestamp) release++;
    if (release) this.stream.accept(this.heldAudio.splice(0, release), now);
    this.stream.accept([frame], now);
  }

  /** Audio waits for the video to reach its timestamp (the transcoded picture comes later than the sound). */
  private audio(frame: Jt1078Frame, now: number): void {
    if (this.videoOutMs !== undefined && !this.heldAudio.length && frame.timestamp <= this.videoOutMs) return this.stream.accept([frame], now);
    this.heldAudio.push(frame);
    if (this.heldAudio.length > MAX_HELD_AUDIO) this.heldAudio.shift();
  }

  private fail(reason: string): void {
    if (this.failure !== undefined) return;
    this.failure = reason;
    const message = this.failureMessage();
    for (const viewer of [...this.viewers.values()]) {
      viewer.sendText(message);
      this.leave(viewer.id);
      viewer.close();
    }
    this.release();
  }

  private failureMessage(): MediaSocketMessage {
    return { type: 'unsupported', reason: 'h265', codec: `H.265, not transcoded: ${this.failure ?? 'the stream ended'}` };
  }
}

/** The viewer as the source stream sees it: nothing of the H.265 picture reaches it, only the end. */
function shadowOf(viewer: MediaViewer): MediaViewer {
  return {
    id: viewer.id,
    userId: viewer.userId,
    sendText: (message) => {
      if (message.type === 'closed') viewer.sendText(message);
    },
    sendBinary: () => undefined,
    backlog: () => 0,
    close: () => viewer.close(),
  };
}

/** Init messages say the picture was transcoded, and from what. */
function markTranscoded(viewer: MediaViewer): MediaViewer {
  return {
    ...viewer,
    id: viewer.id,
    sendText: (message) => viewer.sendText(message.type === 'init' ? { ...message, transcodedFrom: 'H.265' } : message),
    sendBinary: (data) => viewer.sendBinary(data),
    backlog: () => viewer.backlog(),
    close: () => viewer.close(),
  };
}
