import { DataType, PayloadType } from '../packet';
import { codedNumber, dfLaBox, flacCrc16, flacCrc8, flacFrame, SpeechToFlac } from './flac';
import { Jt1078Remuxer } from './remuxer';

describe('FLAC for 8 kHz speech', () => {
  it('uses the FLAC CRCs: CRC-8 (poly 0x07) and CRC-16 (poly 0x8005) check values', () => {
    const check = Buffer.from('123456789');
    expect(flacCrc8(check)).toBe(0xf4);
    expect(flacCrc16(check)).toBe(0xfee8);
  });

  it('codes sample numbers like UTF-8, up to 36 bits', () => {
    expect(codedNumber(0x45)).toEqual(Buffer.from([0x45]));
    expect(codedNumber(0x80)).toEqual(Buffer.from([0xc2, 0x80]));
    expect(codedNumber(0x1234)).toEqual(Buffer.from([0xe1, 0x88, 0xb4]));
    expect(codedNumber(28_800_000)).toEqual(Buffer.from([0xf9, 0xad, 0xb7, 0x90, 0x80]));
    expect(codedNumber(2 ** 35)).toEqual(Buffer.from([0xfe, 0xa0, 0x80, 0x80, 0x80, 0x80, 0x80]));
  });

  it('writes a verbatim frame byte for byte: header, CRC-8, subframe, big-endian samples, CRC-16', () => {
    const frame = flacFrame(Int16Array.from([1, -2, 300]), 5);
    // FF F9: sync + variable blocking; 74: block size from 16 bits, 8 kHz; 08: mono, 16 bits; 05: sample 5; 00 02: 3 - 1.
    const header = Buffer.from([0xff, 0xf9, 0x74, 0x08, 0x05, 0x00, 0x02]);
    expect(frame.subarray(0, 7)).toEqual(header);
    expect(frame[7]).toBe(flacCrc8(header));
    expect(frame.subarray(8, 15)).toEqual(Buffer.from([0x02, 0x00, 0x01, 0xff, 0xfe, 0x01, 0x2c]));
    expect(frame.readUInt16BE(15)).toBe(flacCrc16(frame.subarray(0, 15)));
    expect(frame).toHaveLength(17);
  });

  it('declares STREAMINFO in dfLa: last block, 34 bytes, 8 kHz mono 16-bit', () => {
    const box = dfLaBox(320);
    expect(box.subarray(4, 8).toString()).toBe('dfLa');
    expect(box.readUInt32BE(12)).toBe(0x80000022);
    expect([box.readUInt16BE(16), box.readUInt16BE(18)]).toEqual([320, 320]);
    // 20 bits of rate (8000), 3 of channels - 1 (0), 5 of bits - 1 (15), then 36 bits of total samples (0).
    expect(box.readUInt32BE(26)).toBe((8000 << 12) | (15 << 4));
    expect(box).toHaveLength(12 + 4 + 34);
  });

  it('numbers the frames by their first sample and strips nothing from plain G.711', () => {
    const flac = new SpeechToFlac(() => new Int16Array(320));
    const first = flac.push(Buffer.alloc(320));
    const second = flac.push(Buffer.alloc(320));
    expect(first).toMatchObject({ frameDuration: 320 });
    expect(first.frames[0][4]).toBe(0);
    expect(second.frames[0].subarray(4, 6)).toEqual(codedNumber(320));
  });

  it('makes a remuxer declare fLaC (codecs "flac") when asked, at 8 kHz, one sample per G.711 frame', () => {
    const remuxer = new Jt1078Remuxer({ speechCodec: 'flac', audioWaitMs: 100 });
    const events = [0, 40, 80, 120, 160].flatMap((ms) => remuxer.push({ channel: 1, dataType: DataType.AUDIO, payloadType: PayloadType.G711A, timestamp: 1_000 + ms, data: Buffer.alloc(320, 0xd5) }));
    remuxer.close();
    const init = events.find((event) => event.type === 'init');
    expect(init).toMatchObject({ mime: 'audio/mp4; codecs="flac"', audioCodec: 'flac' });
    expect((init as { data: Buffer }).data.includes(Buffer.from('fLaC'))).toBe(true);
    const fragments = events.filter((event) => event.type === 'fragment');
    expect(fragments.map((event) => (event as { decodeTimeMs: number }).decodeTimeMs)).toEqual([0, 40, 80, 120, 160]);
  });
});
