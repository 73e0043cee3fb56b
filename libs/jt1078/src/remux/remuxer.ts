// JT/T 1078 frames to fragmented MP4 for the browser (MSE over WebSocket, and HLS fMP4 segments),
// without transcoding video. Our own remuxer, not a library (mediabunny, mux.js): it must emit one
// moof+mdat per frame the moment the frame arrives, with no look-ahead and no GOP buffering, to
// keep the added latency under 0.5 s, and stay cheap enough for ~100 streams per core.
import { DataType, PayloadType } from '../packet';
import type { Jt1078Frame } from '../stream';
import { H264Nal, H265Nal, h264NalType, h265NalType, splitAnnexB } from './annexb';
import { audioEncoderFor, type AudioEncoder, type SpeechCodec } from './audio';
import type { G726BitRate } from './g726';
import { box, initSegment, mediaFragment, visualSampleEntry, type Fmp4Track } from './fmp4';
import { buildAvcC, h264CodecString, parseH264Sps } from './h264-sps';
import { buildHvcC, h265CodecString, parseH265Sps } from './h265-sps';

export type RemuxEvent =
  | { type: 'init'; data: Buffer; mime: string; videoCodec: string; audioCodec: string; width: number; height: number }
  | { type: 'fragment'; data: Buffer; track: 'video' | 'audio'; keyframe: boolean; decodeTimeMs: number }
  /** Video that cannot be played (nothing else follows), or audio that cannot (the video goes on without it). */
  | { type: 'unsupported'; reason: 'h265' | 'avs' | 'svac' | 'codec'; codec: string };

export interface RemuxerOptions {
  /** Frame time video waits for audio after the first keyframe before going video-only (default 300). */
  audioWaitMs?: number;
  /** Emit H.265 as `hvc1` (default true: the client checks support); false reports it unsupported. */
  h265?: boolean;
  /** G.726 frames do not carry their rate; the channel's audio parameters do (default 32000). */
  g726BitRate?: G726BitRate;
  /** What G.711 / G.726 speech becomes (default opus; the video service chooses FLAC, see audio.ts). */
  speechCodec?: SpeechCodec;
}

export interface RemuxStats {
  videoFrames: number;
  audioFrames: number;
  droppedBeforeKeyframe: number;
  /** Frames of a codec that cannot be played. */
  unsupported: number;
  /** Audio frames dropped: after the stream started video-only, or before the first video keyframe. */
  audioDropped: number;
  /** Silent audio frames put in where the terminal sent none while video went on. */
  silentAudioFrames: number;
  bytesOut: number;
}

const VIDEO_ID = 1;
const AUDIO_ID = 2;
const VIDEO_TIMESCALE = 90000;
const DEFAULT_FRAME_MS = 40;
/** A frame interval beyond this is a gap, not the frame rate: the previous duration is kept. */
const MAX_FRAME_MS = 1000;
/** Audio whose timestamps run this far ahead of the samples counted is a gap: the track jumps to them. */
const AUDIO_GAP_MS = 200;
/**
 * Video this far ahead of the audio track gets silence in the audio track up to it: MSE plays only
 * what every track has buffered, so a terminal that stops sending audio (fast-forward playback,
 * a muted microphone) would otherwise stall the picture.
 */
const AUDIO_STALL_MS = 500;
/** A terminal clock jumping further than this (either way) has been reset: the timeline carries on from where it was. */
const CLOCK_JUMP_MS = 10_000;
/** Audio kept while waiting for the first video keyframe, and video held while waiting for audio (timestamps standing still). */
const MAX_PENDING_AUDIO = 50;
const MAX_HELD_VIDEO = 50;

/** The parameter sets a video configuration comes from, and what they say. */
interface VideoConfig {
  codec: string;
  width: number;
  height: number;
  sampleEntry: Buffer;
  /** The parameter set bytes, to see a change. */
  key: string;
}

/** A whole video frame, its NAL units ready for the mdat. */
interface VideoFrame {
  timestamp: number;
  units: Buffer[];
  keyframe: boolean;
  config?: VideoConfig;
}

type Phase = 'waiting' | 'streaming' | 'dead';

/**
 * Turns one terminal channel's frames into MP4 init segments and fragments. Video is dropped
 * until a keyframe with its parameter sets; the init segment declares audio only if audio came
 * before the first video fragment (a first keyframe waits up to `audioWaitMs` of frame time for
 * it). Audio with no video frame at all for `audioWaitMs` starts an audio-only stream (listen);
 * should video come after all, a new init declares both tracks (the player must then rebuild its
 * SourceBuffer, as the track set changed). Parameter sets are taken out of the samples into
 * avcC/hvcC; a changed set (new resolution) gives a new init event. Call close() when the stream
 * ends (frees the Opus encoder).
 */
export class Jt1078Remuxer {
  readonly stats: RemuxStats = { videoFrames: 0, audioFrames: 0, droppedBeforeKeyframe: 0, unsupported: 0, audioDropped: 0, silentAudioFrames: 0, bytesOut: 0 };
  private readonly audioWaitMs: number;
  private readonly h265: boolean;
  private readonly g726BitRate?: G726BitRate;
  private readonly speechCodec: SpeechCodec;
  private phase: Phase = 'waiting';
  private base?: number;
  private sequence = 0;
  private video?: VideoConfig;
  private readonly heldVideo: VideoFrame[] = [];
  private holdStartedAt?: number;
  private videoSeen = false;
  private audio?: AudioEncoder;
  private audioPayloadType?: number;
  private audioDeclared = false;
  private pendingAudio: Jt1078Frame[] = [];
  private firstAudioMs?: number;
  private unsupportedAudio = false;
  private videoDts?: number;
  private frameMs = DEFAULT_FRAME_MS;
  private audioNextTicks?: number;
  private parameterSets = { vps: [] as Buffer[], sps: [] as Buffer[], pps: [] as Buffer[] };

  /** The terminal's timestamp (ms) at decode time 0: a frame's capture time is this plus its decode time (undefined before the first frame goes out). */
  get timelineBaseMs(): number | undefined {
    return this.base;
  }

  constructor(options: RemuxerOptions = {}) {
    this.audioWaitMs = options.audioWaitMs ?? 300;
    this.h265 = options.h265 ?? true;
    this.g726BitRate = options.g726BitRate;
    this.speechCodec = options.speechCodec ?? 'opus';
  }

  /**
   * Timing follows the terminal's timestamps; `arrivalMs` (the caller's clock) only ends the wait
   * for audio when those timestamps stand still.
   */
  push(frame: Jt1078Frame, arrivalMs?: number): RemuxEvent[] {
    const events: RemuxEvent[] = [];
    if (this.phase === 'dead' || frame.dataType === DataType.TRANSPARENT) return events;
    if (frame.dataType === DataType.AUDIO) this.pushAudio(frame, events);
    else this.pushVideo(frame, arrivalMs, events);
    for (const event of events) if (event.type !== 'unsupported') this.stats.bytesOut += event.data.length;
    return events;
  }

  close(): void {
    this.audio?.close();
    this.audio = undefined;
  }

  private pushVideo(frame: Jt1078Frame, arrivalMs: number | undefined, events: RemuxEvent[]): void {
    this.videoSeen = true;
    const unsupported = this.videoUnsupported(frame.payloadType);
    if (unsupported) {
      this.stats.unsupported++;
      this.phase = 'dead';
      events.push({ type: 'unsupported', ...unsupported });
      return;
    }
    const video = this.videoFrameOf(frame);
    if (!this.video && !video.config) {
      this.stats.droppedBeforeKeyframe++;
      return;
    }
    if (this.phase === 'waiting') {
      if (!this.heldVideo.length) this.holdStartedAt = arrivalMs;
      this.heldVideo.push(video);
      this.video ??= video.config;
      const waited = Math.max(frame.timestamp - this.heldVideo[0].timestamp, arrivalMs !== undefined && this.holdStartedAt !== undefined ? arrivalMs - this.holdStartedAt : 0);
      if (this.audio || waited >= this.audioWaitMs || this.heldVideo.length >= MAX_HELD_VIDEO) this.start(events);
      return;
    }
    this.emitVideo(video, events);
  }

  private pushAudio(frame: Jt1078Frame, events: RemuxEvent[]): void {
    if (this.unsupportedAudio) {
      this.stats.unsupported++;
      return;
    }
    if (!this.audio) {
      if (this.phase === 'streaming') {
        this.stats.audioDropped++;
        return;
      }
      this.audio = audioEncoderFor(frame.payloadType, frame.data, this.g726BitRate, this.speechCodec);
      if (!this.audio) {
        this.unsupportedAudio = true;
        this.stats.unsupported++;
        events.push({ type: 'unsupported', reason: 'codec', codec: audioCodecName(frame.payloadType) });
        return;
      }
      this.audioPayloadType = frame.payloadType;
    }
    if (frame.payloadType !== this.audioPayloadType) {
      this.stats.audioDropped++;
      return;
    }
    if (this.phase === 'streaming') {
      this.emitAudio(frame, events);
      return;
    }
    this.pendingAudio.push(frame);
    if (this.pendingAudio.length > MAX_PENDING_AUDIO) {
      this.pendingAudio.shift();
      this.stats.audioDropped++;
    }
    this.firstAudioMs ??= frame.timestamp;
    // Held video is waiting for this; with no video at all for a while, the stream is audio only.
    if (this.heldVideo.length || (!this.videoSeen && frame.timestamp - this.firstAudioMs >= this.audioWaitMs)) this.start(events);
  }

  /** The init segment, then what was held, from the earliest held frame on. */
  private start(events: RemuxEvent[]): void {
    this.phase = 'streaming';
    this.audioDeclared = !!this.audio;
    this.base = this.heldVideo.length ? this.heldVideo[0].timestamp : this.pendingAudio[0].timestamp;
    events.push(this.init());
    const audio = this.pendingAudio.filter((frame) => frame.timestamp >= this.base!);
    this.stats.audioDropped += this.pendingAudio.length - audio.length;
    this.pendingAudio = [];
    const video = this.heldVideo.splice(0);
    // Interleave by timestamp, as they came.
    let v = 0;
    let a = 0;
    while (v < video.length || a < audio.length) {
      if (a >= audio.length || (v < video.length && video[v].timestamp <= audio[a].timestamp)) this.emitVideo(video[v++], events);
      else this.emitAudio(audio[a++], events);
    }
  }

  private init(): RemuxEvent {
    const tracks: Fmp4Track[] = [];
    const video = this.video;
    if (video) tracks.push({ id: VIDEO_ID, kind: 'video', timescale: VIDEO_TIMESCALE, sampleEntry: video.sampleEntry, width: video.width, height: video.height });
    const audio = this.audioDeclared ? this.audio : undefined;
    if (audio) tracks.push({ id: AUDIO_ID, kind: 'audio', timescale: audio.timescale, sampleEntry: audio.sampleEntry });
    const codecs = [video?.codec, audio?.codec].filter(Boolean).join(', ');
    return {
      type: 'init',
      data: initSegment(tracks),
      mime: `${video ? 'video' : 'audio'}/mp4; codecs="${codecs}"`,
      videoCodec: video?.codec ?? '',
      audioCodec: audio?.codec ?? '',
      width: video?.width ?? 0,
      height: video?.height ?? 0,
    };
  }

  private emitVideo(video: VideoFrame, events: RemuxEvent[]): void {
    if (video.config && video.config.key !== this.video?.key) {
      this.video = video.config;
      events.push(this.init());
    }
    // Decode time follows the terminal's clock, but never stands still or runs backwards; the
    // duration is the last step, as no later frame is waited for.
    const previous = this.videoDts;
    let dtsMs: number;
    if (previous === undefined) {
      dtsMs = Math.max(0, video.timestamp - this.base!);
    } else {
      const relative = this.relativeMs(video.timestamp, previous + this.frameMs);
      dtsMs = relative > previous ? relative : previous + this.frameMs;
      if (dtsMs - previous <= MAX_FRAME_MS) this.frameMs = dtsMs - previous;
    }
    this.videoDts = dtsMs;
    this.fillSilence(dtsMs, events);
    const data = mediaFragment(
      { id: VIDEO_ID, kind: 'video' },
      [{ units: video.units, duration: this.frameMs * (VIDEO_TIMESCALE / 1000), keyframe: video.keyframe }],
      ++this.sequence,
      dtsMs * (VIDEO_TIMESCALE / 1000),
    );
    this.stats.videoFrames++;
    events.push({ type: 'fragment', data, track: 'video', keyframe: video.keyframe, decodeTimeMs: dtsMs });
  }

  private emitAudio(frame: Jt1078Frame, events: RemuxEvent[]): void {
    if (!this.audioDeclared || !this.audio) {
      this.stats.audioDropped++;
      return;
    }
    const audio = this.audio;
    const ticksPerMs = audio.timescale / 1000;
    // Where the first sample out of this push starts by the terminal's clock: buffered PCM came first.
    const expectedMs = this.audioNextTicks === undefined ? undefined : (this.audioNextTicks + audio.pendingTicks) / ticksPerMs;
    const relativeMs = expectedMs === undefined ? frame.timestamp - this.base! : this.relativeMs(frame.timestamp, expectedMs);
    const fromClock = Math.max(0, Math.round(relativeMs * ticksPerMs - audio.pendingTicks));
    const encoded = audio.push(frame.data);
    this.stats.audioFrames++;
    if (!encoded.frames.length) return;
    // Samples are counted; the terminal's clock only moves the track on across a gap.
    const produced = encoded.frames.length * encoded.frameDuration;
    let start = this.audioNextTicks ?? fromClock;
    if (fromClock - start > AUDIO_GAP_MS * ticksPerMs) start = fromClock;
    this.audioNextTicks = start + produced;
    const samples = encoded.frames.map((unit) => ({ units: [unit], duration: encoded.frameDuration, keyframe: true }));
    const data = mediaFragment({ id: AUDIO_ID, kind: 'audio' }, samples, ++this.sequence, start);
    events.push({ type: 'fragment', data, track: 'audio', keyframe: true, decodeTimeMs: start / ticksPerMs });
  }

  /** Silent audio frames from where the audio track ends up to `untilMs`, when it has fallen AUDIO_STALL_MS behind the video. */
  private fillSilence(untilMs: number, events: RemuxEvent[]): void {
    const audio = this.audioDeclared ? this.audio : undefined;
    const silence = audio?.silence?.();
    if (!audio || !silence || this.audioNextTicks === undefined) return;
    const ticksPerMs = audio.timescale / 1000;
    const lagTicks = untilMs * ticksPerMs - this.audioNextTicks;
    if (lagTicks < AUDIO_STALL_MS * ticksPerMs) return;
    const count = Math.floor(lagTicks / silence.frameDuration);
    const start = this.audioNextTicks;
    this.audioNextTicks += count * silence.frameDuration;
    this.stats.silentAudioFrames += count;
    const samples = Array.from({ length: count }, () => ({ units: [silence.frame], duration: silence.frameDuration, keyframe: true }));
    events.push({ type: 'fragment', data: mediaFragment({ id: AUDIO_ID, kind: 'audio' }, samples, ++this.sequence, start), track: 'audio', keyframe: true, decodeTimeMs: start / ticksPerMs });
  }

  /** `timestamp` on the stream's timeline; a clock reset moves the base so that it lands on `expectedMs`. */
  private relativeMs(timestamp: number, expectedMs: number): number {
    const relative = timestamp - this.base!;
    if (Math.abs(relative - expectedMs) <= CLOCK_JUMP_MS) return relative;
    this.base = timestamp - expectedMs;
    return expectedMs;
  }

  private videoUnsupported(payloadType: number): { reason: 'h265' | 'avs' | 'svac' | 'codec'; codec: string } | undefined {
    if (payloadType === PayloadType.H264 || (payloadType === PayloadType.H265 && this.h265)) return undefined;
    if (payloadType === PayloadType.H265) return { reason: 'h265', codec: 'H.265' };
    if (payloadType === PayloadType.AVS) return { reason: 'avs', codec: 'AVS' };
    if (payloadType === PayloadType.SVAC) return { reason: 'svac', codec: 'SVAC' };
    return { reason: 'codec', codec: `video payload type ${payloadType}` };
  }

  /** The frame's NAL units for the mdat (no AUD, no parameter sets), and a configuration if it is a keyframe carrying them. */
  private videoFrameOf(frame: Jt1078Frame): VideoFrame {
    const hevc = frame.payloadType === PayloadType.H265;
    const sets = { vps: [] as Buffer[], sps: [] as Buffer[], pps: [] as Buffer[] };
    const units: Buffer[] = [];
    let idr = false;
    for (const nal of splitAnnexB(frame.data)) {
      const type = hevc ? h265NalType(nal) : h264NalType(nal);
      if (hevc) {
        if (type === H265Nal.VPS) sets.vps.push(nal);
        else if (type === H265Nal.SPS) sets.sps.push(nal);
        else if (type === H265Nal.PPS) sets.pps.push(nal);
        else if (type !== H265Nal.AUD) units.push(nal);
        if (type >= H265Nal.IRAP_FIRST && type <= H265Nal.IRAP_LAST) idr = true;
      } else {
        if (type === H264Nal.SPS) sets.sps.push(nal);
        else if (type === H264Nal.PPS) sets.pps.push(nal);
        else if (type !== H264Nal.AUD) units.push(nal);
        if (type === H264Nal.IDR) idr = true;
      }
    }
    // Parameter sets may come in the frames before the keyframe rather than in it.
    for (const kind of ['vps', 'sps', 'pps'] as const) if (sets[kind].length) this.parameterSets[kind] = sets[kind].map((unit) => Buffer.from(unit));
    const keyframe = idr || frame.dataType === DataType.I_FRAME;
    const config = keyframe ? this.configOf(hevc) : undefined;
    return { timestamp: frame.timestamp, units, keyframe, config };
  }

  private configOf(hevc: boolean): VideoConfig | undefined {
    const { vps, sps, pps } = this.parameterSets;
    if (!sps.length || !pps.length || (hevc && !vps.length)) return undefined;
    const key = [hevc ? 'h265' : 'h264', ...[...vps, ...sps, ...pps].map((unit) => unit.toString('hex'))].join(':');
    if (key === this.video?.key) return this.video;
    try {
      if (hevc) {
        const info = parseH265Sps(sps[0]);
        return { codec: h265CodecString(info), width: info.width, height: info.height, sampleEntry: visualSampleEntry('hvc1', info.width, info.height, box('hvcC', buildHvcC(vps, sps, pps))), key };
      }
      const info = parseH264Sps(sps[0]);
      return { codec: h264CodecString(info), width: info.width, height: info.height, sampleEntry: visualSampleEntry('avc1', info.width, info.height, box('avcC', buildAvcC(sps, pps))), key };
    } catch {
      // A parameter set too broken to read: wait for the next keyframe.
      return undefined;
    }
  }
}

const AUDIO_CODEC_NAMES: Record<number, string> = { 5: 'G.729', 9: 'G.729A', 19: 'AAC (not ADTS)', 25: 'MP3', 28: 'AMR' };

function audioCodecName(payloadType: number): string {
  return AUDIO_CODEC_NAMES[payloadType] ?? `audio payload type ${payloadType}`;
}
