// How a simulated terminal answers each platform command: the specific reply when the standard
// defines one, else the general reply 0x0001.
const { setTimeout } = require('node:timers');

const OK = 0;

function generalReply(msg, result = OK) {
  return [{ msgId: 0x0001, body: { replySerial: msg.serial, replyId: msg.msgId, result } }];
}

function parameterItems(terminal, ids) {
  const all = Object.entries(terminal.parameters).map(([id, item]) => ({ id: Number(id), type: item.type, value: item.value }));
  return ids ? all.filter((item) => ids.includes(item.id)) : all;
}

/** Returns the messages to send back for a downlink message (may be empty), and applies its effect. */
function repliesFor(terminal, msg) {
  const body = msg.body ?? {};
  switch (msg.msgId) {
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
    case 0x8500:
      return [{ msgId: 0x0500, body: { replySerial: msg.serial, location: terminal.location() } }];
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
    case 0x8801:
      return [{ msgId: 0x0805, body: { replySerial: msg.serial, result: 0, mediaIds: [terminal.nextMediaId()] } }];
    case 0x8108:
      setTimeout(() => terminal.send(0x0108, { type: body.type ?? 0, result: 0 }), 2000).unref();
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
