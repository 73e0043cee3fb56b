// The simulator's active-safety side (T/JSATL 12): ADAS and DSM alarms with attachments in its
// reports, and the upload of their evidence to the platform's attachment server after 0x9208.
const net = require('node:net');
const { decodeFrame, encodeFrame, encodeAttachmentData, Jt808Deframer } = require('@openfleet/jt808');
const media = require('./media-samples');

/** Data frames are sent in pieces of this size. */
const PIECE = 16 * 1024;

const bcdNow = () => {
  const t = new Date(Date.now() + 8 * 3_600_000).toISOString();
  return t.slice(2, 4) + t.slice(5, 7) + t.slice(8, 10) + t.slice(11, 13) + t.slice(14, 16) + t.slice(17, 19);
};

/** One ADAS (forward collision, lane departure, too close) or DSM (fatigue, phone, smoking, distraction) event with two photos to upload. */
function activeSafetyExtra(terminal, location) {
  const serial = (terminal.activeSafetySerial = ((terminal.activeSafetySerial ?? 0) + 1) & 0xff);
  const time = bcdNow();
  const common = {
    alarmId: (terminal.activeSafetyAlarmId = (terminal.activeSafetyAlarmId ?? 0) + 1),
    flag: 0,
    speedKmh: Math.min(255, Math.round(location.speed)),
    altitudeM: location.altitude,
    latitudeE6: Math.round(location.latitude * 1e6),
    longitudeE6: Math.round(location.longitude * 1e6),
    time,
    vehicleStatus: 1,
    identification: { terminalId: terminal.attributes().terminalId, time, serial, attachmentCount: 2, reserved: 0 },
  };
  if (Math.random() < 0.5) {
    return { id: 0x64, kind: 'adas', value: { ...common, eventType: 1 + Math.floor(Math.random() * 3), level: 1 + Math.floor(Math.random() * 2), frontSpeedKmh: 30, frontDistance: 12, departureType: 0, roadSignType: 0, roadSignValue: 0 } };
  }
  return { id: 0x65, kind: 'dsm', value: { ...common, eventType: 1 + Math.floor(Math.random() * 4), level: 1 + Math.floor(Math.random() * 2), fatigueLevel: 3, reserved: '00000000' } };
}

/** The evidence of one alarm: a road and a cab photo, named as T/JSATL 12 §4.5.4 names files. */
function evidenceFiles(alarmNumber, identification) {
  return [64, 65].map((channel, i) => ({
    name: `00_${channel}_${channel}01_${i}_${alarmNumber}.jpg`.slice(0, 50),
    fileType: 0,
    bytes: Buffer.from(media.photo(identification.serial * 2 + i, 1, 4)),
  }));
}

/** A link to the attachment server that sends 808 frames and waits for the answers. */
function openLink(host, port, phone, version) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const deframer = new Jt808Deframer();
    const received = [];
    let waiter;
    let serial = 0;
    socket.on('data', (chunk) => {
      for (const frame of deframer.push(chunk)) if (!(frame instanceof Error)) received.push(decodeFrame(frame));
      if (waiter) waiter();
    });
    socket.once('connect', () =>
      resolve({
        send(msgId, body) {
          socket.write(encodeFrame({ msgId, version, phone, serial: serial++, body }));
          return serial - 1;
        },
        write: (bytes) => socket.write(bytes),
        async expect(predicate, timeoutMs = 10_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const at = received.findIndex(predicate);
            if (at >= 0) return received.splice(at, 1)[0];
            if (Date.now() > deadline || socket.destroyed) throw new Error('attachment server did not answer');
            await new Promise((r) => {
              waiter = r;
              setTimeout(r, 200);
            });
          }
        },
        close: () => socket.end(),
      }),
    );
    socket.once('error', reject);
  });
}

/** Answers 0x9208: uploads the alarm's files, resending what 0x9212 says is missing (three tries). */
async function uploadEvidence(terminal, body) {
  const link = await openLink(body.serverIp, body.tcpPort, terminal.phone, terminal.options.version);
  try {
    const files = evidenceFiles(body.alarmNumber, body.identification);
    const ack = (serial) => link.expect((m) => m.msgId === 0x8001 && m.body.replySerial === serial);
    const listed = await ack(link.send(0x1210, { terminalId: terminal.attributes().terminalId, identification: body.identification, alarmNumber: body.alarmNumber, infoType: 0, files: files.map((f) => ({ name: f.name, size: f.bytes.length })) }));
    if (listed.body.result !== 0) throw new Error(`attachment list refused (${listed.body.result})`);
    for (const file of files) {
      await ack(link.send(0x1211, { name: file.name, fileType: file.fileType, size: file.bytes.length }));
      let ranges = [{ offset: 0, length: file.bytes.length }];
      for (let attempt = 0; attempt < 3 && ranges.length; attempt++) {
        for (const { offset, length } of ranges) {
          for (let at = offset; at < offset + length; at += PIECE) link.write(encodeAttachmentData(file.name, at, file.bytes.subarray(at, Math.min(offset + length, at + PIECE))));
        }
        link.send(0x1212, { name: file.name, fileType: file.fileType, size: file.bytes.length });
        const reply = await link.expect((m) => m.msgId === 0x9212 && m.body.name === file.name);
        ranges = reply.body.result === 0 ? [] : reply.body.missing;
      }
      terminal.stats.evidenceFiles = (terminal.stats.evidenceFiles ?? 0) + (ranges.length ? 0 : 1);
    }
  } finally {
    link.close();
  }
}

module.exports = { activeSafetyExtra, uploadEvidence };
