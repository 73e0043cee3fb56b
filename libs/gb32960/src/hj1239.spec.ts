// HJ 1239.3-2021 byte layouts written out by hand from the field tables (values chosen so each
// field's resolution and offset shows); BCCs computed here, apart from the codec.
import {
  decodeHj1239Frame,
  decodeHj1239Login,
  decodeHj1239Realtime,
  encodeHj1239Frame,
  encodeHj1239Login,
  encodeHj1239Realtime,
  Gb32960Deframer,
  Hj1239Command,
  type Hj1239Realtime,
} from './index';
import { code, hex } from './testing/bytes';

const VIN = 'LFWSRXSJ5N1A00001';
const VIN_HEX = Buffer.from(VIN).toString('hex');
const TIME = '1a 0b 19 08 00 1e'; // 2026-11-25 08:00:30
const TIME2 = '1a 0b 19 08 00 1c'; // 2026-11-25 08:00:28
const xor = (b: Buffer) => b.reduce((x, v) => x ^ v, 0);
/** "##" + header + data + BCC over everything from the command on. */
const frame = (command: string, data: string) => {
  const body = hex(command + VIN_HEX + '03' + '01' + (hex(data).length.toString(16).padStart(4, '0')) + data);
  return Buffer.concat([hex('2323'), body, Buffer.from([xor(body)])]);
};

// Diesel data stream (0x02), 37 bytes: speed 60 km/h (1/256), pressure 101 kPa (0.5), torque 40 % and
// friction 5 % (offset -125), 1500 rpm (0.125), fuel 12.5 L/h (0.05), NOx 450.5 and 30 ppm (0.05,
// -200), reagent 80 % (0.4), intake 600 kg/h (0.05), SCR 300 and 280.5 °C (0.03125, -273), DPF
// 2.5 kPa (0.1), coolant 85 °C (-40), fuel level 50 % (0.4), fix valid north east, 116.397128 E
// 39.916527 N (1e-6), odometer 12345.6 km (0.1).
const DIESEL = '3c00 ca a5 82 2ee0 00fa 32d2 11f8 c8 2ee0 47a0 4530 0019 7d 7d 00 06f01448 026113ef 0001e240';
// Supplementary stream (0x80), 17 bytes: torque mode 9, pedal 30 % (0.4), total fuel 10000.5 L (0.5),
// urea tank 25 °C (-40), dosing 1234.56 ml/h (0.01), total urea 5000 g (1), DPF exhaust 350 °C.
const SUPPLEMENT = '09 4b 00004e21 41 0001e240 00001388 4de0';
// OBD (0x01): J1939, MIL on, support 0x1234, readiness 0x0001, VIN, calibration id, CVN, IUPR 0..35, 2 codes.
const CALID = 'CAL123456789000000';
const CVN = 'ABCD12340000000000';
const IUPR = Buffer.from(Array.from({ length: 36 }, (_, i) => i)).toString('hex');
const OBD = '02 01 1234 0001' + VIN_HEX + Buffer.from(CALID).toString('hex') + Buffer.from(CVN).toString('hex') + IUPR + '02 00123456 0a0b0c0d';

describe('HJ 1239 frame', () => {
  it('time sync: "##", 0x05, VIN, software version, encryption 1, length 0, BCC', () => {
    const bytes = frame('05', '');
    expect(encodeHj1239Frame({ command: Hj1239Command.TIME_SYNC, vin: VIN, softwareVersion: 3, encryption: 1, data: Buffer.alloc(0) })).toEqual(bytes);
    expect(decodeHj1239Frame(bytes)).toEqual({ command: 5, vin: VIN, softwareVersion: 3, encryption: 1, data: Buffer.alloc(0) });
  });

  it('refuses a wrong BCC, a wrong length and a foreign start', () => {
    const bytes = frame('05', '');
    const badBcc = Buffer.from(bytes);
    badBcc[badBcc.length - 1] ^= 1;
    expect(code(() => decodeHj1239Frame(badBcc))).toBe('BCC_MISMATCH');
    expect(code(() => decodeHj1239Frame(Buffer.concat([bytes, hex('00')])))).toBe('LENGTH_MISMATCH');
    expect(code(() => decodeHj1239Frame(Buffer.concat([hex('7e7e'), bytes.subarray(2)])))).toBe('BAD_START');
  });

  it('the 32960 deframer splits an HJ 1239 stream (same 24-byte header, length at 22)', () => {
    const a = frame('02', TIME + '0001' + '02' + TIME2 + DIESEL);
    const b = frame('05', '');
    const deframer = new Gb32960Deframer();
    const joined = Buffer.concat([hex('00ff'), a, b]);
    expect([...deframer.push(joined.subarray(0, 30)), ...deframer.push(joined.subarray(30))]).toEqual([a, b]);
    expect(deframer.skippedBytes).toBe(2);
  });
});

describe('HJ 1239 data units', () => {
  it('login: time, serial, 20-character ICCID', () => {
    const data = hex(TIME + '0007' + Buffer.from('89860012345678901234').toString('hex'));
    expect(decodeHj1239Login(data)).toEqual({ time: '2026-11-25 08:00:30', serial: 7, iccid: '89860012345678901234' });
    expect(encodeHj1239Login({ time: '2026-11-25 08:00:30', serial: 7, iccid: '89860012345678901234' })).toEqual(data);
  });

  it('real-time: send time, serial, a diesel stream and a supplementary stream, each with its collection time', () => {
    const data = hex(TIME + '0102' + '02' + TIME2 + DIESEL + '80' + TIME2 + SUPPLEMENT);
    const realtime = decodeHj1239Realtime(data);
    expect(realtime).toEqual<Hj1239Realtime>({
      sentAt: '2026-11-25 08:00:30',
      serial: 0x0102,
      infos: [
        {
          type: 2,
          collectedAt: '2026-11-25 08:00:28',
          stream: {
            speedKmh: 60, atmosphericPressureKpa: 101, engineTorquePercent: 40, frictionTorquePercent: 5, engineRpm: 1500, fuelFlowLph: 12.5, noxUpstreamPpm: 450.5, noxDownstreamPpm: 30,
            reagentPercent: 80, intakeAirKgph: 600, scrInletTempC: 300, scrOutletTempC: 280.5, dpfPressureDropKpa: 2.5, coolantTempC: 85, fuelLevelPercent: 50, positionStatus: 0,
            longitude: 116.397128, latitude: 39.916527, odometerKm: 12345.6,
          },
        },
        { type: 0x80, collectedAt: '2026-11-25 08:00:28', supplement: { torqueMode: 9, acceleratorPercent: 30, totalFuelL: 10000.5, ureaTankTempC: 25, ureaDosingMlph: 1234.56, totalUreaG: 5000, dpfExhaustTempC: 350 } },
      ],
    });
    expect(encodeHj1239Realtime(realtime)).toEqual(data);
  });

  it('OBD: protocol, MIL, support and readiness bits, VIN, calibration id, CVN, IUPR and the fault codes', () => {
    const data = hex(TIME + '0001' + '01' + TIME2 + OBD);
    const [info] = decodeHj1239Realtime(data).infos;
    expect(info).toEqual({ type: 1, collectedAt: '2026-11-25 08:00:28', obd: { protocol: 2, mil: 1, diagnosticSupport: 0x1234, diagnosticReadiness: 1, vin: VIN, calibrationId: CALID, cvn: CVN, iupr: IUPR.toUpperCase(), faultCodes: [0x123456, 0x0a0b0c0d] } });
    expect(encodeHj1239Realtime(decodeHj1239Realtime(data))).toEqual(data);
  });

  it('0xFF.. is invalid and 0xFE.. abnormal, never a number; a fault count of 0xFE means no list', () => {
    const invalid = 'ffff ff fe ff ffff fffe ffff ffff ff ffff ffff ffff ffff ff ff 01 ffffffff ffffffff ffffffff';
    const [info] = decodeHj1239Realtime(hex(TIME + '0001' + '02' + TIME2 + invalid)).infos;
    expect(info).toMatchObject({ stream: { speedKmh: 'invalid', engineTorquePercent: 'abnormal', fuelFlowLph: 'abnormal', noxUpstreamPpm: 'invalid', positionStatus: 1, longitude: 'invalid', odometerKm: 'invalid' } });
    const obd = OBD.replace(/02 00123456 0a0b0c0d$/, 'fe');
    expect(decodeHj1239Realtime(hex(TIME + '0001' + '01' + TIME2 + obd)).infos[0]).toMatchObject({ obd: { faultCodes: null } });
  });

  it('a gas-engine or vendor body (layout not public) is kept raw with what follows; a reserved type is refused', () => {
    const realtime = decodeHj1239Realtime(hex(TIME + '0001' + '02' + TIME2 + DIESEL + '03' + TIME2 + 'aabbcc'));
    expect(realtime.infos[1]).toEqual({ type: 3, collectedAt: '2026-11-25 08:00:28', raw: hex('aabbcc') });
    expect(code(() => decodeHj1239Realtime(hex(TIME + '0001' + '04' + TIME2 + 'aabbcc')))).toBe('UNKNOWN_UNIT');
  });

  it('a stream cut short is TRUNCATED and a collection time that is no date BAD_FIELD', () => {
    expect(code(() => decodeHj1239Realtime(hex(TIME + '0001' + '02' + TIME2 + DIESEL.slice(0, 40))))).toBe('TRUNCATED');
    expect(code(() => decodeHj1239Realtime(hex(TIME + '0001' + '02' + '1a0d19080000' + DIESEL)))).toBe('BAD_FIELD');
  });
});
