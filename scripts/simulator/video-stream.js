// A simulated camera's media link: one TCP connection to the platform's media server carrying the
// sample as JT/T 1078 packets, paced in real time (or `speed` times faster for playback), looped,
// and controllable the way 0x9102 and 0x9202 control a stream.
const net = require('node:net');
const { setTimeout, clearTimeout } = require('node:timers');
const { performance } = require('node:perf_hooks');
const { loadSample, mediaTimeline, mediaLink, framePackets } = require('./video-packets');
const { h265Timeline, h265FramePackets } = require('./video-h265');

/** 0x9101 data types that carry video, and those that carry audio (0 both, 1 video, 2 talk, 3 listen, 4 broadcast). */
const VIDEO_TYPES = new Set([0, 1]);
const AUDIO_TYPES = new Set([0, 2, 3, 4]);
/** At this speed and above only keyframes go (a terminal fast-forwarding at 16x skips the rest). */
const KEYFRAMES_ONLY_SPEED = 16;

/**
 * Opens the media link and starts sending. Options: host, port, sim, simBytes (6|10), channel,
 * dataType (0 audio+video, 1 video, 2-4 audio only), videoFile/audioFile (default the committed
 * samples), speed (1), loop (true), startAt (the first packet's timestamp in ms, default now),
 * videoCodec ('h264' default, 'h265': the H.265 + AAC sample),
 * durationMs (end the link after this much media time; default never), keyframesOnly (false;
 * always at 16x), onClose(reason).
 * With video, audio goes only at 1x and not keyframe by keyframe: a terminal playing back faster
 * sends pictures only.
 */
function startMediaStream(options) {
  const {
    host,
    port,
    channel,
    dataType = 0,
    speed = 1,
    loop = true,
    durationMs = Infinity,
    onClose,
  } = options;
  // videoCodec 'h265': the committed H.265 + AAC sample (video-h265.js) instead of H.264 + G.711A.
  const h265 = options.videoCodec === 'h265';
  const timeline = h265 ? h265Timeline() : mediaTimeline(loadSample(options.videoFile, options.audioFile));
  const packetsOf = h265 ? h265FramePackets : framePackets;
  const keyframeTimes = timeline.entries.filter((entry) => entry.keyframe).map((entry) => entry.atMs);
  const link = mediaLink({ sim: options.sim, simBytes: options.simBytes, channel });
  const startAt = options.startAt ?? Date.now();
  const tracks = { video: VIDEO_TYPES.has(dataType), audio: AUDIO_TYPES.has(dataType) };

  const state = {
    speed,
    keyframesOnly: Boolean(options.keyframesOnly) || speed >= KEYFRAMES_ONLY_SPEED,
    paused: false,
    closed: false,
    connected: false,
  };
  // Where the media is: pass number and entry index; and the wall clock / media time the pacing counts from.
  let pass = 0;
  let index = 0;
  let clock = { wall: 0, media: 0 };
  let timer;
  const counters = { bytes: 0, packets: 0, frames: 0 };

  const socket = net.connect({ host, port });
  socket.setNoDelay(true);
  socket.on('connect', () => {
    state.connected = true;
    rebase(mediaTimeOf(pass, index));
    schedule();
  });
  socket.on('drain', () => {
    if (!state.paused) {
      rebase(mediaTimeOf(pass, index));
      schedule();
    }
  });
  socket.on('error', () => {}); // 'close' follows and reports it
  socket.on('close', () => finish('closed by the server'));

  const mediaTimeOf = (p, i) =>
    p * timeline.durationMs + (i < timeline.entries.length ? timeline.entries[i].atMs : timeline.durationMs);
  function rebase(media) {
    clock = { wall: performance.now(), media };
  }
  function wanted(entry) {
    if (!tracks[entry.kind]) return false;
    if (entry.kind === 'video') return entry.keyframe || !state.keyframesOnly;
    // Pictures played fast or keyframe by keyframe go without sound; an audio-only link keeps its sound.
    return !tracks.video || (state.speed === 1 && !state.keyframesOnly);
  }

  /** Sends everything due by now, then sleeps until the next entry is due (drift-corrected against the clock). */
  function pump() {
    timer = undefined;
    if (state.closed || state.paused || !state.connected) return;
    const due = clock.media + (performance.now() - clock.wall) * state.speed;
    for (;;) {
      if (index >= timeline.entries.length) {
        if (!loop) return end('end of the media');
        pass++;
        index = 0;
      }
      const at = mediaTimeOf(pass, index);
      if (at >= durationMs) return end('end of the requested range');
      if (at > due) break;
      const entry = timeline.entries[index++];
      if (!wanted(entry)) continue;
      let writable = true;
      for (const packet of packetsOf(link, entry, startAt + at)) {
        writable = socket.write(packet);
        counters.bytes += packet.length;
        counters.packets++;
      }
      counters.frames++;
      // A slow reader: wait for 'drain' (which rebases the clock) rather than buffer without bound.
      if (!writable) return;
    }
    schedule();
  }

  function schedule() {
    if (timer || state.closed || state.paused) return;
    const next = mediaTimeOf(pass, index);
    const delay = Math.max(0, (next - clock.media) / state.speed - (performance.now() - clock.wall));
    timer = setTimeout(pump, delay);
  }

  function end(reason) {
    socket.end();
    finish(reason);
  }

  function finish(reason) {
    if (state.closed) return;
    state.closed = true;
    clearTimeout(timer);
    timer = undefined;
    onClose?.(reason);
  }

  /** Moves the media position, keeping the pacing continuous (no burst, no gap). */
  function restart(mutate) {
    const media = mediaTimeOf(pass, index);
    clearTimeout(timer);
    timer = undefined;
    mutate();
    rebase(media);
    schedule();
  }

  return {
    counters,
    /** The first packet's timestamp (ms): media time 0. */
    startAt,
    dataType,
    get closed() {
      return state.closed;
    },
    get paused() {
      return state.paused;
    },
    pause() {
      state.paused = true;
      clearTimeout(timer);
      timer = undefined;
    },
    resume() {
      if (!state.paused) return;
      state.paused = false;
      restart(() => {});
    },
    /** Playback speed (1, 2, 4, 8, 16); 16x sends keyframes only. */
    setSpeed(n) {
      restart(() => {
        state.speed = n > 0 ? n : 1;
        state.keyframesOnly = state.speed >= KEYFRAMES_ONLY_SPEED;
      });
    },
    /** Only keyframes from now on (0x9202 keyframe play / rewind), or all frames again. */
    setKeyframesOnly(on) {
      restart(() => (state.keyframesOnly = on || state.speed >= KEYFRAMES_ONLY_SPEED));
    },
    /** Stops sending audio or video (0x9102 close of one track); a link with neither left is closed. */
    dropTrack(kind) {
      tracks[kind] = false;
      if (!tracks.audio && !tracks.video) this.close();
    },
    /** Jumps to `ms` of media time (from the stream's start), at the keyframe at or before it so the picture decodes at once. */
    seek(ms) {
      const target = Math.max(0, ms);
      const p = loop ? Math.floor(target / timeline.durationMs) : 0;
      const within = Math.min(target - p * timeline.durationMs, timeline.durationMs);
      const keyframeAt = keyframeTimes.filter((t) => t <= within).pop() ?? 0;
      clearTimeout(timer);
      timer = undefined;
      pass = p;
      index = timeline.entries.findIndex((entry) => entry.atMs >= keyframeAt);
      rebase(mediaTimeOf(pass, index));
      schedule();
    },
    close() {
      if (state.closed) return;
      socket.destroy();
      finish('closed by the terminal');
    },
  };
}

module.exports = { startMediaStream };
