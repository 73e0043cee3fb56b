// How a simulated terminal with cameras (`--video`) answers the JT/T 1078 signalling: live streams
// (0x9101/0x9102), its recordings (0x9205 -> 0x1205), playback (0x9201/0x9202), file upload over
// FTP (0x9206/0x9207 -> 0x1206), attributes (0x9003 -> 0x1003) and PTZ (0x9301-0x9306). Without
// `--video` the stream and upload requests are answered "not supported".
const { generalReply } = require('./general-reply');
const { startMediaStream } = require('./video-stream');
const { loadSample } = require('./video-packets');
const { uploadRecording, controlUpload, cancelUploads } = require('./video-upload');
const { startTalkLink, TALK_DATA_TYPES } = require('./video-talk');

const NOT_SUPPORTED = 3;
const FAILED = 1;
const HOUR = 3_600_000;
const RECORDING_MS = 10 * 60_000;
const MAX_RESOURCES = 200;
/** 0x9201/0x9202 speed codes 1-5 (0: normal speed). */
const SPEEDS = [1, 1, 2, 4, 8, 16];
/** 0x1205 alarm flags: none, or bit 32 (video signal loss, the first JT/T 1078 video alarm). */
const NO_ALARM = '0000000000000000';
const SIGNAL_LOSS = '0000000100000000';

/** 'yyMMddHHmmss' (China time) to ms; NaN for zeros or nonsense. */
function bcdToMs(bcd) {
  if (!/^\d{12}$/.test(bcd ?? '') || bcd === '000000000000') return NaN;
  const [yy, mm, dd, hh, mi, ss] = bcd.match(/\d\d/g).map(Number);
  return Date.UTC(2000 + yy, mm - 1, dd, hh, mi, ss) - 8 * HOUR;
}

/** ms to 'yyMMddHHmmss' in China time. */
function msToBcd(ms) {
  const t = new Date(ms + 8 * HOUR).toISOString();
  return t.slice(2, 4) + t.slice(5, 7) + t.slice(8, 10) + t.slice(11, 13) + t.slice(14, 16) + t.slice(17, 19);
}

const channelCount = (terminal) => terminal.options.videoChannels ?? 4;

/** Bytes one ms of the sample (video and audio) takes, for plausible recording sizes. */
function bytesPerMs() {
  const { video, audio } = loadSample();
  return (video.length + audio.length) / 8000;
}

/** The terminal's media links by `live:<channel>` / `playback:<channel>`. */
function streamsOf(terminal) {
  terminal.videoStreams ??= new Map();
  return terminal.videoStreams;
}

/** Opens a media link for `key`, replacing the one there (one stream per channel and kind). */
function openStream(terminal, key, body, extra) {
  const streams = streamsOf(terminal);
  streams.get(key)?.close();
  const handle = startMediaStream({
    host: body.serverAddress,
    port: body.tcpPort,
    sim: terminal.phone,
    simBytes: terminal.phone.length > 12 ? 10 : 6,
    channel: body.channel,
    videoCodec: terminal.options?.videoCodec,
    ...extra,
    onClose: (reason) => {
      if (streams.get(key) === handle) streams.delete(key);
      terminal.log(`media link ${key} ended: ${reason}`);
    },
  });
  streams.set(key, handle);
  terminal.log(`media link ${key} -> ${body.serverAddress}:${body.tcpPort}`);
  return handle;
}

/** Opens the talk-back or broadcast link of a channel (`talk:<channel>`), replacing the one there. */
function openTalk(terminal, body) {
  const streams = streamsOf(terminal);
  const key = `talk:${body.channel}`;
  streams.get(key)?.close();
  const handle = startTalkLink({
    host: body.serverAddress,
    port: body.tcpPort,
    sim: terminal.phone,
    channel: body.channel,
    dataType: body.dataType,
    onClose: (reason) => {
      if (streams.get(key) === handle) streams.delete(key);
      terminal.log(`talk link ${key} ended: ${reason}`);
    },
  });
  streams.set(key, handle);
  terminal.log(`talk link ${key} (data type ${body.dataType}) -> ${body.serverAddress}:${body.tcpPort}`);
}

/** 0x9102 4 (close talk-back) and 0 with close type 0 or 1 (the channel's audio) end the channel's talk link. */
function controlTalk(terminal, body) {
  if (body.command === 4 || (body.command === 0 && (body.closeType ?? 0) <= 1)) streamsOf(terminal).get(`talk:${body.channel}`)?.close();
}

/** 0x9102: close (all, audio, video), switch stream, pause, resume, close talk. */
function controlLive(terminal, body) {
  controlTalk(terminal, body);
  const stream = streamsOf(terminal).get(`live:${body.channel}`);
  if (!stream) return;
  if (body.command === 0 && body.closeType === 1) stream.dropTrack('audio');
  else if (body.command === 0 && body.closeType === 2) stream.dropTrack('video');
  else if (body.command === 0 || (body.command === 4 && stream.dataType === 2)) stream.close();
  else if (body.command === 2) stream.pause();
  else if (body.command === 3) stream.resume();
  // 1 (switch main/sub stream): the simulated camera has one picture; nothing changes.
}

/** 0x9202: start/resume, pause, stop, fast-forward, keyframe rewind (played forward), seek, keyframe play. */
function controlPlayback(terminal, body) {
  const stream = streamsOf(terminal).get(`playback:${body.channel}`);
  if (!stream) return false;
  switch (body.control) {
    case 0:
      stream.setSpeed(1);
      stream.setKeyframesOnly(false);
      stream.resume();
      break;
    case 1:
      stream.pause();
      break;
    case 2:
      stream.close();
      break;
    case 3:
      stream.setSpeed(SPEEDS[body.speed] ?? 1);
      break;
    case 4:
    case 6:
      stream.setSpeed(body.control === 4 ? (SPEEDS[body.speed] ?? 1) : 1);
      stream.setKeyframesOnly(true);
      break;
    case 5: {
      const position = bcdToMs(body.position);
      if (Number.isFinite(position)) stream.seek(position - stream.startAt);
      break;
    }
    default:
      return false;
  }
  return true;
}

/**
 * 0x1205 items: the recordings the terminal "has", one 10-minute file per hour and channel (0: all
 * channels) within the window and not in the future, every fourth hour's flagged with video signal
 * loss; at most 200.
 */
function resourcesFor(terminal, body) {
  const end = Math.min(
    Number.isFinite(bcdToMs(body.endTime)) ? bcdToMs(body.endTime) : Date.now(),
    Date.now(),
  );
  const start = Number.isFinite(bcdToMs(body.startTime)) ? bcdToMs(body.startTime) : end - 24 * HOUR;
  const channels = body.channel
    ? [body.channel]
    : Array.from({ length: channelCount(terminal) }, (_, i) => i + 1);
  const wantedAlarms = BigInt(`0x${body.alarmFlags ?? NO_ALARM}`);
  const items = [];
  for (let hour = Math.floor(start / HOUR) * HOUR; hour < end && items.length < MAX_RESOURCES; hour += HOUR) {
    const from = Math.max(hour, start);
    const to = Math.min(hour + RECORDING_MS, end);
    if (to <= from) continue;
    const alarmFlags = Math.floor(hour / HOUR) % 4 === 0 ? SIGNAL_LOSS : NO_ALARM;
    if (wantedAlarms && !(BigInt(`0x${alarmFlags}`) & wantedAlarms)) continue;
    for (const channel of channels) {
      if (items.length >= MAX_RESOURCES) break;
      items.push({
        channel,
        startTime: msToBcd(from),
        endTime: msToBcd(to),
        alarmFlags,
        mediaType: 0,
        streamType: 1,
        storageType: 1,
        fileSize: Math.round((to - from) * bytesPerMs()),
      });
    }
  }
  return items;
}

/** Closes every media link and upload (the terminal stops). */
function closeVideo(terminal) {
  for (const stream of streamsOf(terminal).values()) stream.close();
  cancelUploads(terminal);
}

/** The replies to a JT/T 1078 command, with its effect applied; undefined for any other message. */
function videoRepliesFor(terminal, msg) {
  const body = msg.body ?? {};
  if (!terminal.options.video)
    return [0x9101, 0x9201, 0x9206].includes(msg.msgId) ? generalReply(msg, NOT_SUPPORTED) : undefined;
  switch (msg.msgId) {
    case 0x9003:
      return [
        {
          msgId: 0x1003,
          body: {
            audioEncoding: 6,
            audioChannels: 1,
            sampleRate: 0,
            sampleBits: 1,
            audioFrameLength: 320,
            audioOutput: 1,
            videoEncoding: 98,
            maxAudioChannels: 1,
            maxVideoChannels: channelCount(terminal),
          },
        },
      ];
    case 0x9101: {
      if (TALK_DATA_TYPES.has(body.dataType)) {
        setImmediate(() => openTalk(terminal, body));
        return generalReply(msg);
      }
      // The answer goes before the first packet: open the link once the reply is on its way.
      setImmediate(() => openStream(terminal, `live:${body.channel}`, body, { dataType: body.dataType }));
      return generalReply(msg);
    }
    case 0x9102:
      controlLive(terminal, body);
      return generalReply(msg);
    case 0x9205:
      return [{ msgId: 0x1205, body: { replySerial: msg.serial, items: resourcesFor(terminal, body) } }];
    case 0x9201: {
      const startMs = bcdToMs(body.startTime);
      const endMs = bcdToMs(body.endTime);
      if (!Number.isFinite(startMs)) return generalReply(msg, FAILED);
      setImmediate(() =>
        openStream(terminal, `playback:${body.channel}`, body, {
          dataType: body.mediaType === 1 ? 3 : body.mediaType === 2 ? 1 : 0,
          startAt: startMs,
          speed: SPEEDS[body.speed] ?? 1,
          durationMs: Number.isFinite(endMs) && endMs > startMs ? endMs - startMs : Infinity,
          // Keyframe rewind (played forwards here), keyframes only, single frame.
          keyframesOnly: [2, 3, 4].includes(body.playbackMode),
        }),
      );
      return generalReply(msg);
    }
    case 0x9202:
      return generalReply(msg, controlPlayback(terminal, body) ? 0 : FAILED);
    case 0x9206:
      setImmediate(() =>
        uploadRecording(terminal, msg).catch((error) => terminal.log(`upload: ${error.message}`)),
      );
      return generalReply(msg);
    case 0x9207:
      return generalReply(msg, controlUpload(terminal, body) ? 0 : FAILED);
    case 0x9301:
    case 0x9302:
    case 0x9303:
    case 0x9304:
    case 0x9305:
    case 0x9306:
      terminal.log(`PTZ 0x${msg.msgId.toString(16)} on channel ${body.channel}: ${JSON.stringify(body)}`);
      return generalReply(msg);
    default:
      return undefined;
  }
}

module.exports = { videoRepliesFor, closeVideo, resourcesFor, bcdToMs, msToBcd };
