// What a simulated terminal reports besides positions: the driver's IC card (0x0702) when it comes
// online, and J1939 CAN frames (0x0705) while the engine runs: EEC1 engine speed and ET1 coolant
// temperature, the signals the docs' example signal table decodes (docs/reports.md).

/** China-time digits YYMMDDhhmmss (0x0702 time). */
function bcdNow(ms = Date.now()) {
  return new Date(ms + 8 * 3_600_000).toISOString().replace(/[-T:]/g, '').slice(2, 14);
}

/** 0x0702 body of a card insertion for terminal `index` (2011: the identity fields alone). */
function driverCardBody(index, version) {
  const name = `司机${String(index % 1000).padStart(3, '0')}`;
  const certificate = `11010119900101${String(index % 10_000).padStart(4, '0')}`;
  if (version === '2011') return { name, idCard: certificate, certificate, issuer: '北京市交通委员会' };
  return { status: 1, time: bcdNow(), icResult: 0, name, certificate, issuer: '北京市交通委员会', expiry: '20301231', ...(version === '2019' ? { idCard: certificate } : {}) };
}

/** 0x0705 body: EEC1 (bus 0CF00400, engine speed 0.125 rpm/bit in bytes 4-5) and ET1 (bus 18FEEE00, coolant °C + 40 in byte 1). */
function canBody(speedKmh, coolantC, ms = Date.now()) {
  const time = new Date(ms + 8 * 3_600_000).toISOString();
  const receiveTime = `${time.slice(11, 13)}${time.slice(14, 16)}${time.slice(17, 19)}0${time.slice(20, 23)}`;
  const rpm = Math.round((speedKmh > 0 ? 900 + speedKmh * 22 : 750) / 0.125);
  const eec1 = Buffer.from('ffffff0000ffffff', 'hex');
  eec1.writeUInt16LE(rpm, 3);
  const et1 = Buffer.from('00ffffffffffffff', 'hex');
  et1[0] = Math.max(0, Math.min(250, Math.round(coolantC + 40)));
  return { receiveTime, items: [{ canId: 0x0cf00400, data: eec1.toString('hex') }, { canId: 0x18feee00, data: et1.toString('hex') }] };
}

module.exports = { driverCardBody, canBody };
