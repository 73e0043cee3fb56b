// The far side of `npm run bench:video`, in its own process so its CPU is not the server's:
// JT/T 1078 terminals streaming the committed sample over TCP, and WebSocket viewers.
//   node video-load.js <json>   json: { mediaPort, sims: [..12 digits], bitsPerSecond, seconds, viewerUrls: [[url...] per sim] }
// Prints one JSON line: bytes sent, per-viewer bytes and fragments received.
const { connect } = require('node:net');
const { WebSocket } = require('ws');
const { framePackets, loadSample, mediaLink, mediaTimeline } = require('../simulator/video-packets');

const options = JSON.parse(process.argv[2]);
/** Filler NAL units (H.264 type 12, which decoders skip) bring each video frame up to the bit rate asked for. */
const FILLER_NAL = 12;

/** One pass of the sample with its video frames padded to `bitsPerSecond` (audio as it is). */
function paddedTimeline(bitsPerSecond) {
  const timeline = mediaTimeline(loadSample());
  const video = timeline.entries.filter((entry) => entry.kind === 'video');
  const have = video.reduce((sum, entry) => sum + entry.data.length, 0);
  const extra = Math.max(0, Math.round(((bitsPerSecond / 8) * (timeline.durationMs / 1000) - have) / video.length) - 6);
  const filler = Buffer.concat([Buffer.from([0, 0, 0, 1, FILLER_NAL]), Buffer.alloc(extra, 0xff), Buffer.from([0x80])]);
  return { durationMs: timeline.durationMs, entries: timeline.entries.map((entry) => (entry.kind === 'video' ? { ...entry, data: Buffer.concat([entry.data, filler]) } : entry)) };
}

const timeline = paddedTimeline(options.bitsPerSecond);

/** A terminal's media link: the padded sample in real time, looped, with a fresh clock each pass. */
function sendStream(sim, deadline) {
  const socket = connect(options.mediaPort, '127.0.0.1');
  socket.on('error', () => undefined);
  const link = mediaLink({ sim, simBytes: 6, channel: 1 });
  const started = Date.now();
  let next = 0;
  let loop = 0;
  let bytes = 0;
  const tick = () => {
    const mediaNow = Date.now() - started;
    while (loop * timeline.durationMs + timeline.entries[next].atMs <= mediaNow) {
      const entry = timeline.entries[next];
      for (const packet of framePackets(link, entry, started + loop * timeline.durationMs + entry.atMs)) {
        bytes += packet.length;
        socket.write(packet);
      }
      if (++next === timeline.entries.length) {
        next = 0;
        loop++;
      }
    }
    if (Date.now() < deadline) setTimeout(tick, 10);
    else socket.end();
  };
  socket.once('connect', tick);
  return () => bytes;
}

function watch(url) {
  const counts = { bytes: 0, fragments: 0, texts: 0 };
  const ws = new WebSocket(url);
  ws.on('message', (data, isBinary) => {
    if (!isBinary) return counts.texts++;
    counts.bytes += data.length;
    counts.fragments++;
  });
  ws.on('error', () => undefined);
  return { counts, close: () => ws.close() };
}

const deadline = Date.now() + options.seconds * 1000;
const viewers = (options.viewerUrls ?? []).flat().map(watch);
const senders = options.sims.map((sim) => sendStream(sim, deadline));
setTimeout(() => {
  viewers.forEach((viewer) => viewer.close());
  process.stdout.write(`${JSON.stringify({ sentBytes: senders.reduce((sum, bytes) => sum + bytes(), 0), viewers: viewers.map((viewer) => viewer.counts) })}\n`);
  process.exit(0);
}, options.seconds * 1000 + 1500);
