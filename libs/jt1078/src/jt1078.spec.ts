import { DataType, Jt1078DecodeError, PayloadType, Subpackage, decodePacket, encodePacket, type Jt1078Packet } from './packet';
import { Jt1078Deframer, Jt1078FrameAssembler } from './stream';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

// JT/T 1078-2016 table 19, laid out by hand: magic 30316364, V2 P0 X0 CC1 (81), M1 PT 98 (E2),
// serial 0007, SIM BCD[6] 013912345678, channel 01, data type 0 (I frame) + atomic (00),
// timestamp 8 bytes (1,700,000,000,000 ms = 0x18BCFE56800), last I-frame interval 0000, last frame
// interval 0028 (40 ms), body length 0004, body 00000001.
const I_FRAME = hex('30316364 81 E2 0007 013912345678 01 00 0000018BCFE56800 0000 0028 0004 00000001');
// Audio (data type 3, atomic), G.711A (PT 6, M0): no frame intervals.
const AUDIO = hex('30316364 81 06 0008 013912345678 01 30 0000018BCFE56828 0002 D5D5');
// Transparent data (type 4): neither timestamp nor intervals.
const TRANSPARENT = hex('30316364 81 00 0009 013912345678 01 40 0003 414243');
// The same I frame with the 2019 edition's BCD[10] SIM 00000000013912345678.
const I_FRAME_SIM10 = hex('30316364 81 E2 0007 00000000013912345678 01 00 0000018BCFE56800 0000 0028 0004 00000001');

describe('JT/T 1078 packets (table 19)', () => {
  it('decodes a video I frame field by field', () => {
    expect(decodePacket(I_FRAME)).toEqual({
      marker: true,
      payloadType: PayloadType.H264,
      serial: 7,
      sim: '013912345678',
      channel: 1,
      dataType: DataType.I_FRAME,
      subpackage: Subpackage.ATOMIC,
      timestamp: 1_700_000_000_000,
      lastIFrameInterval: 0,
      lastFrameInterval: 40,
      body: hex('00000001'),
    });
  });

  it('reads audio without the frame intervals and transparent data without the timestamp', () => {
    expect(decodePacket(AUDIO)).toMatchObject({ marker: false, payloadType: PayloadType.G711A, dataType: DataType.AUDIO, timestamp: 1_700_000_000_040, body: hex('D5D5') });
    expect(decodePacket(TRANSPARENT)).toMatchObject({ dataType: DataType.TRANSPARENT, timestamp: 0, body: hex('414243') });
  });

  it('encodes back to the same bytes, BCD[6] and BCD[10] SIMs alike', () => {
    for (const bytes of [I_FRAME, AUDIO, TRANSPARENT]) expect(encodePacket(decodePacket(bytes))).toEqual(bytes);
    expect(encodePacket(decodePacket(I_FRAME_SIM10, 10))).toEqual(I_FRAME_SIM10);
  });

  it('refuses a body over 950 bytes and a data type out of range', () => {
    const big = Buffer.from(I_FRAME);
    big.writeUInt16BE(951, 28);
    expect(() => decodePacket(Buffer.concat([big, Buffer.alloc(951)]))).toThrow(Jt1078DecodeError);
    const badType = Buffer.from(I_FRAME);
    badType[15] = 0x50;
    expect(() => decodePacket(badType)).toThrow(/out of range/);
  });
});

describe('Jt1078Deframer', () => {
  it('splits a stream cut anywhere, learning the SIM width from the first packet', () => {
    const stream = Buffer.concat([I_FRAME_SIM10, I_FRAME_SIM10, I_FRAME_SIM10]);
    const deframer = new Jt1078Deframer();
    const packets = [];
    for (let i = 0; i < stream.length; i += 7) packets.push(...deframer.push(stream.subarray(i, i + 7)));
    expect(packets).toHaveLength(3);
    expect(deframer.simBytes).toBe(10);
    expect(packets.every((p) => p.sim === '00000000013912345678')).toBe(true);
  });

  it('skips garbage and a packet with an impossible body, counts them, and keeps the packets around them', () => {
    const oversize = Buffer.from(AUDIO);
    oversize.writeUInt16BE(4000, 24);
    const deframer = new Jt1078Deframer(6);
    const packets = deframer.push(Buffer.concat([hex('DEADBEEF00'), I_FRAME, oversize, AUDIO, TRANSPARENT]));
    expect(packets.map((p) => p.serial)).toEqual([7, 8, 9]);
    expect(deframer.malformed).toBeGreaterThanOrEqual(5 + 4);
  });
});

describe('Jt1078FrameAssembler', () => {
  const part = (serial: number, subpackage: number, body: string, dataType: number = DataType.P_FRAME): Jt1078Packet => ({
    marker: subpackage === Subpackage.LAST, payloadType: PayloadType.H264, serial, sim: '013912345678', channel: 1, dataType, subpackage, timestamp: 1000 + serial, lastIFrameInterval: 0, lastFrameInterval: 40, body: hex(body),
  });

  it('joins first, middle and last parts into one frame with the first part\'s timestamp', () => {
    const assembler = new Jt1078FrameAssembler();
    const frames = [part(1, Subpackage.FIRST, 'AA'), part(2, Subpackage.MIDDLE, 'BB'), part(3, Subpackage.LAST, 'CC'), part(4, Subpackage.ATOMIC, 'DD')].flatMap((p) => assembler.push(p));
    expect(frames.map((f) => [f.data.toString('hex'), f.timestamp])).toEqual([['aabbcc', 1001], ['dd', 1004]]);
  });

  it('puts packets that arrive out of order back in order', () => {
    const assembler = new Jt1078FrameAssembler();
    const frames = [part(10, Subpackage.FIRST, '01'), part(12, Subpackage.LAST, '03'), part(11, Subpackage.MIDDLE, '02')].flatMap((p) => assembler.push(p));
    expect(frames.map((f) => f.data.toString('hex'))).toEqual(['010203']);
    expect(assembler.push(part(11, Subpackage.MIDDLE, '02'))).toEqual([]);
    expect(assembler.late).toBe(1);
  });

  it('drops a frame whose part never comes once the window is full, and goes on with the next', () => {
    const assembler = new Jt1078FrameAssembler(2);
    const frames = [part(20, Subpackage.FIRST, '01'), part(22, Subpackage.LAST, '03'), part(23, Subpackage.ATOMIC, '04', DataType.I_FRAME), part(24, Subpackage.ATOMIC, '05')].flatMap((p) => assembler.push(p));
    expect(frames.map((f) => f.data.toString('hex'))).toEqual(['04', '05']);
    expect(assembler.framesLost).toBe(2);
  });

  it('starts at the earliest of the first packets when asked to hold them (UDP swaps the very first ones too)', () => {
    const assembler = new Jt1078FrameAssembler(16, 3);
    expect(assembler.push(part(7, Subpackage.LAST, '02'))).toEqual([]);
    expect(assembler.push(part(6, Subpackage.FIRST, '01'))).toEqual([]);
    const frames = assembler.push(part(8, Subpackage.ATOMIC, '03'));
    expect(frames.map((f) => f.data.toString('hex'))).toEqual(['0102', '03']);
    expect(assembler.framesLost).toBe(0);
  });

  it('follows the serial through its wrap from 65535 to 0', () => {
    const assembler = new Jt1078FrameAssembler();
    const frames = [part(65535, Subpackage.FIRST, '0a'), part(0, Subpackage.LAST, '0b')].flatMap((p) => assembler.push(p));
    expect(frames.map((f) => f.data.toString('hex'))).toEqual(['0a0b']);
  });
});
