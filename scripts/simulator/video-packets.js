// The simulated camera's media as JT/T 1078 packets: the committed H.264 and G.711A samples
// (scripts/simulator/media), cut and packed by libs/jt1078's packetizer. Shared by the media sender
// (video-stream.js), the uploader and the benchmarks, which want the same bytes without the pacing.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { AUDIO_FRAME_BYTES, SAMPLE_FRAME_MS: FRAME_MS, framePackets, h264AccessUnits: splitAccessUnits, mediaTimeline, packetLink, samplePackets, simDigits } = require('@openfleet/jt1078');

const MEDIA_DIR = join(__dirname, 'media');

const samples = new Map();
/** The committed sample files (or others given by path), read once. */
function loadSample(videoFile = join(MEDIA_DIR, 'sample.h264'), audioFile = join(MEDIA_DIR, 'sample.g711a')) {
  const key = `${videoFile}|${audioFile}`;
  if (!samples.has(key)) samples.set(key, { video: readFileSync(videoFile), audio: readFileSync(audioFile) });
  return samples.get(key);
}

/** A connection's packet state: serials start at 0, one counter for audio and video. */
function mediaLink({ sim, simBytes, channel }) {
  return packetLink({ sim, simBytes, channel });
}

/**
 * The whole sample (one pass, 8 s) as packets in send order, each with its media time (ms from the
 * start; timestamps in the packets are `startAt` + that). For benchmarks and tests.
 */
function packetsForSample({ sim, simBytes, channel = 1, withAudio = true, startAt = 0 }) {
  return samplePackets(loadSample(), { sim, simBytes, channel, withAudio, startAt });
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
