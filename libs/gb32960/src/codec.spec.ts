// GB/T 32960.3-2016 byte layouts written out by hand from the standard's tables (values chosen so
// each field's scale and offset shows), frames with their BCC computed apart from this codec.
import {
  Command,
  decodeFrame,
  decodeLogout,
  decodePlatformLogin,
  decodeRealtime,
  decodeVehicleLogin,
  encodeFrame,
  encodeLogout,
  encodePlatformLogin,
  encodeRealtime,
  encodeTime,
  encodeVehicleLogin,
  Gb32960Deframer,
  splitCellVoltages,
  timeMs,
  type RealtimeUnit,
} from './index';
import { code, hex } from './testing/bytes';

const VIN = 'LSVAU2180N2183294';
const VIN_HEX = Buffer.from(VIN).toString('hex');
const TIME = '1a 0b 18 0a 1e 00'; // 2026-11-24 10:30:00: year - 2000, month, day, hour, minute, second

describe('frame', () => {
  it('heartbeat: "##", command, 0xFE, VIN, encryption 1, length 0, BCC from the command on', () => {
    const bytes = encodeFrame({ command: Command.HEARTBEAT, response: 0xfe, vin: VIN, encryption: 1, data: Buffer.alloc(0) });
    expect(bytes.toString('hex')).toBe('2323' + '07' + 'fe' + VIN_HEX + '01' + '0000' + 'd7');
    expect(decodeFrame(bytes)).toEqual({ edition: '2016', command: 7, response: 0xfe, vin: VIN, encryption: 1, data: Buffer.alloc(0) });
  });

  it('the login answer carries the time and response flag 0x01', () => {
    expect(encodeFrame({ command: 1, response: 1, vin: VIN, encryption: 1, data: encodeTime('2026-11-24 10:30:00') }).toString('hex')).toBe('2323' + '01' + '01' + VIN_HEX + '01' + '0006' + hex(TIME).toString('hex') + '35');
  });

  it('refuses a wrong BCC, a wrong length, a bad start, a short frame, and recognises 2025 ("$$") without decoding it', () => {
    const good = hex('2323 07fe' + VIN_HEX + '01 0000 d7');
    expect(code(() => decodeFrame(good))).toBe('ok');
    expect(code(() => decodeFrame(hex('2323 07fe' + VIN_HEX + '01 0000 d8')))).toBe('BCC_MISMATCH');
    expect(code(() => decodeFrame(hex('2323 07fe' + VIN_HEX + '01 0001 d7')))).toBe('LENGTH_MISMATCH');
    expect(code(() => decodeFrame(hex('2424 07fe' + VIN_HEX + '01 0000 d7')))).toBe('UNSUPPORTED_EDITION');
    expect(code(() => decodeFrame(hex('2a2a 07fe' + VIN_HEX + '01 0000 d7')))).toBe('BAD_START');
    expect(code(() => decodeFrame(hex('2323 07fe')))).toBe('TRUNCATED');
  });

  it('splits a stream across chunks, skips garbage and drops an announced length over the limit', () => {
    const frame = hex('2323 07fe' + VIN_HEX + '01 0000 d7');
    const deframer = new Gb32960Deframer(1024);
    expect(deframer.push(Buffer.concat([hex('0102'), frame.subarray(0, 5)]))).toEqual([]);
    expect(deframer.push(Buffer.concat([frame.subarray(5), frame]))).toEqual([frame, frame]);
    expect(deframer.skippedBytes).toBe(2);
    const huge = Buffer.from(frame);
    huge.writeUInt16BE(5000, 22);
    expect(deframer.push(Buffer.concat([huge, frame]))).toEqual([frame]);
    expect(deframer.oversizeFrames).toBe(1);
  });
});

describe('vehicle login (table 6)', () => {
  it('time, serial, ICCID BYTE[20], subsystem count and code length, codes', () => {
    const data = hex(TIME + '0001' + Buffer.from('89860012345678901234').toString('hex') + '01 0c' + Buffer.from('BATT00000001').toString('hex'));
    const login = { time: '2026-11-24 10:30:00', serial: 1, iccid: '89860012345678901234', subsystemCodes: ['BATT00000001'] };
    expect(encodeVehicleLogin(login).equals(data)).toBe(true);
    expect(decodeVehicleLogin(data)).toEqual(login);
    const frame = encodeFrame({ command: 1, response: 0xfe, vin: VIN, encryption: 1, data });
    expect(frame.toString('hex')).toBe('232301fe' + VIN_HEX + '01002a' + data.toString('hex') + 'e2');
  });
});

describe('logout and platform login (tables 20-22)', () => {
  it('vehicle logout: time, login serial; platform login: time, serial, user BYTE[12], password BYTE[20], encryption', () => {
    expect(encodeLogout({ time: '2026-11-24 10:30:00', serial: 7 }).toString('hex')).toBe(hex(TIME + '0007').toString('hex'));
    expect(decodeLogout(hex(TIME + '0007'))).toEqual({ time: '2026-11-24 10:30:00', serial: 7 });
    const platform = hex(TIME + '0001' + Buffer.from('openfleet').toString('hex') + '000000' + Buffer.from('secret').toString('hex') + '00'.repeat(14) + '01');
    expect(encodePlatformLogin({ time: '2026-11-24 10:30:00', serial: 1, username: 'openfleet', password: 'secret', encryption: 1 }).equals(platform)).toBe(true);
    expect(decodePlatformLogin(platform)).toEqual({ time: '2026-11-24 10:30:00', serial: 1, username: 'openfleet', password: 'secret', encryption: 1 });
    expect(code(() => decodeLogout(hex(TIME + '000700')))).toBe('LENGTH_MISMATCH');
    expect(code(() => decodeLogout(hex('1a 0d 18 0a 1e 00 0007')))).toBe('BAD_FIELD');
  });
});

describe('real-time units (tables 9-19)', () => {
  const cases: [string, string, RealtimeUnit][] = [
    [
      '0x01 whole vehicle: speed 0.1 km/h, mileage 0.1 km, voltage 0.1 V, current 0.1 A - 1000 A, gear bits',
      '01 01 03 01 025d 0001e240 0dae 2695 50 01 2e 1388 1e 00',
      { type: 1, vehicle: { vehicleState: 1, chargeState: 3, runMode: 1, speedKmh: 60.5, mileageKm: 12345.6, voltageV: 350.2, currentA: -12.3, socPercent: 80, dcdcState: 1, gear: 0x2e, insulationKOhm: 5000, acceleratorPercent: 30, brakePercent: 0 } },
    ],
    [
      '0x02 drive motors: temperatures - 40, speed - 20000 rpm, torque 0.1 - 2000 N·m, current - 1000 A',
      '02 01 01 01 55 59d8 52d5 64 0daa 2904',
      { type: 2, motors: [{ seq: 1, state: 1, controllerTempC: 45, speedRpm: 3000, torqueNm: 120.5, tempC: 60, controllerVoltageV: 349.8, controllerCurrentA: 50 }] },
    ],
    [
      '0x03 fuel cell: probes, hydrogen temperature 0.1 - 40, pressure 0.1 MPa',
      '03 0bb8 03e8 0055 0002 64 65 0451 01 0078 02 015e 01 01',
      { type: 3, fuelCell: { voltageV: 300, currentA: 100, consumptionKgPer100km: 0.85, probeTempsC: [60, 61], h2MaxTempC: 70.5, h2MaxTempProbe: 1, h2MaxConcentrationPpm: 120, h2MaxConcentrationSensor: 2, h2MaxPressureMpa: 35, h2MaxPressureSensor: 1, dcdcState: 1 } },
    ],
    ['0x04 engine: state, crankshaft rpm, 0.01 L/100 km', '04 01 05dc 0352', { type: 4, engine: { state: 1, crankshaftRpm: 1500, consumptionLPer100km: 8.5 } }],
    ['0x05 position: status, longitude then latitude in 1e-6 degrees', '05 00 06f01448 0260f76e', { type: 5, position: { status: 0, longitude: 116.397128, latitude: 39.90923 } }],
    [
      '0x06 extremes: cell numbers, 0.001 V, temperatures - 40',
      '06 01 17 0d54 01 05 0ce2 01 03 4b 01 0a 44',
      { type: 6, extremes: { maxVoltageSubsystem: 1, maxVoltageCell: 23, maxCellVoltageV: 3.412, minVoltageSubsystem: 1, minVoltageCell: 5, minCellVoltageV: 3.298, maxTempSubsystem: 1, maxTempProbe: 3, maxTempC: 35, minTempSubsystem: 1, minTempProbe: 10, minTempC: 28 } },
    ],
    [
      '0x07 alarms: level, flags (bit 1 battery high temperature, bit 11 insulation), four fault lists',
      '07 02 00000802 01 00000011 00 00 00',
      { type: 7, alarms: { maxLevel: 2, flags: 0x802, packFaults: [0x11], motorFaults: [], engineFaults: [], otherFaults: [] } },
    ],
    [
      '0x08 cell voltages: subsystem, totals, first cell, the frame’s cells, an abnormal one kept as such',
      '08 01 01 0dae 2695 0060 0001 03 0d54 0ce4 fffe',
      { type: 8, voltages: [{ subsystem: 1, voltageV: 350.2, currentA: -12.3, totalCells: 96, firstCell: 1, cellVoltagesV: [3.412, 3.3, 'abnormal'] }] },
    ],
    ['0x09 probe temperatures: WORD count, - 40, an invalid one kept as such', '09 01 01 0002 4b ff', { type: 9, temperatures: [{ subsystem: 1, probeTempsC: [35, 'invalid'] }] }],
    ['0x80 vendor unit kept raw with its WORD length', '80 0003 aabbcc', { type: 0x80, raw: hex('aabbcc') }],
  ];

  it.each(cases)('%s', (_, bytes, unit) => {
    const data = hex(TIME + bytes);
    expect(encodeRealtime({ time: '2026-11-24 10:30:00', units: [unit] }).toString('hex')).toBe(data.toString('hex'));
    expect(decodeRealtime(data)).toEqual({ time: '2026-11-24 10:30:00', units: [unit] });
  });

  it('checks and moves past every unit it is not asked to decode, landing exactly on the next one', () => {
    const all = cases.map(([, bytes]) => bytes).join(' ');
    const data = hex(TIME + all);
    const position = cases[4]![2];
    // Every layout skipped but the position (which comes after 0x01-0x04) and the vendor unit after the rest.
    expect(decodeRealtime(data, new Set([5, 0x80]))).toEqual({ time: '2026-11-24 10:30:00', units: [position, cases.at(-1)![2]] });
    expect(decodeRealtime(data, new Set()).units).toEqual([]);
    // Each unit truncated by one byte is refused when skipped too.
    for (const [name, bytes] of cases) {
      const cut = hex(TIME + bytes).subarray(0, -1);
      expect([name, code(() => decodeRealtime(cut, new Set()))]).toEqual([name, 'TRUNCATED']);
    }
    expect(code(() => decodeRealtime(hex(TIME + '0a 00'), new Set()))).toBe('UNKNOWN_UNIT');
    expect(code(() => decodeRealtime(hex(TIME + '08 01 01 0dae 2695 00c9 0001 c9' + '0d54'.repeat(201)), new Set()))).toBe('BAD_FIELD');
  });

  it('a whole real-time frame: two units, BCC over everything', () => {
    const data = hex(TIME + '01 01 03 01 025d 0001e240 0dae 2695 50 01 2e 1388 1e 00' + '05 00 06f01448 0260f76e');
    expect(encodeFrame({ command: 2, response: 0xfe, vin: VIN, encryption: 1, data }).toString('hex')).toBe('232302fe' + VIN_HEX + '010025' + data.toString('hex') + 'aa');
  });

  it('turns 0xFFFE/0xFFFF and 0xFE/0xFF into abnormal/invalid, never into numbers', () => {
    const [unit] = decodeRealtime(hex(TIME + '01 fe ff 01 fffe ffffffff fffe ffff fe fe ff fffe fe ff')).units as unknown as [{ vehicle: Record<string, unknown> }];
    expect(unit.vehicle).toMatchObject({ vehicleState: 0xfe, chargeState: 0xff, speedKmh: 'abnormal', mileageKm: 'invalid', voltageV: 'abnormal', currentA: 'invalid', socPercent: 'abnormal', insulationKOhm: 'abnormal', acceleratorPercent: 'abnormal', brakePercent: 'invalid' });
  });

  it('refuses an unknown unit type, a truncated unit and more than 200 cells in a frame', () => {
    expect(code(() => decodeRealtime(hex(TIME + '0a 00')))).toBe('UNKNOWN_UNIT');
    expect(code(() => decodeRealtime(hex(TIME + '05 00 06f014')))).toBe('TRUNCATED');
    expect(code(() => decodeRealtime(hex(TIME + '08 01 01 0dae 2695 00c9 0001 c9' + '0d54'.repeat(201))))).toBe('BAD_FIELD');
  });

  it('splits 250 cells into frames of 200 and 50, each naming its first cell', () => {
    const cells = Array.from({ length: 250 }, (_, i) => 3 + i / 1000);
    const frames = splitCellVoltages({ subsystem: 1, voltageV: 350, currentA: 0, cellVoltagesV: cells });
    expect(frames.map((f) => [f.firstCell, f.cellVoltagesV.length, f.totalCells])).toEqual([
      [1, 200, 250],
      [201, 50, 250],
    ]);
    for (const f of frames) expect(() => encodeRealtime({ time: '2026-11-24 10:30:00', units: [{ type: 8, voltages: [f] }] })).not.toThrow();
  });
});

describe('timeMs', () => {
  it('reads a BYTE[6] China time as epoch ms, across the UTC day and year boundary', () => {
    expect(timeMs(hex(TIME))).toBe(Date.parse('2026-11-24T10:30:00+08:00'));
    expect(timeMs(hex('ff 1a 01 01 03 00 05'), 1)).toBe(Date.parse('2025-12-31T19:00:05Z'));
  });
});
