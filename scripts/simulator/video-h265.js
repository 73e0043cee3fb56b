// The simulated camera's H.265 + AAC media (`--video-codec h265`): the committed samples
// media/sample.h265 and media/sample.aac, cut and packed by libs/jt1078's h265-packetizer (payload
// types 99 and 19). The H.264 path stays in video-packets.js.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { h265Timeline: timelineOf, h265FramePackets } = require('@openfleet/jt1078');

const MEDIA_DIR = join(__dirname, 'media');

let cached;
/** The committed H.265 and AAC samples, read once. */
function loadH265Sample() {
  cached ??= { video: readFileSync(join(MEDIA_DIR, 'sample.h265')), audio: readFileSync(join(MEDIA_DIR, 'sample.aac')) };
  return cached;
}

/** One pass of the committed sample as frames in send order. */
function h265Timeline(sample = loadH265Sample()) {
  return timelineOf(sample);
}

module.exports = { loadH265Sample, h265Timeline, h265FramePackets };
