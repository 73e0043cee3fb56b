// Test vectors assembled by hand from the field tables of JT/T 808-2011/2013/2019 and JT/T 1078.
// Each body is written field by field with a comment; the header, checksum and escaping are added
// by `buildFrame` below, which deliberately does not use the library.

export type Version = '2011' | '2013' | '2019';

export interface Vector {
  name: string;
  msgId: number;
  version: Version;
  /** Body hex; `//` comments and whitespace are stripped. */
  body: string;
  /** The decoded body, exactly (undefined fields omitted). */
  expect: unknown;
  phone?: string;
  serial?: number;
  subpackage?: { total: number; index: number };
}

/** Strips comments and whitespace from annotated hex. */
export function h(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .join('')
    .replace(/\s+/g, '')
    .toLowerCase();
}

const pad = (bytes: number) => '00'.repeat(bytes);

/** Header + body + XOR checksum, escaped, between 0x7E flags. Independent of the library on purpose. */
export function buildFrame(v: Vector): Buffer {
  const body = Buffer.from(h(v.body), 'hex');
  const is2019 = v.version === '2019';
  const phone = (v.phone ?? (is2019 ? '00000000013912345678' : '013912345678')).padStart(
    is2019 ? 20 : 12,
    '0',
  );
  let props = body.length;
  if (v.subpackage) props |= 0x2000;
  if (is2019) props |= 0x4000;
  const parts = [
    v.msgId.toString(16).padStart(4, '0'),
    props.toString(16).padStart(4, '0'),
    is2019 ? '01' : '',
    phone,
    (v.serial ?? 1).toString(16).padStart(4, '0'),
    v.subpackage
      ? v.subpackage.total.toString(16).padStart(4, '0') + v.subpackage.index.toString(16).padStart(4, '0')
      : '',
  ];
  const content = Buffer.concat([Buffer.from(parts.join(''), 'hex'), body]);
  const sum = content.reduce((a, b) => a ^ b, 0);
  const out: number[] = [0x7e];
  for (const b of [...content, sum]) {
    if (b === 0x7e) out.push(0x7d, 0x02);
    else if (b === 0x7d) out.push(0x7d, 0x01);
    else out.push(b);
  }
  out.push(0x7e);
  return Buffer.from(out);
}

const T = (iso: string) => new Date(iso);

// A typical location: 22.543096 N, 114.057865 E, 50 m, 60.5 km/h, 90 deg, 2025-03-01 08:30:00 (UTC+8).
const LOCATION_BASIC = `
  00000001 // alarm: bit 0 emergency
  000c0003 // status: ACC on, positioned, GPS + BeiDou used
  0157faf8 // latitude 22543096 -> 22.543096
  06cc6289 // longitude 114057865 -> 114.057865
  0032     // altitude 50 m
  025d     // speed 605 -> 60.5 km/h
  005a     // direction 90
  250301083000 // time 25-03-01 08:30:00
`;
const LOCATION_BASIC_EXPECT = {
  alarm: 1,
  status: 0x000c0003,
  latitude: 22.543096,
  longitude: 114.057865,
  altitude: 50,
  speed: 60.5,
  direction: 90,
  time: T('2025-03-01T08:30:00+08:00'),
};

const LOCATION_EXTRAS = `
  01 04 00003039 // 0x01 mileage 12345 -> 1234.5 km
  02 02 01c8     // 0x02 fuel 456 -> 45.6 L
  30 01 19       // 0x30 signal strength 25
  31 01 0c       // 0x31 satellites 12
`;
const LOCATION_EXTRAS_EXPECT = [
  { id: 0x01, kind: 'mileageKm', value: 1234.5 },
  { id: 0x02, kind: 'fuelL', value: 45.6 },
  { id: 0x30, kind: 'signalStrength', value: 25 },
  { id: 0x31, kind: 'satelliteCount', value: 12 },
];

export const LOCATION_TYPICAL: Vector = {
  name: '0x0200 typical location with mileage, fuel, signal, satellites',
  msgId: 0x0200,
  version: '2013',
  body: LOCATION_BASIC + LOCATION_EXTRAS,
  expect: { ...LOCATION_BASIC_EXPECT, extras: LOCATION_EXTRAS_EXPECT },
};

export const VECTORS: Vector[] = [
  // ---- terminal general (0x0001-0x0005, 0x8001-0x8004, 0x8204) ----
  {
    name: '0x0001 terminal general reply',
    msgId: 0x0001,
    version: '2013',
    body: `0007 // reply serial 7
           8103 // reply id: set parameters
           00   // result ok`,
    expect: { replySerial: 7, replyId: 0x8103, result: 0 },
  },
  { name: '0x0002 heartbeat', msgId: 0x0002, version: '2013', body: '', expect: {} },
  { name: '0x0002 heartbeat 2019', msgId: 0x0002, version: '2019', body: '', expect: {} },
  { name: '0x0003 logout', msgId: 0x0003, version: '2013', body: '', expect: {} },
  { name: '0x0004 query server time', msgId: 0x0004, version: '2019', body: '', expect: {} },
  {
    name: '0x0005 terminal retransmit request (2019)',
    msgId: 0x0005,
    version: '2019',
    body: `0010 // original serial 16
           0002 // count (WORD)
           0003 0005 // indexes 3, 5`,
    expect: { originalSerial: 16, indexes: [3, 5] },
  },
  {
    name: '0x8001 platform general reply',
    msgId: 0x8001,
    version: '2013',
    body: `0001 // reply serial
           0200 // reply id: location
           00   // ok`,
    expect: { replySerial: 1, replyId: 0x0200, result: 0 },
  },
  {
    name: '0x8003 retransmit request 2013 (BYTE count)',
    msgId: 0x8003,
    version: '2013',
    body: `0010 // original serial
           02   // count
           0002 0004 // indexes`,
    expect: { originalSerial: 16, indexes: [2, 4] },
  },
  {
    name: '0x8003 retransmit request 2019 (WORD count)',
    msgId: 0x8003,
    version: '2019',
    body: `0010 0001 0002 // original serial, count 1, index 2`,
    expect: { originalSerial: 16, indexes: [2] },
  },
  {
    name: '0x8004 server time',
    msgId: 0x8004,
    version: '2019',
    body: '250301083000',
    expect: { time: '250301083000' },
  },
  { name: '0x8204 link detection', msgId: 0x8204, version: '2019', body: '', expect: {} },

  // ---- registration ----
  {
    name: '0x0100 register 2013 (model BYTE[20])',
    msgId: 0x0100,
    version: '2013',
    body: `002c // province 44
           0300 // city 768
           4142434445 // maker id "ABCDE" BYTE[5]
           4d31 ${pad(18)} // model "M1" BYTE[20]
           54303030303031 // terminal id "T000001" BYTE[7]
           01 // plate colour blue
           d4c1423132333435 // plate "粤B12345" (GBK)`,
    expect: {
      province: 44,
      city: 768,
      makerId: 'ABCDE',
      model: 'M1',
      terminalId: 'T000001',
      plateColor: 1,
      plate: '粤B12345',
    },
  },
  {
    name: '0x0100 register 2011 (model BYTE[8])',
    msgId: 0x0100,
    version: '2011',
    body: `002c 0300 // province, city
           4142434445 // maker id BYTE[5]
           4d31 ${pad(6)} // model "M1" BYTE[8]
           54303030303031 // terminal id BYTE[7]
           01 // plate colour
           d4c1423132333435 // plate "粤B12345"`,
    expect: {
      province: 44,
      city: 768,
      makerId: 'ABCDE',
      model: 'M1',
      terminalId: 'T000001',
      plateColor: 1,
      plate: '粤B12345',
    },
  },
  {
    name: '0x0100 register 2011 with a long plate (longer than 2013 fixed part)',
    msgId: 0x0100,
    version: '2011',
    body: `002c 0300 4142434445 4d31 ${pad(6)} 54303030303031
           02 // plate colour yellow
           d4c1423132333435 d4c1423132333435 // 16-byte plate text`,
    expect: {
      province: 44,
      city: 768,
      makerId: 'ABCDE',
      model: 'M1',
      terminalId: 'T000001',
      plateColor: 2,
      plate: '粤B12345粤B12345',
    },
  },
  {
    name: '0x0100 register 2019 (BYTE[11]/[30]/[30])',
    msgId: 0x0100,
    version: '2019',
    body: `002c 0300
           4142434445 ${pad(6)} // maker id BYTE[11]
           4d31 ${pad(28)} // model BYTE[30]
           54303030303031 ${pad(23)} // terminal id BYTE[30]
           00 // colour 0: no plate, VIN follows
           4c534756 // "LSGV"`,
    expect: {
      province: 44,
      city: 768,
      makerId: 'ABCDE',
      model: 'M1',
      terminalId: 'T000001',
      plateColor: 0,
      plate: 'LSGV',
    },
  },
  {
    name: '0x8100 register reply ok with auth code',
    msgId: 0x8100,
    version: '2013',
    body: `0001 // reply serial
           00   // result ok
           3132333435 // auth code "12345"`,
    expect: { replySerial: 1, result: 0, authCode: '12345' },
  },
  {
    name: '0x8100 register reply: no such terminal',
    msgId: 0x8100,
    version: '2013',
    body: '0001 04',
    expect: { replySerial: 1, result: 4 },
  },
  {
    name: '0x0102 auth 2013',
    msgId: 0x0102,
    version: '2013',
    body: '3132333435 // "12345"',
    expect: { authCode: '12345' },
  },
  {
    name: '0x0102 auth 2019 (length, IMEI, software version)',
    msgId: 0x0102,
    version: '2019',
    body: `05 3132333435 // auth code length 5, "12345"
           383637373330303330303030303031 // IMEI "867730030000001" BYTE[15]
           56312e30 ${pad(16)} // software version "V1.0" BYTE[20]`,
    expect: { authCode: '12345', imei: '867730030000001', softwareVersion: 'V1.0' },
  },

  // ---- parameters ----
  {
    name: '0x8103 set parameters (typed + vendor id)',
    msgId: 0x8103,
    version: '2013',
    body: `04 // count
           00000001 04 0000001e // heartbeat 30 s (DWORD)
           00000013 0c 312e322e332e343a37363131 // main server "1.2.3.4:7611" (STRING)
           00000084 01 01 // plate colour (BYTE)
           0000f001 02 abcd // vendor id: bytes`,
    expect: {
      items: [
        { id: 1, name: 'heartbeatIntervalS', type: 'dword', value: 30 },
        { id: 0x13, name: 'mainServerAddress', type: 'string', value: '1.2.3.4:7611' },
        { id: 0x84, name: 'plateColor', type: 'byte', value: 1 },
        { id: 0xf001, type: 'bytes', value: 'abcd' },
      ],
    },
  },
  { name: '0x8104 query all parameters', msgId: 0x8104, version: '2013', body: '', expect: {} },
  {
    name: '0x8106 query given parameters',
    msgId: 0x8106,
    version: '2013',
    body: `02 00000001 00000029 // count 2: heartbeat, default report interval`,
    expect: { ids: [1, 0x29] },
  },
  {
    name: '0x0104 parameters reply',
    msgId: 0x0104,
    version: '2013',
    body: `0005 // reply serial
           02 // count
           00000029 04 0000001e // default report interval 30 s
           00000031 02 0064 // fence radius 100 m (WORD)`,
    expect: {
      replySerial: 5,
      items: [
        { id: 0x29, name: 'defaultReportIntervalS', type: 'dword', value: 30 },
        { id: 0x31, name: 'fenceRadiusM', type: 'word', value: 100 },
      ],
    },
  },

  // ---- terminal control ----
  {
    name: '0x8105 terminal control: reset',
    msgId: 0x8105,
    version: '2013',
    body: '04 // command 4 reset',
    expect: { command: 4 },
  },
  {
    name: '0x8105 terminal control with parameters',
    msgId: 0x8105,
    version: '2013',
    body: '02 // connect to server\n 3b3b3b // ";;;"',
    expect: { command: 2, params: ';;;' },
  },
  { name: '0x8107 query attributes', msgId: 0x8107, version: '2013', body: '', expect: {} },
  {
    name: '0x0107 terminal attributes 2013',
    msgId: 0x0107,
    version: '2013',
    body: `0006 // type: bus + dangerous goods
           4142434445 // maker BYTE[5]
           4d31 ${pad(18)} // model BYTE[20]
           54303030303031 // terminal id BYTE[7]
           89860012345678901234 // ICCID BCD[10]
           02 4831 // hardware version "H1"
           02 4632 // firmware version "F2"
           03 // GNSS: GPS + BeiDou
           01 // comm: GPRS`,
    expect: {
      terminalType: 6,
      makerId: 'ABCDE',
      model: 'M1',
      terminalId: 'T000001',
      iccid: '89860012345678901234',
      hardwareVersion: 'H1',
      firmwareVersion: 'F2',
      gnssProperties: 3,
      commProperties: 1,
    },
  },
  {
    name: '0x8108 upgrade package 2013',
    msgId: 0x8108,
    version: '2013',
    body: `00 // type terminal
           4142434445 // maker id BYTE[5]
           04 56322e30 // version "V2.0"
           00000003 010203 // package length 3, bytes`,
    expect: { type: 0, makerId: 'ABCDE', version: 'V2.0', package: '010203' },
  },
  {
    name: '0x0108 upgrade result',
    msgId: 0x0108,
    version: '2013',
    body: '00 01 // terminal, failed',
    expect: { type: 0, result: 1 },
  },
  {
    name: '0x8500 vehicle control 2013',
    msgId: 0x8500,
    version: '2013',
    body: '01 // lock doors',
    expect: { flag: 1 },
  },
  {
    name: '0x8500 vehicle control 2019',
    msgId: 0x8500,
    version: '2019',
    body: `0001 // count
           0001 01 // door control: lock`,
    expect: { items: [{ id: 1, param: '01' }] },
  },
  {
    name: '0x0500 vehicle control reply',
    msgId: 0x0500,
    version: '2013',
    body: `0009 // reply serial\n${LOCATION_BASIC}`,
    expect: { replySerial: 9, location: { ...LOCATION_BASIC_EXPECT, extras: [] } },
  },

  // ---- location ----
  LOCATION_TYPICAL,
  {
    name: '0x0200 2019 header, south/west, all standard extras, vendor item',
    msgId: 0x0200,
    version: '2019',
    body: `80000000 // alarm: bit 31 illegal door open
           0000000f // status: ACC, positioned, south (bit 2), west (bit 3)
           0204cc00 // latitude 33.8688 (S)
           09034554 // longitude 151.2093 (W)
           0000 0000 0000 // altitude 0, speed 0, direction 0
           251231235959 // 25-12-31 23:59:59
           03 02 0064 // 0x03 recorded speed 100 -> 10 km/h
           04 02 0007 // 0x04 manual alarm event id 7
           05 1e ${'23'.repeat(4)}${'ff'.repeat(26)} // 0x05 tyre pressure, 4 wheels then 0xFF
           06 02 8005 // 0x06 compartment temperature -5 C (sign bit)
           11 01 00 // 0x11 overspeed, no specific area
           12 06 01 00000010 01 // 0x12 circle area 16, out
           13 07 00000020 0258 00 // 0x13 section 32, 600 s, too short
           14 04 00000003 // 0x14 video alarms
           15 04 00000001 // 0x15 video signal loss, channel 1
           16 04 00000002 // 0x16 video occlusion, channel 2
           17 02 0001 // 0x17 storage fault
           18 03 0001 02 // 0x18 abnormal driving: fatigue, level 2
           25 04 00000001 // 0x25 extended signal status: low beam
           2a 02 0003 // 0x2A IO status
           2b 04 00640032 // 0x2B analog: AD1 100, AD0 50
           e1 03 aabbcc // vendor item kept raw`,
    expect: {
      alarm: 0x80000000,
      status: 0x0f,
      latitude: -33.8688,
      longitude: -151.2093,
      altitude: 0,
      speed: 0,
      direction: 0,
      time: T('2025-12-31T23:59:59+08:00'),
      extras: [
        { id: 0x03, kind: 'recordedSpeedKmh', value: 10 },
        { id: 0x04, kind: 'manualAlarmEventId', value: 7 },
        { id: 0x05, kind: 'tyrePressure', value: [...Array(4).fill(0x23), ...Array(26).fill(0xff)] },
        { id: 0x06, kind: 'compartmentTemperatureC', value: -5 },
        { id: 0x11, kind: 'overspeed', value: { areaType: 0 } },
        { id: 0x12, kind: 'areaInOut', value: { areaType: 1, areaId: 16, direction: 1 } },
        { id: 0x13, kind: 'routeDriveTime', value: { sectionId: 32, driveTimeS: 600, result: 0 } },
        { id: 0x14, kind: 'videoAlarms', value: 3 },
        { id: 0x15, kind: 'videoSignalLossChannels', value: 1 },
        { id: 0x16, kind: 'videoOcclusionChannels', value: 2 },
        { id: 0x17, kind: 'storageFaults', value: 1 },
        { id: 0x18, kind: 'abnormalDriving', value: { behaviours: 1, fatigueLevel: 2 } },
        { id: 0x25, kind: 'extendedSignalStatus', value: 1 },
        { id: 0x2a, kind: 'ioStatus', value: 3 },
        { id: 0x2b, kind: 'analog', value: { ad0: 0x32, ad1: 0x64 } },
        { id: 0xe1, kind: 'raw', value: 'aabbcc' },
      ],
    },
  },
  {
    name: '0x0200 without a fix: zero time kept as BCD, odd-length known item kept raw',
    msgId: 0x0200,
    version: '2013',
    body: `00000000 00000000 00000000 00000000 0000 0000 0000
           000000000000 // no time
           01 02 0001 // mileage with a 2-byte value: not the standard layout -> raw
           07 02 0102 // 0x07 reserved -> raw`,
    expect: {
      alarm: 0,
      status: 0,
      latitude: 0,
      longitude: 0,
      altitude: 0,
      speed: 0,
      direction: 0,
      time: null,
      timeBcd: '000000000000',
      extras: [
        { id: 0x01, kind: 'raw', value: '0001' },
        { id: 0x07, kind: 'raw', value: '0102' },
      ],
    },
  },
  {
    name: '0x0200 with bytes that need escaping (0x7E, 0x7D in the body)',
    msgId: 0x0200,
    version: '2013',
    serial: 0x7e7d,
    body: `00000000 00000000 0157faf8 06cc6289 007e 007d 0000 250301083000`,
    expect: {
      ...LOCATION_BASIC_EXPECT,
      alarm: 0,
      status: 0,
      altitude: 126,
      speed: 12.5,
      direction: 0,
      extras: [],
    },
  },
  { name: '0x8201 location query', msgId: 0x8201, version: '2013', body: '', expect: {} },
  {
    name: '0x0201 location query reply',
    msgId: 0x0201,
    version: '2013',
    body: `0003 // reply serial\n${LOCATION_BASIC}${LOCATION_EXTRAS}`,
    expect: { replySerial: 3, location: { ...LOCATION_BASIC_EXPECT, extras: LOCATION_EXTRAS_EXPECT } },
  },
  {
    name: '0x8202 temporary tracking',
    msgId: 0x8202,
    version: '2013',
    body: '000a 00000e10 // every 10 s for 3600 s',
    expect: { intervalS: 10, validityS: 3600 },
  },
  {
    name: '0x8203 manual alarm confirm',
    msgId: 0x8203,
    version: '2013',
    body: '0007 00000001 // serial 7, emergency',
    expect: { alarmSerial: 7, alarmTypes: 1 },
  },
  {
    name: '0x0704 blind-area backfill, two items',
    msgId: 0x0704,
    version: '2013',
    body: `0002 // count
           01 // type 1: blind-area backfill
           001c ${LOCATION_BASIC} // item 1: 28 bytes, no extras
           002c ${LOCATION_BASIC} ${LOCATION_EXTRAS} // item 2: 28 + 16 bytes`,
    expect: {
      type: 1,
      items: [
        { ...LOCATION_BASIC_EXPECT, extras: [] },
        { ...LOCATION_BASIC_EXPECT, extras: LOCATION_EXTRAS_EXPECT },
      ],
    },
  },

  // ---- text, events, questions, menus, phone ----
  {
    name: '0x8300 text 2013',
    msgId: 0x8300,
    version: '2013',
    body: '08 // TTS\n b2e2cad4 // "测试"',
    expect: { flags: 8, text: '测试' },
  },
  {
    name: '0x8300 text 2019 (type byte)',
    msgId: 0x8300,
    version: '2019',
    body: '08 01 // TTS, notice\n 6869 // "hi"',
    expect: { flags: 8, textType: 1, text: 'hi' },
  },
  {
    name: '0x8301 event settings',
    msgId: 0x8301,
    version: '2013',
    body: `01 // type: update
           02 // count
           01 02 6869 // event 1, "hi"
           02 04 b2e2cad4 // event 2, "测试"`,
    expect: {
      type: 1,
      events: [
        { id: 1, content: 'hi' },
        { id: 2, content: '测试' },
      ],
    },
  },
  { name: '0x0301 event report', msgId: 0x0301, version: '2013', body: '02', expect: { eventId: 2 } },
  {
    name: '0x8302 question',
    msgId: 0x8302,
    version: '2013',
    body: `08 // TTS
           02 6f6b // question "ok"
           01 0001 79 // answer 1 "y"
           02 0001 6e // answer 2 "n"`,
    expect: {
      flags: 8,
      question: 'ok',
      answers: [
        { id: 1, content: 'y' },
        { id: 2, content: 'n' },
      ],
    },
  },
  {
    name: '0x0302 question answer',
    msgId: 0x0302,
    version: '2013',
    body: '0004 01',
    expect: { replySerial: 4, answerId: 1 },
  },
  {
    name: '0x8303 information menu',
    msgId: 0x8303,
    version: '2013',
    body: `01 01 // update, one item\n 05 0004 b2e2cad4 // type 5 "测试"`,
    expect: { type: 1, items: [{ infoType: 5, name: '测试' }] },
  },
  {
    name: '0x0303 information on demand',
    msgId: 0x0303,
    version: '2013',
    body: '05 01',
    expect: { infoType: 5, flag: 1 },
  },
  {
    name: '0x8304 information service',
    msgId: 0x8304,
    version: '2013',
    body: '05 0002 6869',
    expect: { infoType: 5, content: 'hi' },
  },
  {
    name: '0x8400 call back',
    msgId: 0x8400,
    version: '2013',
    body: '00 // normal call\n 3133383030303030303030 // "13800000000"',
    expect: { flag: 0, phone: '13800000000' },
  },
  {
    name: '0x8401 phonebook',
    msgId: 0x8401,
    version: '2013',
    body: `01 01 // replace all, one contact
           03 // in + out
           0b 3133383030303030303030 // phone
           04 d5c5c8fd // "张三"`,
    expect: { type: 1, contacts: [{ flag: 3, phone: '13800000000', name: '张三' }] },
  },

  // ---- areas and routes ----
  {
    name: '0x8600 circle area 2013 with time and speed limit',
    msgId: 0x8600,
    version: '2013',
    body: `00 01 // update, one area
           00000001 // id
           0003 // attributes: by time, speed limit
           015752a0 06cb8080 // 22.5, 114.0
           000001f4 // radius 500 m
           250101000000 251231235959 // start, end
           0050 0a // 80 km/h for 10 s`,
    expect: {
      setType: 0,
      areas: [
        {
          id: 1,
          attributes: 3,
          latitude: 22.5,
          longitude: 114,
          radiusM: 500,
          startTime: '250101000000',
          endTime: '251231235959',
          maxSpeedKmh: 80,
          overspeedDurationS: 10,
        },
      ],
    },
  },
  {
    name: '0x8600 circle area 2019 with night speed and name',
    msgId: 0x8600,
    version: '2019',
    body: `00 01 00000001 0002 015752a0 06cb8080 000001f4
           0050 0a // 80 km/h for 10 s
           003c // night 60 km/h
           0004 b2e2cad4 // name "测试"`,
    expect: {
      setType: 0,
      areas: [
        {
          id: 1,
          attributes: 2,
          latitude: 22.5,
          longitude: 114,
          radiusM: 500,
          maxSpeedKmh: 80,
          overspeedDurationS: 10,
          nightMaxSpeedKmh: 60,
          name: '测试',
        },
      ],
    },
  },
  {
    name: '0x8601 delete circle areas',
    msgId: 0x8601,
    version: '2013',
    body: '02 00000001 00000002',
    expect: { ids: [1, 2] },
  },
  {
    name: '0x8602 rectangle area',
    msgId: 0x8602,
    version: '2013',
    body: `01 01 00000002 0000 // append, id 2, no attributes
           0158d940 06c9f9e0 // top-left 22.6, 113.9
           0155cc00 06cd0720 // bottom-right 22.4, 114.1`,
    expect: {
      setType: 1,
      areas: [
        {
          id: 2,
          attributes: 0,
          topLeftLatitude: 22.6,
          topLeftLongitude: 113.9,
          bottomRightLatitude: 22.4,
          bottomRightLongitude: 114.1,
        },
      ],
    },
  },
  {
    name: '0x8603 delete rectangle areas',
    msgId: 0x8603,
    version: '2013',
    body: '00 // all',
    expect: { ids: [] },
  },
  {
    name: '0x8604 polygon area',
    msgId: 0x8604,
    version: '2013',
    body: `00000003 0000 // id 3
           0003 // three vertices
           0158d940 06c9f9e0
           0155cc00 06cd0720
           015752a0 06cb8080`,
    expect: {
      id: 3,
      attributes: 0,
      vertices: [
        { latitude: 22.6, longitude: 113.9 },
        { latitude: 22.4, longitude: 114.1 },
        { latitude: 22.5, longitude: 114 },
      ],
    },
  },
  {
    name: '0x8605 delete polygon areas',
    msgId: 0x8605,
    version: '2013',
    body: '01 00000003',
    expect: { ids: [3] },
  },
  {
    name: '0x8606 route',
    msgId: 0x8606,
    version: '2013',
    body: `00000004 0000 // route 4
           0002 // two points
           00000001 00000001 015752a0 06cb8080 14 01 // point 1, section 1, 20 m, drive-time thresholds
           0258 003c // long 600 s, short 60 s
           00000002 00000001 0158d940 06c9f9e0 14 02 // point 2, speed limit
           0050 05 // 80 km/h for 5 s`,
    expect: {
      id: 4,
      attributes: 0,
      points: [
        {
          pointId: 1,
          sectionId: 1,
          latitude: 22.5,
          longitude: 114,
          widthM: 20,
          attributes: 1,
          longThresholdS: 600,
          shortThresholdS: 60,
        },
        {
          pointId: 2,
          sectionId: 1,
          latitude: 22.6,
          longitude: 113.9,
          widthM: 20,
          attributes: 2,
          maxSpeedKmh: 80,
          overspeedDurationS: 5,
        },
      ],
    },
  },
  { name: '0x8607 delete routes', msgId: 0x8607, version: '2013', body: '01 00000004', expect: { ids: [4] } },
  {
    name: '0x8608 query areas 2019',
    msgId: 0x8608,
    version: '2019',
    body: '01 // circles\n 00000001 00000001',
    expect: { type: 1, ids: [1] },
  },
  {
    name: '0x0608 areas reply 2019',
    msgId: 0x0608,
    version: '2019',
    body: '01 00000000 // circles, none',
    expect: { type: 1, count: 0, data: '' },
  },

  // ---- tachograph, waybill, driver, CAN ----
  {
    name: '0x8700 tachograph collection',
    msgId: 0x8700,
    version: '2013',
    body: '01',
    expect: { command: 1, data: '' },
  },
  {
    name: '0x0700 tachograph upload',
    msgId: 0x0700,
    version: '2013',
    body: '0006 01 557a0100',
    expect: { replySerial: 6, command: 1, data: '557a0100' },
  },
  {
    name: '0x8701 tachograph parameters',
    msgId: 0x8701,
    version: '2013',
    body: '82 aa',
    expect: { command: 0x82, data: 'aa' },
  },
  { name: '0x8702 driver identity request', msgId: 0x8702, version: '2013', body: '', expect: {} },
  {
    name: '0x0701 electronic waybill',
    msgId: 0x0701,
    version: '2013',
    body: '00000002 abcd',
    expect: { content: 'abcd' },
  },
  {
    name: '0x0702 driver identity 2013, card inserted',
    msgId: 0x0702,
    version: '2013',
    body: `01 // inserted
           250301083000 // time
           00 // read ok
           04 d5c5c8fd // name "张三"
           313233343536373839303132333435363738${pad(2)} // certificate BYTE[20]
           02 6a74 // issuer "jt"
           20301231 // expiry 2030-12-31`,
    expect: {
      status: 1,
      time: '250301083000',
      icResult: 0,
      name: '张三',
      certificate: '123456789012345678',
      issuer: 'jt',
      expiry: '20301231',
    },
  },
  {
    name: '0x0702 driver identity 2013, card removed',
    msgId: 0x0702,
    version: '2013',
    body: '02 250301083000',
    expect: { status: 2, time: '250301083000' },
  },
  {
    name: '0x0702 driver identity 2011',
    msgId: 0x0702,
    version: '2011',
    body: `04 d5c5c8fd // name "张三"
           313233343536373839303132333435363738${pad(2)} // ID card BYTE[20]
           6162 ${pad(38)} // certificate "ab" BYTE[40]
           02 6a74 // issuer "jt"`,
    expect: { name: '张三', idCard: '123456789012345678', certificate: 'ab', issuer: 'jt' },
  },
  {
    name: '0x0702 driver identity 2019 (adds ID card)',
    msgId: 0x0702,
    version: '2019',
    body: `01 250301083000 00 04 d5c5c8fd 313233343536373839303132333435363738${pad(2)} 02 6a74 20301231
           313233343536373839303132333435363738${pad(2)} // ID card BYTE[20]`,
    expect: {
      status: 1,
      time: '250301083000',
      icResult: 0,
      name: '张三',
      certificate: '123456789012345678',
      issuer: 'jt',
      expiry: '20301231',
      idCard: '123456789012345678',
    },
  },
  {
    name: '0x0705 CAN data',
    msgId: 0x0705,
    version: '2013',
    body: `0001 // count
           0830000123 // receive time 08:30:00.0123
           18fef100 0102030405060708 // CAN id, 8 data bytes`,
    expect: { receiveTime: '0830000123', items: [{ canId: 0x18fef100, data: '0102030405060708' }] },
  },

  // ---- multimedia ----
  {
    name: '0x0800 multimedia event',
    msgId: 0x0800,
    version: '2013',
    body: '00000001 00 00 01 02 // id 1, image, JPEG, platform, ch 2',
    expect: { mediaId: 1, mediaType: 0, format: 0, event: 1, channel: 2 },
  },
  {
    name: '0x0801 multimedia data',
    msgId: 0x0801,
    version: '2013',
    body: `00000001 00 00 01 02 // header\n${LOCATION_BASIC}\n ffd8ffd9 // JPEG bytes`,
    expect: {
      mediaId: 1,
      mediaType: 0,
      format: 0,
      event: 1,
      channel: 2,
      location: { ...LOCATION_BASIC_EXPECT, extras: [] },
      data: 'ffd8ffd9',
    },
  },
  {
    name: '0x8800 multimedia upload reply',
    msgId: 0x8800,
    version: '2013',
    body: '00000001 02 0001 0003',
    expect: { mediaId: 1, retransmitIds: [1, 3] },
  },
  {
    // JT/T 808-2013 table 82: when every packet arrived, no fields follow the multimedia id.
    name: '0x8800 multimedia upload reply, all packets received',
    msgId: 0x8800,
    version: '2013',
    body: '00000007 // media id 7, nothing after it',
    expect: { mediaId: 7 },
  },
  {
    name: '0x8801 take photo now',
    msgId: 0x8801,
    version: '2013',
    body: '01 0001 0000 00 01 05 80 40 40 80 // ch 1, 1 photo, save off, 320x240, quality 5, ...',
    expect: {
      channel: 1,
      command: 1,
      intervalS: 0,
      saveFlag: 0,
      resolution: 1,
      quality: 5,
      brightness: 128,
      contrast: 64,
      saturation: 64,
      chroma: 128,
    },
  },
  {
    name: '0x0805 take photo reply',
    msgId: 0x0805,
    version: '2013',
    body: '0002 00 0001 00000009',
    expect: { replySerial: 2, result: 0, mediaIds: [9] },
  },
  {
    name: '0x0805 take photo reply, failed without list',
    msgId: 0x0805,
    version: '2013',
    body: '0002 01',
    expect: { replySerial: 2, result: 1 },
  },
  {
    name: '0x8802 stored media search',
    msgId: 0x8802,
    version: '2013',
    body: '00 01 00 250301000000 250301235959',
    expect: { mediaType: 0, channel: 1, event: 0, startTime: '250301000000', endTime: '250301235959' },
  },
  {
    name: '0x0802 stored media search reply',
    msgId: 0x0802,
    version: '2013',
    body: `0003 0001 // reply serial, one item\n 00000001 00 01 00 ${LOCATION_BASIC}`,
    expect: {
      replySerial: 3,
      items: [
        {
          mediaId: 1,
          mediaType: 0,
          channel: 1,
          event: 0,
          location: { ...LOCATION_BASIC_EXPECT, extras: [] },
        },
      ],
    },
  },
  {
    name: '0x8803 stored media upload',
    msgId: 0x8803,
    version: '2013',
    body: '00 01 00 250301000000 250301235959 01',
    expect: {
      mediaType: 0,
      channel: 1,
      event: 0,
      startTime: '250301000000',
      endTime: '250301235959',
      deleteFlag: 1,
    },
  },
  {
    name: '0x8804 audio recording',
    msgId: 0x8804,
    version: '2013',
    body: '01 003c 00 01',
    expect: { command: 1, durationS: 60, saveFlag: 0, sampleRate: 1 },
  },
  {
    name: '0x8805 single media upload',
    msgId: 0x8805,
    version: '2013',
    body: '00000009 00',
    expect: { mediaId: 9, deleteFlag: 0 },
  },

  // ---- transparent, compression, RSA ----
  {
    name: '0x8900 downlink transparent',
    msgId: 0x8900,
    version: '2013',
    body: '41 01020304 // serial port 1',
    expect: { type: 0x41, content: '01020304' },
  },
  {
    name: '0x0900 uplink transparent',
    msgId: 0x0900,
    version: '2013',
    body: 'f0 aa55',
    expect: { type: 0xf0, content: 'aa55' },
  },
  {
    name: '0x0901 compressed data',
    msgId: 0x0901,
    version: '2013',
    body: '00000003 1f8b08',
    expect: { data: '1f8b08' },
  },
  {
    name: '0x0A00 terminal RSA key',
    msgId: 0x0a00,
    version: '2013',
    body: `00010001 ${'ab'.repeat(128)}`,
    expect: { e: 65537, n: 'ab'.repeat(128) },
  },
  {
    name: '0x8A00 platform RSA key',
    msgId: 0x8a00,
    version: '2013',
    body: `00010001 ${'cd'.repeat(128)}`,
    expect: { e: 65537, n: 'cd'.repeat(128) },
  },

  // ---- JT/T 1078 signalling ----
  {
    name: '0x1003 audio/video attributes',
    msgId: 0x1003,
    version: '2013',
    body: '13 01 00 00 0140 01 62 04 08 // AAC, mono, 8 kHz, 8 bit, 320, output, H.264, 4 audio, 8 video',
    expect: {
      audioEncoding: 19,
      audioChannels: 1,
      sampleRate: 0,
      sampleBits: 0,
      audioFrameLength: 320,
      audioOutput: 1,
      videoEncoding: 98,
      maxAudioChannels: 4,
      maxVideoChannels: 8,
    },
  },
  { name: '0x9003 query attributes', msgId: 0x9003, version: '2013', body: '', expect: {} },
  {
    name: '0x1005 passenger flow',
    msgId: 0x1005,
    version: '2013',
    body: '250301080000 250301090000 000a 0003',
    expect: { startTime: '250301080000', endTime: '250301090000', boarding: 10, alighting: 3 },
  },
  {
    name: '0x1205 resource list',
    msgId: 0x1205,
    version: '2013',
    body: `0007 00000001 // reply serial, one item
           01 250301080000 250301081000 0000000000000000 00 01 01 00100000 // ch 1, AV, main stream, main storage, 1 MiB`,
    expect: {
      replySerial: 7,
      items: [
        {
          channel: 1,
          startTime: '250301080000',
          endTime: '250301081000',
          alarmFlags: '0000000000000000',
          mediaType: 0,
          streamType: 1,
          storageType: 1,
          fileSize: 0x100000,
        },
      ],
    },
  },
  {
    name: '0x1206 file upload complete',
    msgId: 0x1206,
    version: '2013',
    body: '0008 00',
    expect: { replySerial: 8, result: 0 },
  },
  {
    name: '0x9101 real-time AV request',
    msgId: 0x9101,
    version: '2013',
    body: '0b 3139322e3136382e312e31 // "192.168.1.1"\n 1b58 0000 01 00 00 // tcp 7000, udp 0, ch 1, AV, main',
    expect: {
      serverAddress: '192.168.1.1',
      tcpPort: 7000,
      udpPort: 0,
      channel: 1,
      dataType: 0,
      streamType: 0,
    },
  },
  {
    name: '0x9102 real-time AV control',
    msgId: 0x9102,
    version: '2013',
    body: '01 00 00 00',
    expect: { channel: 1, command: 0, closeType: 0, switchStreamType: 0 },
  },
  {
    name: '0x9105 real-time AV status',
    msgId: 0x9105,
    version: '2013',
    body: '01 05',
    expect: { channel: 1, packetLossRate: 5 },
  },
  {
    name: '0x9201 playback request',
    msgId: 0x9201,
    version: '2013',
    body: '0b 3139322e3136382e312e31 1b58 0000 01 00 00 00 00 00 250301080000 250301081000',
    expect: {
      serverAddress: '192.168.1.1',
      tcpPort: 7000,
      udpPort: 0,
      channel: 1,
      mediaType: 0,
      streamType: 0,
      storageType: 0,
      playbackMode: 0,
      speed: 0,
      startTime: '250301080000',
      endTime: '250301081000',
    },
  },
  {
    name: '0x9202 playback control',
    msgId: 0x9202,
    version: '2013',
    body: '01 05 00 250301080500 // drag to 08:05',
    expect: { channel: 1, control: 5, speed: 0, position: '250301080500' },
  },
  {
    name: '0x9205 query resources (zero times = no limit)',
    msgId: 0x9205,
    version: '2013',
    body: '00 000000000000 000000000000 0000000000000000 00 00 00',
    expect: {
      channel: 0,
      startTime: '000000000000',
      endTime: '000000000000',
      alarmFlags: '0000000000000000',
      mediaType: 0,
      streamType: 0,
      storageType: 0,
    },
  },
  {
    name: '0x9206 file upload request',
    msgId: 0x9206,
    version: '2013',
    body: `07 312e322e332e34 // address "1.2.3.4"
           0015 // port 21
           01 75 // user "u"
           01 70 // password "p"
           01 2f // path "/"
           01 250301080000 250301081000 0000000000000000 00 00 01 07`,
    expect: {
      serverAddress: '1.2.3.4',
      port: 21,
      user: 'u',
      password: 'p',
      path: '/',
      channel: 1,
      startTime: '250301080000',
      endTime: '250301081000',
      alarmFlags: '0000000000000000',
      mediaType: 0,
      streamType: 0,
      storageLocation: 1,
      taskConditions: 7,
    },
  },
  {
    name: '0x9207 file upload control',
    msgId: 0x9207,
    version: '2013',
    body: '0009 02 // cancel',
    expect: { replySerial: 9, control: 2 },
  },
  {
    name: '0x9301 PTZ rotation',
    msgId: 0x9301,
    version: '2013',
    body: '01 03 80 // ch 1, left, speed 128',
    expect: { channel: 1, direction: 3, speed: 128 },
  },
  {
    name: '0x9302 PTZ focus',
    msgId: 0x9302,
    version: '2013',
    body: '01 00',
    expect: { channel: 1, focus: 0 },
  },
  { name: '0x9303 PTZ iris', msgId: 0x9303, version: '2013', body: '01 01', expect: { channel: 1, iris: 1 } },
  {
    name: '0x9304 PTZ wiper',
    msgId: 0x9304,
    version: '2013',
    body: '01 00',
    expect: { channel: 1, wiper: 0 },
  },
  {
    name: '0x9305 PTZ infrared',
    msgId: 0x9305,
    version: '2013',
    body: '01 01',
    expect: { channel: 1, infrared: 1 },
  },
  { name: '0x9306 PTZ zoom', msgId: 0x9306, version: '2013', body: '01 00', expect: { channel: 1, zoom: 0 } },

  // ---- active safety, T/JSATL 12-2017 tables 4-21 to 4-27 ----
  {
    name: '0x9208 alarm attachment upload request (2013: terminal id BYTE[7])',
    msgId: 0x9208,
    version: '2013',
    body: `08 31302e302e302e31 // IP length, "10.0.0.1"
           1dbc 0000 // tcp 7612, udp 0
           54303030303031 261124083000 01 02 00 // identification
           6262626262626262626262626262626262626262626262626262626262626262 00000000000000000000000000000000 // alarm number, reserved`,
    expect: {
      serverIp: '10.0.0.1',
      tcpPort: 7612,
      udpPort: 0,
      identification: { terminalId: 'T000001', time: '261124083000', serial: 1, attachmentCount: 2, reserved: 0 },
      alarmNumber: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      reserved: '00000000000000000000000000000000',
    },
  },
  {
    name: '0x9208 alarm attachment upload request (2019: terminal id BYTE[30])',
    msgId: 0x9208,
    version: '2019',
    body: `08 31302e302e302e31 1dbc 0000 543230313930303030303030303030303030303030303030303030303100 261124083000 02 01 00 6363636363636363636363636363636363636363636363636363636363636363 00000000000000000000000000000000`,
    expect: {
      serverIp: '10.0.0.1',
      tcpPort: 7612,
      udpPort: 0,
      identification: { terminalId: 'T2019000000000000000000000001', time: '261124083000', serial: 2, attachmentCount: 1, reserved: 0 },
      alarmNumber: 'cccccccccccccccccccccccccccccccc',
      reserved: '00000000000000000000000000000000',
    },
  },
  {
    name: '0x1210 alarm attachment list',
    msgId: 0x1210,
    version: '2013',
    body: `54303030303031 54303030303031 261124083000 01 02 00 6262626262626262626262626262626262626262626262626262626262626262 00 01 // terminal id, identification, alarm number, normal, 1 file
           31 30305f36345f363430315f305f62626262626262626262626262626262626262626262626262626262626262622e6a7067 00002000 // name, 8 KiB`,
    expect: {
      terminalId: 'T000001',
      identification: { terminalId: 'T000001', time: '261124083000', serial: 1, attachmentCount: 2, reserved: 0 },
      alarmNumber: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      infoType: 0,
      files: [{ name: '00_64_6401_0_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg', size: 8192 }],
    },
  },
  {
    name: '0x1211 alarm attachment file info',
    msgId: 0x1211,
    version: '2013',
    body: `05 612e6d7034 02 00010000 // video, 64 KiB`,
    expect: { name: 'a.mp4', fileType: 2, size: 65536 },
  },
  {
    name: '0x1212 alarm attachment file sent',
    msgId: 0x1212,
    version: '2013',
    body: `05 612e6a7067 00 00002000`,
    expect: { name: 'a.jpg', fileType: 0, size: 8192 },
  },
  {
    name: '0x9212 alarm attachment file reply with two ranges to resend',
    msgId: 0x9212,
    version: '2013',
    body: `05 612e6a7067 00 01 02 00000000 00000400 00001000 00000200`,
    expect: { name: 'a.jpg', fileType: 0, result: 1, missing: [{ offset: 0, length: 1024 }, { offset: 4096, length: 512 }] },
  },

  // ---- unknown id and subpackage fragment: raw hex ----
  {
    name: 'unknown message id keeps the body as hex',
    msgId: 0x0f01,
    version: '2013',
    body: '0102030405',
    expect: { hex: '0102030405' },
  },
  {
    name: 'subpackage fragment keeps the body as hex',
    msgId: 0x0801,
    version: '2013',
    subpackage: { total: 3, index: 2 },
    body: 'ffd8ffe0',
    expect: { hex: 'ffd8ffe0' },
  },
];
