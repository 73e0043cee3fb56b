// The simulated terminal's GB/T 19056 driving recorder: what 0x8700 collects (0x0700 with a
// 55 7A frame) and what 0x8701 sets. Records are made up from the terminal's motion so a
// 48 h speed or 360 h location query returns plausible blocks, limited by the request's range and
// block count.
const { encodeRecorderData, encodeRecorderFrame, decodeRecorderFrame, decodeRecorderData, decodeRecorderRange, RECORDER_UPLOAD_HEAD, RANGED_RECORDER_WORDS } = require('@openfleet/jt808');

const MINUTE = 60_000;
const LICENCE = '110101199003071234';

/** 'YYYY-MM-DD HH:mm:ss' in China time. */
const cst = (ms) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

function recorderOf(terminal) {
  terminal.recorder ??= {
    vehicle: { vin: `LSIM${String(terminal.index).padStart(13, '0')}`, plate: terminal.plate, plateClass: '大型货车' },
    installTime: '2024-01-01 08:00:00',
    initialMileageKm: 12.5,
    pulseCoefficient: 3600,
    signals: ['制动', '左转向', '右转向', '远光', '近光', 'D2', 'D1', 'D0'],
    clockOffsetMs: 0,
  };
  return terminal.recorder;
}

/** Minutes (or events) to report for a ranged collect: newest first, at most maxBlocks. */
function minutesIn(range, limit) {
  const toMs = (text) => Date.parse(`${text.replace(' ', 'T')}+08:00`);
  const end = Math.min(toMs(range.endTime), Date.now());
  const start = toMs(range.startTime);
  const out = [];
  for (let t = Math.floor(end / MINUTE) * MINUTE; t >= start && out.length < Math.min(range.maxBlocks || 1, limit); t -= MINUTE) out.push(t);
  return out;
}

function recordsFor(terminal, word, range) {
  const m = terminal.motion;
  const lat = m.latitude;
  const lon = m.longitude;
  const position = { longitude: Math.round(lon * 1e6) / 1e6, latitude: Math.round(lat * 1e6) / 1e6, altitudeM: Math.round(m.altitude) };
  const speedAt = (t, i) => Math.max(0, Math.round(35 + 25 * Math.sin((t / MINUTE + i / 60) * 0.7)));
  const minutes = minutesIn(range, 48 * 60);
  switch (word) {
    case 0x08:
      return minutes.map((t) => ({ start: cst(t), samples: Array.from({ length: 60 }, (_, i) => ({ speed: speedAt(t, i), status: speedAt(t, i) < 15 ? 0x80 : 0 })) }));
    case 0x09:
      return minutes.slice(0, 24).map((t) => ({ start: cst(t), points: Array.from({ length: 60 }, (_, i) => ({ longitude: position.longitude + i * 1e-4, latitude: position.latitude, altitudeM: position.altitudeM, speed: speedAt(t, i) })) }));
    case 0x10:
      return minutes.slice(0, 1).map((t) => ({ end: cst(t), licence: LICENCE, samples: Array.from({ length: 100 }, (_, i) => ({ speed: Math.max(0, 60 - i), status: i > 80 ? 0x80 : 0 })), position }));
    case 0x11:
      return minutes.slice(0, 1).map((t) => ({ licence: LICENCE, start: cst(t - 4.5 * 3_600_000), end: cst(t), startPosition: position, endPosition: position }));
    case 0x12:
      return minutes.slice(0, 2).map((t, i) => ({ time: cst(t), licence: LICENCE, event: i % 2 ? 2 : 1 }));
    case 0x13:
      return minutes.slice(0, 2).map((t, i) => ({ time: cst(t), event: i % 2 ? 2 : 1 }));
    case 0x14:
      return minutes.slice(0, 1).map((t) => ({ time: cst(t), code: 0xc3 }));
    case 0x15:
      return minutes.slice(0, 1).map((t) => ({ status: 1, start: cst(t), end: cst(t + MINUTE), samples: Array.from({ length: 60 }, (_, i) => ({ recorded: speedAt(t, i), reference: speedAt(t, i) + (i % 3) - 1 })) }));
    default:
      return [];
  }
}

function valueFor(terminal, word) {
  const r = recorderOf(terminal);
  const now = cst(Date.now() + r.clockOffsetMs);
  switch (word) {
    case 0x00: return { standardYear: 2012, modification: 0 };
    case 0x01: return { licence: LICENCE };
    case 0x02: return { time: now };
    case 0x03: return { time: now, installTime: r.installTime, initialMileageKm: r.initialMileageKm, totalMileageKm: Math.round((r.initialMileageKm + terminal.motion.mileageKm) * 10) / 10 };
    case 0x04: return { time: now, pulseCoefficient: r.pulseCoefficient };
    case 0x05: return r.vehicle;
    case 0x06: return { time: now, signals: r.signals };
    case 0x07: return { cccCode: 'C000123', model: 'OF-SIM-VDR', productionDate: '2024-01-01', serial: 100000 + terminal.index };
    default: return undefined;
  }
}

/** 0x0700 body answering a 0x8700 (its block decoded by the terminal's codec into `parsed`). */
function collect(terminal, msg) {
  const word = msg.body.command;
  let range = { startTime: cst(Date.now() - 3_600_000), endTime: cst(Date.now()), maxBlocks: 1 };
  try {
    const frame = decodeRecorderFrame(Buffer.from(msg.body.data ?? '', 'hex'));
    if (RANGED_RECORDER_WORDS.has(word) && frame.data.length) range = decodeRecorderRange(frame.data);
  } catch {
    // An empty or bare block: the defaults above.
  }
  const value = RANGED_RECORDER_WORDS.has(word) ? { records: recordsFor(terminal, word, range) } : valueFor(terminal, word);
  if (!value) return undefined;
  const data = encodeRecorderFrame(RECORDER_UPLOAD_HEAD, word, encodeRecorderData(word, value));
  return { replySerial: msg.serial, command: word, data: data.toString('hex') };
}

/** Applies a 0x8701 setting; false when the block does not parse. */
function applySetting(terminal, msg) {
  const r = recorderOf(terminal);
  try {
    const frame = decodeRecorderFrame(Buffer.from(msg.body.data ?? '', 'hex'));
    const value = decodeRecorderData(frame.command, frame.data);
    if (frame.command === 0x82) r.vehicle = value;
    else if (frame.command === 0x83) r.installTime = value.installTime;
    else if (frame.command === 0x84) r.signals = value.signals;
    else if (frame.command === 0xc2) r.clockOffsetMs = Date.parse(`${value.time.replace(' ', 'T')}+08:00`) - Date.now();
    else if (frame.command === 0xc3) r.pulseCoefficient = value.pulseCoefficient;
    else if (frame.command === 0xc4) {
      r.installTime = value.installTime;
      r.initialMileageKm = value.initialMileageKm;
    }
    return true;
  } catch {
    return false;
  }
}

module.exports = { collect, applySetting };
