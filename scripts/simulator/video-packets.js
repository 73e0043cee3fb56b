// The simulated camera's media as JT/T 1078 packets: the committed H.264 sample split into access
// units (one per video frame), the G.711A sample cut into 40 ms frames, both laid on one timeline,
// and each frame cut into table-19 packets of at most 950 body bytes. Shared by the media sender
// (video-stream.js) and the benchmarks, which want the same bytes without the pacing.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { encodePacket, DataType, Subpackage, PayloadType, MAX_BODY } = require('@openfleet/jt1078');

const MEDIA_DIR = join(__dirname, 'media');
/** The sample's frame rate (25 fps: 40 ms a frame) and audio frame (320 A-law bytes = 40 ms at 8 kHz). */
const FRAME_MS = 40;
const AUDIO_FRAME_BYTES = 320;

const NAL_IDR = 5;
const NAL_SLICE = 1;

/** Offsets of the Annex-B start codes (00 00 01, or 00 00 00 01) and where each NAL unit's header byte is. */
function nalUnits(annexB) {
  const units = [];
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
 * Splits an H.264 Annex-B stream into access units, start codes kept: parameter sets and SEI
 * open a new unit after a picture, and a slice whose first_mb_in_slice is 0 (the first bit of its
 * exp-Golomb code set) starts a new picture. A unit holding an IDR slice is a keyframe.
 */
function splitAccessUnits(annexB) {
  const units = nalUnits(annexB);
  const frames = [];
  let current;
  let hasSlice = false;
  units.forEach((unit, i) => {
    const type = annexB[unit.header] & 0x1f;
    const isSlice = type === NAL_SLICE || type === NAL_IDR;
    const firstSliceOfPicture = isSlice && (annexB[unit.header + 1] & 0x80) !== 0;
    const opensUnit = !current || (hasSlice && (!isSlice || firstSliceOfPicture));
    if (opensUnit) {
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
 * One pass of the media as frames in send order: video frame n and audio frame n at n * 40 ms
 * (video first). `durationMs` is one pass (the longer of the two tracks).
 */
function mediaTimeline({ video, audio }) {
  const entries = [];
  const videoFrames = video ? splitAccessUnits(video) : [];
  const audioFrames = audio ? Math.floor(audio.length / AUDIO_FRAME_BYTES) : 0;
  for (let n = 0; n < Math.max(videoFrames.length, audioFrames); n++) {
    const atMs = n * FRAME_MS;
    if (n < videoFrames.length)
      entries.push({ atMs, kind: 'video', keyframe: videoFrames[n].keyframe, data: videoFrames[n].data });
    if (n < audioFrames)
      entries.push({
        atMs,
        kind: 'audio',
        keyframe: false,
        data: audio.subarray(n * AUDIO_FRAME_BYTES, (n + 1) * AUDIO_FRAME_BYTES),
      });
  }
  return { entries, durationMs: Math.max(videoFrames.length, audioFrames) * FRAME_MS };
}

const samples = new Map();
/** The committed sample files (or others given by path), read once. */
function loadSample(videoFile = join(MEDIA_DIR, 'sample.h264'), audioFile = join(MEDIA_DIR, 'sample.g711a')) {
  const key = `${videoFile}|${audioFile}`;
  if (!samples.has(key)) samples.set(key, { video: readFileSync(videoFile), audio: readFileSync(audioFile) });
  return samples.get(key);
}

/** The SIM field of a packet: the terminal's phone as 12 (BCD[6]) or 20 (BCD[10]) digits. */
function simDigits(sim, simBytes) {
  const width = (simBytes ?? (String(sim).length > 12 ? 10 : 6)) * 2;
  return String(sim).padStart(width, '0').slice(-width);
}

/**
 * Packs one frame into table-19 packets. `link` is the connection's state: its sim and channel,
 * the serial counter it shares across all its packets, and when the last (I) frame went, for the
 * interval fields. M is set on the frame's last packet.
 */
function framePackets(link, entry, timestamp) {
  const video = entry.kind === 'video';
  const dataType = video ? (entry.keyframe ? DataType.I_FRAME : DataType.P_FRAME) : DataType.AUDIO;
  let lastIFrameInterval = 0;
  let lastFrameInterval = 0;
  if (video) {
    if (entry.keyframe || link.lastIFrameAt === undefined) link.lastIFrameAt = timestamp;
    lastIFrameInterval = Math.min(0xffff, timestamp - link.lastIFrameAt);
    lastFrameInterval =
      link.lastFrameAt === undefined ? 0 : Math.min(0xffff, Math.max(0, timestamp - link.lastFrameAt));
    link.lastFrameAt = timestamp;
  }
  const count = Math.max(1, Math.ceil(entry.data.length / MAX_BODY));
  const packets = [];
  for (let i = 0; i < count; i++) {
    const subpackage =
      count === 1
        ? Subpackage.ATOMIC
        : i === 0
          ? Subpackage.FIRST
          : i === count - 1
            ? Subpackage.LAST
            : Subpackage.MIDDLE;
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

/** A connection's packet state: serials start at 0, one counter for audio and video. */
function mediaLink({ sim, simBytes, channel }) {
  return {
    sim: simDigits(sim, simBytes),
    channel,
    serial: 0,
    lastIFrameAt: undefined,
    lastFrameAt: undefined,
  };
}

/**
 * The whole sample (one pass, 8 s) as packets in send order, each with its media time (ms from the
 * start; timestamps in the packets are `startAt` + that). For benchmarks and tests.
 */
function packetsForSample({ sim, simBytes, channel = 1, withAudio = true, startAt = 0 }) {
  const { video, audio } = loadSample();
  const link = mediaLink({ sim, simBytes, channel });
  const out = [];
  for (const entry of mediaTimeline({ video, audio: withAudio ? audio : undefined }).entries)
    for (const packet of framePackets(link, entry, startAt + entry.atMs))
      out.push({ atMs: entry.atMs, packet });
  return out;
}

module.exports = {
  FRAME_MS,
  AUDIO_FRAME_BYTES,
  splitAccessUnits,
  mediaTimeline,
  loadSample,
  simDigits,
  framePackets,
  mediaLink,
  packetsForSample,
};
