// The sending side of JT/T 1078, for the terminal simulator, the tests and the benchmarks: an H.264
// Annex-B stream cut into access units, laid on one timeline with G.711 audio, and each frame cut
// into table-19 packets of at most 950 body bytes (the inverse of Jt1078FrameAssembler).
import { DataType, encodePacket, MAX_BODY, PayloadType, Subpackage } from './packet';

/** 25 fps video (40 ms a frame) and 320-byte G.711 audio frames (40 ms at 8 kHz). */
export const SAMPLE_FRAME_MS = 40;
export const AUDIO_FRAME_BYTES = 320;

const NAL_SLICE = 1;
const NAL_IDR = 5;

/** A frame on the sending timeline. */
export interface TimelineEntry {
  atMs: number;
  kind: 'video' | 'audio';
  keyframe: boolean;
  data: Buffer;
}

/** A connection's packet state: the SIM digits, the channel, one serial counter for audio and video. */
export interface PacketLink {
  sim: string;
  channel: number;
  serial: number;
  lastIFrameAt?: number;
  lastFrameAt?: number;
}

/** Offsets of the Annex-B start codes (00 00 01, or 00 00 00 01) and of each NAL unit's header byte. */
function nalUnits(annexB: Buffer): { start: number; header: number }[] {
  const units: { start: number; header: number }[] = [];
  for (let i = 0; i + 3 <= annexB.length; i++) {
    if (annexB[i] !== 0 || annexB[i + 1] !== 0) continue;
    if (annexB[i + 2] === 1) units.push({ start: i, header: i + 3 });
    else if (annexB[i + 2] === 0 && annexB[i + 3] === 1) units.push({ start: i, header: i + 4 });
    else continue;
    i = units[units.length - 1].header;
  }
  return units;
}

/**
 * An H.264 Annex-B stream as access units, start codes kept: parameter sets and SEI open a new
 * unit after a picture, and a slice whose first_mb_in_slice is 0 (the first bit of its exp-Golomb
 * code set) starts a new picture. A unit holding an IDR slice is a keyframe.
 */
export function h264AccessUnits(annexB: Buffer): { data: Buffer; keyframe: boolean }[] {
  const units = nalUnits(annexB);
  const frames: { start: number; end: number; keyframe: boolean }[] = [];
  let current: (typeof frames)[number] | undefined;
  let hasSlice = false;
  units.forEach((unit, i) => {
    const type = annexB[unit.header] & 0x1f;
    const isSlice = type === NAL_SLICE || type === NAL_IDR;
    const firstSliceOfPicture = isSlice && (annexB[unit.header + 1] & 0x80) !== 0;
    if (!current || (hasSlice && (!isSlice || firstSliceOfPicture))) {
      current = { start: unit.start, end: annexB.length, keyframe: false };
      frames.push(current);
      hasSlice = false;
    }
    if (isSlice) hasSlice = true;
    if (type === NAL_IDR) current.keyframe = true;
    current.end = i + 1 < units.length ? units[i + 1].start : annexB.length;
  });
  return frames.map(({ start, end, keyframe }) => ({ data: annexB.subarray(start, end), keyframe }));
}

/**
 * One pass of a sample as frames in send order: video frame n and audio frame n at n * 40 ms
 * (video first). `durationMs` is one pass (the longer of the two tracks).
 */
export function mediaTimeline(sample: { video?: Buffer; audio?: Buffer }): { entries: TimelineEntry[]; durationMs: number } {
  const entries: TimelineEntry[] = [];
  const videoFrames = sample.video ? h264AccessUnits(sample.video) : [];
  const audioFrames = sample.audio ? Math.floor(sample.audio.length / AUDIO_FRAME_BYTES) : 0;
  for (let n = 0; n < Math.max(videoFrames.length, audioFrames); n++) {
    const atMs = n * SAMPLE_FRAME_MS;
    if (n < videoFrames.length) entries.push({ atMs, kind: 'video', keyframe: videoFrames[n].keyframe, data: videoFrames[n].data });
    if (n < audioFrames) entries.push({ atMs, kind: 'audio', keyframe: false, data: sample.audio!.subarray(n * AUDIO_FRAME_BYTES, (n + 1) * AUDIO_FRAME_BYTES) });
  }
  return { entries, durationMs: Math.max(videoFrames.length, audioFrames) * SAMPLE_FRAME_MS };
}

/** The SIM field of a packet: the terminal's phone as 12 (BCD[6]) or 20 (BCD[10]) digits. */
export function simDigits(sim: string, simBytes?: 6 | 10): string {
  const width = (simBytes ?? (String(sim).length > 12 ? 10 : 6)) * 2;
  return String(sim).padStart(width, '0').slice(-width);
}

export function packetLink(options: { sim: string; simBytes?: 6 | 10; channel: number }): PacketLink {
  return { sim: simDigits(options.sim, options.simBytes), channel: options.channel, serial: 0 };
}

/** One frame as table-19 packets (H.264 or G.711A); M is set on the last, serials go on across frames. */
export function framePackets(link: PacketLink, entry: Pick<TimelineEntry, 'kind' | 'keyframe' | 'data'>, timestamp: number): Buffer[] {
  const video = entry.kind === 'video';
  const dataType = video ? (entry.keyframe ? DataType.I_FRAME : DataType.P_FRAME) : DataType.AUDIO;
  let lastIFrameInterval = 0;
  let lastFrameInterval = 0;
  if (video) {
    if (entry.keyframe || link.lastIFrameAt === undefined) link.lastIFrameAt = timestamp;
    lastIFrameInterval = Math.min(0xffff, timestamp - link.lastIFrameAt);
    lastFrameInterval = link.lastFrameAt === undefined ? 0 : Math.min(0xffff, Math.max(0, timestamp - link.lastFrameAt));
    link.lastFrameAt = timestamp;
  }
  const count = Math.max(1, Math.ceil(entry.data.length / MAX_BODY));
  const packets: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const subpackage = count === 1 ? Subpackage.ATOMIC : i === 0 ? Subpackage.FIRST : i === count - 1 ? Subpackage.LAST : Subpackage.MIDDLE;
    packets.push(
      encodePacket({
        marker: i === count - 1,
        payloadType: video ? PayloadType.H264 : PayloadType.G711A,
        serial: link.serial,
        sim: link.sim,
        channel: link.channel,
        dataType,
        subpackage,
        timestamp,
        lastIFrameInterval,
        lastFrameInterval,
        body: entry.data.subarray(i * MAX_BODY, (i + 1) * MAX_BODY),
      }),
    );
    link.serial = (link.serial + 1) & 0xffff;
  }
  return packets;
}

/** A whole sample (one pass) as packets in send order, each with its media time (ms from the start; packet timestamps are `startAt` + that). */
export function samplePackets(sample: { video: Buffer; audio?: Buffer }, options: { sim: string; simBytes?: 6 | 10; channel?: number; withAudio?: boolean; startAt?: number }): { atMs: number; packet: Buffer }[] {
  const link = packetLink({ sim: options.sim, simBytes: options.simBytes, channel: options.channel ?? 1 });
  const out: { atMs: number; packet: Buffer }[] = [];
  for (const entry of mediaTimeline({ video: sample.video, audio: options.withAudio === false ? undefined : sample.audio }).entries)
    for (const packet of framePackets(link, entry, (options.startAt ?? 0) + entry.atMs)) out.push({ atMs: entry.atMs, packet });
  return out;
}
