import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { DataType, H265Nal, PayloadType, h265NalType, splitAnnexB, type Jt1078Frame } from '@openfleet/jt1078';
import { FlvVideoReader, type FlvVideoFrame } from './flv-video';

/**
 * ffmpeg's arguments: Annex-B H.265 in on stdin, H.264 in FLV out on stdout (see FlvVideoReader), for the lowest
 * latency: no input probing, a single-threaded decoder (frame threads would hold frames back;
 * `-flags low_delay` is not used: ffmpeg 4.1's HEVC decoder then drops frames whose references it
 * has not output yet), x264 ultrafast + zerolatency (no look-ahead, no B-frames), a keyframe every 25
 * frames (a late viewer starts within a second), parameter sets before every keyframe, no frame
 * dropped or repeated, every packet written at once.
 */
export const TRANSCODE_ARGS = [
  '-hide_banner', '-loglevel', 'error', '-nostdin',
  '-probesize', '32', '-analyzeduration', '0', '-threads', '1',
  '-f', 'hevc', '-i', 'pipe:0',
  '-an', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
  '-g', '25', '-bf', '0', '-x264-params', 'repeat-headers=1',
  '-vsync', 'passthrough', '-flush_packets', '1', '-f', 'flv', 'pipe:1',
];

/** An H.265 access unit delimiter (NAL type 35, pic_type 2: any slice type). */
const H265_AUD = Buffer.from([0, 0, 0, 1, 0x46, 0x01, 0x50]);

/** Frames queued for ffmpeg beyond this (it cannot keep up): drop until the next keyframe. */
const MAX_STDIN_BACKLOG = 4 * 1024 * 1024;
/** Timestamps of frames given to ffmpeg and not yet back; a decoder that swallowed frames would grow it. */
const MAX_IN_FLIGHT = 250;

export interface TranscoderOptions {
  /** Restarts allowed within `restartWindowMs` before the transcode is given up (default 3 in 60 s). */
  maxRestarts?: number;
  restartWindowMs?: number;
  spawnProcess?: (path: string, args: string[]) => ChildProcessWithoutNullStreams;
  now?: () => number;
}

export interface TranscoderStats {
  framesIn: number;
  framesOut: number;
  /** H.265 frames not given to ffmpeg: before a keyframe, or while it lagged. */
  dropped: number;
  restarts: number;
}

/**
 * One ffmpeg turning one stream's H.265 into H.264. Frames go in in decode order from a keyframe
 * with its parameter sets on; what comes back carries the terminal's timestamps again (ffmpeg
 * neither drops nor repeats frames, and with no B-frames out the order is kept). A crashed ffmpeg
 * is started again at the next keyframe; one that keeps crashing is given up and reported through
 * `onFailed`, never thrown.
 */
export class H265Transcoder {
  readonly stats: TranscoderStats = { framesIn: 0, framesOut: 0, dropped: 0, restarts: 0 };
  private child?: ChildProcessWithoutNullStreams;
  private readonly reader = new FlvVideoReader();
  private timestamps: number[] = [];
  private waitingKeyframe = true;
  private stopped = false;
  private crashes: number[] = [];
  private stderrTail = '';
  private parameterSets = new Map<number, Buffer>();
  private channel = 0;
  private readonly maxRestarts: number;
  private readonly restartWindowMs: number;
  private readonly spawnProcess: (path: string, args: string[]) => ChildProcessWithoutNullStreams;
  private readonly now: () => number;

  constructor(
    private readonly ffmpegPath: string,
    private readonly onFrame: (frame: Jt1078Frame) => void,
    private readonly onFailed: (reason: string) => void,
    options: TranscoderOptions = {},
  ) {
    this.maxRestarts = options.maxRestarts ?? 3;
    this.restartWindowMs = options.restartWindowMs ?? 60_000;
    this.spawnProcess = options.spawnProcess ?? ((path, args) => spawn(path, args, { stdio: 'pipe' }));
    this.now = options.now ?? Date.now;
  }

  /** Whether an ffmpeg process runs now. */
  get running(): boolean {
    return !!this.child;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** One whole H.265 video frame of the terminal. */
  push(frame: Jt1078Frame): void {
    if (this.stopped) return;
    this.channel = frame.channel;
    let data = frame.data;
    if (this.waitingKeyframe) {
      const keyframe = this.keyframeWithSets(frame.data);
      if (!keyframe) {
        this.stats.dropped++;
        return;
      }
      data = keyframe;
    } else this.rememberParameterSets(frame.data);
    const child = this.child ?? this.start();
    if (!child) return;
    if (child.stdin.writableLength > MAX_STDIN_BACKLOG || this.timestamps.length >= MAX_IN_FLIGHT) {
      this.stats.dropped++;
      this.waitingKeyframe = true;
      return;
    }
    this.waitingKeyframe = false;
    this.timestamps.push(frame.timestamp);
    this.stats.framesIn++;
    // ffmpeg's H.265 parser ends a frame when the next one starts: a delimiter after each frame
    // lets it go at once, instead of one frame interval later.
    child.stdin.write(withoutLeadingDelimiter(data));
    child.stdin.write(H265_AUD);
  }

  /** Ends ffmpeg for good (the last viewer left, or the stream ended). */
  stop(): void {
    this.stopped = true;
    const child = this.child;
    this.child = undefined;
    if (child) {
      child.stdin.destroy();
      child.kill('SIGKILL');
    }
  }

  private start(): ChildProcessWithoutNullStreams | undefined {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = this.spawnProcess(this.ffmpegPath, TRANSCODE_ARGS);
    } catch (error) {
      this.fail(`ffmpeg could not be started: ${(error as Error).message}`);
      return undefined;
    }
    this.child = child;
    this.reader.reset();
    this.timestamps = [];
    child.stdout.on('data', (chunk: Buffer) => {
      if (this.child === child) for (const frame of this.reader.push(chunk)) this.emit(frame);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-400);
    });
    // EPIPE when ffmpeg died with input queued: its exit says what happened.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => this.exited(child, `ffmpeg: ${error.message}`));
    child.on('exit', (code, signal) => this.exited(child, `ffmpeg exited (${signal ?? `code ${code}`})${this.stderrTail ? `: ${this.stderrTail.trim()}` : ''}`));
    return child;
  }

  private emit(frame: FlvVideoFrame): void {
    const timestamp = this.timestamps.shift();
    if (timestamp === undefined) return;
    this.stats.framesOut++;
    this.onFrame({ channel: this.channel, dataType: frame.keyframe ? DataType.I_FRAME : DataType.P_FRAME, payloadType: PayloadType.H264, timestamp, data: frame.data });
  }

  private exited(child: ChildProcessWithoutNullStreams, reason: string): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (this.stopped) return;
    const now = this.now();
    this.crashes = [...this.crashes.filter((at) => now - at < this.restartWindowMs), now];
    if (this.crashes.length > this.maxRestarts) return this.fail(reason);
    // Started again with the next keyframe: ffmpeg's decoder needs one.
    this.stats.restarts++;
    this.waitingKeyframe = true;
    this.stderrTail = '';
  }

  private fail(reason: string): void {
    this.stop();
    this.onFailed(reason);
  }

  private rememberParameterSets(data: Buffer): Buffer[] {
    const units = splitAnnexB(data);
    for (const nal of units) {
      const type = h265NalType(nal);
      if (type === H265Nal.VPS || type === H265Nal.SPS || type === H265Nal.PPS) this.parameterSets.set(type, Buffer.from(nal));
    }
    return units;
  }

  /** The frame's bytes if it is a keyframe ffmpeg can start with (parameter sets put in front when they came earlier), else undefined. */
  private keyframeWithSets(data: Buffer): Buffer | undefined {
    const units = this.rememberParameterSets(data);
    if (!units.some((nal) => { const type = h265NalType(nal); return type >= H265Nal.IRAP_FIRST && type <= H265Nal.IRAP_LAST; })) return undefined;
    if (this.parameterSets.size < 3) return undefined;
    if (units.some((nal) => h265NalType(nal) === H265Nal.VPS)) return data;
    const startCode = Buffer.from([0, 0, 0, 1]);
    return Buffer.concat([...[H265Nal.VPS, H265Nal.SPS, H265Nal.PPS].flatMap((type) => [startCode, this.parameterSets.get(type)!]), data]);
  }
}

/** The frame without its own delimiter (one is written after every frame instead). */
function withoutLeadingDelimiter(data: Buffer): Buffer {
  const units = splitAnnexB(data);
  if (!units.length || h265NalType(units[0]) !== H265Nal.AUD) return data;
  const startCode = Buffer.from([0, 0, 0, 1]);
  return Buffer.concat(units.slice(1).flatMap((nal) => [startCode, nal]));
}
