// How a simulated terminal answers each platform command: the specific reply when the standard
// defines one, else the general reply 0x0001.
const { uploadEvidence } = require('./active-safety');
const { setTimeout } = require('node:timers');
const recorder = require('./recorder-replies');
const { generalReply } = require('./general-reply');
const { videoRepliesFor } = require('./video-replies');

function parameterItems(terminal, ids) {
  const all = Object.entries(terminal.parameters).map(([id, item]) => ({ id: Number(id), type: item.type, value: item.value }));
  return ids ? all.filter((item) => ids.includes(item.id)) : all;
}

const bcdToMs = (bcd) => (bcd ? Date.UTC(2000 + Number(bcd.slice(0, 2)), Number(bcd.slice(2, 4)) - 1, Number(bcd.slice(4, 6)), Number(bcd.slice(6, 8)), Number(bcd.slice(8, 10)), Number(bcd.slice(10, 12))) - 8 * 3_600_000 : NaN);

/** Stored media matching a 0x8802/0x8803 search: type, channel (0 all), event, time range (all zeros: no limit). */
function storedMatching(terminal, body) {
  const from = bcdToMs(body.startTime);
  const to = bcdToMs(body.endTime);
  return (terminal.storedMedia ?? []).filter(
    (item) =>
      item.mediaType === body.mediaType &&
      (!body.channel || item.channel === body.channel) &&
      item.event === (body.event ?? item.event) &&
      (!(from > 0) || item.takenAt >= from) &&
      (!(to > 0) || item.takenAt <= to + 999),
  );
}

/** Returns the messages to send back for a downlink message (may be empty), and applies its effect. */
function repliesFor(terminal, msg) {
  // A subpackaged command (a large 0x8108): every packet is answered; the last one carries the effect.
  if (msg.subpackage && msg.subpackage.index < msg.subpackage.total) return generalReply(msg);
  const video = videoRepliesFor(terminal, msg);
  if (video) return video;
  const body = msg.body ?? {};
  switch (msg.msgId) {
    case 0x9208:
      // Evidence of an active-safety alarm: uploaded on a link of its own, after the answer.
      setImmediate(() => uploadEvidence(terminal, body).catch((error) => terminal.log(`evidence upload: ${error.message}`)));
      return generalReply(msg);
    case 0x8103:
      for (const item of body.items ?? []) {
        terminal.parameters[item.id] = { type: item.type, value: item.value };
        if (item.id === 0x0029) terminal.intervalS = Number(item.value) || terminal.intervalS;
        if (item.id === 0x0001) terminal.heartbeatS = Number(item.value) || terminal.heartbeatS;
      }
      return generalReply(msg);
    case 0x8104:
      return [{ msgId: 0x0104, body: { replySerial: msg.serial, items: parameterItems(terminal) } }];
    case 0x8106:
      return [{ msgId: 0x0104, body: { replySerial: msg.serial, items: parameterItems(terminal, body.ids ?? []) } }];
    case 0x8107:
      return [{ msgId: 0x0107, body: terminal.attributes() }];
    case 0x8105:
      // 4 = reset: answer, then reconnect shortly after.
      if (body.command === 4) setTimeout(() => terminal.reconnect('reset command'), 1000).unref();
      return generalReply(msg);
    case 0x8201:
      return [{ msgId: 0x0201, body: { replySerial: msg.serial, location: terminal.location() } }];
    case 0x8202:
      terminal.temporaryTracking(body.intervalS, body.validityS);
      return generalReply(msg);
    case 0x8300:
      terminal.log(`text message: ${body.text ?? ''}`);
      return generalReply(msg);
    case 0x8301:
      terminal.events = body.type === 0 ? [] : body.events ?? [];
      // The driver presses the first event a moment later.
      if (terminal.events.length) terminal.later(1000, () => terminal.send(0x0301, { eventId: terminal.events[0].id }));
      return generalReply(msg);
    case 0x8302:
      if ((body.answers ?? []).length) terminal.later(1000, () => terminal.send(0x0302, { replySerial: msg.serial, answerId: body.answers[0].id }));
      return generalReply(msg);
    case 0x8303:
      terminal.infoMenu = body.type === 0 ? [] : body.items ?? [];
      if (terminal.infoMenu.length) terminal.later(1000, () => terminal.send(0x0303, { infoType: terminal.infoMenu[0].infoType, flag: 1 }));
      return generalReply(msg);
    case 0x8304:
    case 0x8400:
    case 0x8204:
      return generalReply(msg);
    case 0x8401:
      terminal.phonebook = body.type === 0 ? [] : body.contacts ?? [];
      return generalReply(msg);
    case 0x8203:
      terminal.log(`alarm ${body.alarmSerial} confirmed (types ${body.alarmTypes})`);
      return generalReply(msg);
    case 0x8500: {
      // 2013: flag bit0 locks the doors; 2019: control item 0x0001. Vendor items (engine, windows) are accepted too.
      const door = body.items ? body.items.find((item) => item.id === 1) : { param: body.flag & 1 ? '01' : '00' };
      if (door) terminal.doorLocked = door.param === '01';
      const location = terminal.location();
      if (terminal.doorLocked) location.status |= 1 << 12;
      return [{ msgId: 0x0500, body: { replySerial: msg.serial, location } }];
    }
    case 0x8700: {
      const body = recorder.collect(terminal, msg);
      return body ? [{ msgId: 0x0700, body }] : generalReply(msg, 3);
    }
    case 0x8701:
      return generalReply(msg, recorder.applySetting(terminal, msg) ? 0 : 2);
    case 0x8702:
      return [{ msgId: 0x0702, body: terminal.driverIdentity() }];
    case 0x8600:
    case 0x8601:
    case 0x8602:
    case 0x8603:
    case 0x8604:
    case 0x8605:
    case 0x8606:
    case 0x8607:
      return generalReply(msg);
    case 0x8608:
      return [{ msgId: 0x0608, body: { type: body.type ?? 1, count: 0, data: '' } }];
    case 0x8801: {
      // command: 0 stop, 0xFFFF record video (not simulated: answered "failed"), else the photo count.
      if (body.command === 0) return [{ msgId: 0x0805, body: { replySerial: msg.serial, result: 0, mediaIds: [] } }];
      if (body.command === 0xffff) return [{ msgId: 0x0805, body: { replySerial: msg.serial, result: 1 } }];
      const items = [];
      for (let i = 0; i < Math.min(body.command ?? 1, 5); i++) items.push(terminal.capture(0, body.channel ?? 1, 0, { resolution: body.resolution, quality: body.quality }));
      if (body.saveFlag !== 1) items.forEach((item, i) => terminal.later(300 + i * 300, () => terminal.uploadMedia(item)));
      return [{ msgId: 0x0805, body: { replySerial: msg.serial, result: 0, mediaIds: items.map((item) => item.mediaId) } }];
    }
    case 0x8802:
      return [{ msgId: 0x0802, body: { replySerial: msg.serial, items: storedMatching(terminal, body).map(({ mediaId, mediaType, channel, event, location }) => ({ mediaId, mediaType, channel, event, location })) } }];
    case 0x8803: {
      const items = storedMatching(terminal, body);
      items.forEach((item, i) => terminal.later(300 + i * 300, () => terminal.uploadMedia(item)));
      if (body.deleteFlag === 1) terminal.storedMedia = (terminal.storedMedia ?? []).filter((item) => !items.includes(item));
      return generalReply(msg);
    }
    case 0x8804: {
      if (body.command === 1) {
        const seconds = Math.min(body.durationS || 3, 3);
        const item = terminal.capture(1, 1, 0, { seconds });
        if (body.saveFlag !== 1) terminal.later(seconds * 1000, () => terminal.uploadMedia(item));
      }
      return generalReply(msg);
    }
    case 0x8805: {
      const item = (terminal.storedMedia ?? []).find((stored) => stored.mediaId === body.mediaId);
      if (!item) return generalReply(msg, 1);
      terminal.later(300, () => terminal.uploadMedia(item));
      if (body.deleteFlag === 1) terminal.storedMedia = terminal.storedMedia.filter((stored) => stored !== item);
      return generalReply(msg);
    }
    case 0x8108:
      // The packets are not reassembled here: the simulated upgrade always succeeds.
      terminal.later(2000, () => terminal.send(0x0108, { type: body.type ?? 0, result: 0 }));
      return generalReply(msg);
    case 0x8001:
    case 0x8100:
    case 0x8004:
    case 0x8003:
      return [];
    default:
      // Anything else is acknowledged as supported; the simulator has no behaviour for it.
      return generalReply(msg);
  }
}

module.exports = { repliesFor };
