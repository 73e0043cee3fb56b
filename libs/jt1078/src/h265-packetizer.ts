// The sending side of JT/T 1078 for H.265 + AAC (the simulator's `--video-codec h265`, the tests
// and the benchmarks): an H.265 Annex-B stream cut into access units, AAC in ADTS cut into frames,
// both on one timeline, packed with payload types 99 and 19. The H.264 + G.711A side is packetizer.ts.
import { PayloadType } from './packet';
import { framePackets, SAMPLE_FRAME_MS, type PacketLink, type TimelineEntry } from './packetizer';

const AAC_SAMPLE_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
const H265_VPS = 32;
const H265_AUD = 35;
const H265_PREFIX_SEI = 39;
const H265_IRAP_FIRST = 16;
const H265_IRAP_LAST = 23;

/** Start code offsets (3- or 4-byte) and NAL header offsets of an Annex-B stream. */
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
 * An H.265 Annex-B stream as access units, start codes kept: a parameter set, delimiter or prefix
 * SEI after a picture's slices opens a new unit, and so does a slice with
 * first_slice_segment_in_pic_flag set (the first bit after the two-byte NAL header). A unit with an
 * IRAP slice (types 16-23) is a keyframe.
 */
export function h265AccessUnits(annexB: Buffer): { data: Buffer; keyframe: boolean }[] {
  const frames: { start: number; end: number; keyframe: boolean }[] = [];
  const units = nalUnits(annexB);
  let current: (typeof frames)[number] | undefined;
  let hasSlice = false;
  units.forEach((unit, i) => {
    const type = (annexB[unit.header] >> 1) & 0x3f;
    const isSlice = type < 32;
    const firstSlice = isSlice && (annexB[unit.header + 2] & 0x80) !== 0;
    const opensUnit = (type >= H265_VPS && type <= H265_AUD) || type === H265_PREFIX_SEI;
    if (!current || (hasSlice && (opensUnit || firstSlice))) {
      current = { start: unit.start, end: annexB.length, keyframe: false };
      frames.push(current);
      hasSlice = false;
    }
    if (isSlice) hasSlice = true;
    if (type >= H265_IRAP_FIRST && type <= H265_IRAP_LAST) current.keyframe = true;
    current.end = i + 1 < units.length ? units[i + 1].start : annexB.length;
  });
  return frames.map(({ start, end, keyframe }) => ({ data: annexB.subarray(start, end), keyframe }));
}

/** ADTS frames (headers kept) and how long each lasts: 1024 samples at the header's rate. */
export function adtsFrames(adts: Buffer): { data: Buffer; durationMs: number }[] {
  const frames: { data: Buffer; durationMs: number }[] = [];
  let pos = 0;
  while (pos + 7 <= adts.length && adts[pos] === 0xff && (adts[pos + 1] & 0xf0) === 0xf0) {
    const length = ((adts[pos + 3] & 0x03) << 11) | (adts[pos + 4] << 3) | (adts[pos + 5] >> 5);
    if (length < 7 || pos + length > adts.length) break;
    const rate = AAC_SAMPLE_RATES[(adts[pos + 2] >> 2) & 0x0f] ?? 16000;
    frames.push({ data: adts.subarray(pos, pos + length), durationMs: (1024 * 1000) / rate });
    pos += length;
  }
  return frames;
}

/** One pass of an H.265 + AAC sample as frames in send order (video frame n at n * 40 ms; audio by its sample count). */
export function h265Timeline(sample: { video: Buffer; audio?: Buffer }): { entries: TimelineEntry[]; durationMs: number } {
  const video = h265AccessUnits(sample.video).map((frame, n): TimelineEntry => ({ atMs: n * SAMPLE_FRAME_MS, kind: 'video', keyframe: frame.keyframe, data: frame.data }));
  let at = 0;
  const audio = (sample.audio ? adtsFrames(sample.audio) : []).map((frame): TimelineEntry => {
    const entry: TimelineEntry = { atMs: Math.round(at), kind: 'audio', keyframe: false, data: frame.data };
    at += frame.durationMs;
    return entry;
  });
  const entries = [...video, ...audio].sort((a, b) => a.atMs - b.atMs || (a.kind === 'video' ? -1 : 1));
  return { entries, durationMs: Math.max(video.length * SAMPLE_FRAME_MS, Math.round(at)) };
}

/** One frame as table-19 packets typed H.265 (99) or AAC (19): the H.264 packer's, with byte 5's payload type changed. */
export function h265FramePackets(link: PacketLink, entry: Pick<TimelineEntry, 'kind' | 'keyframe' | 'data'>, timestamp: number): Buffer[] {
  const payloadType = entry.kind === 'video' ? PayloadType.H265 : PayloadType.AAC;
  return framePackets(link, entry, timestamp).map((packet) => {
    packet[5] = (packet[5] & 0x80) | payloadType;
    return packet;
  });
}
