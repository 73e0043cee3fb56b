import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PayloadType } from '../packet';
import { AdtsPassThrough, SpeechToOpus, audioEncoderFor, audioSpecificConfig, decodeG711, dOpsBox, esdsBox, parseAdts, stripHisiliconHeader } from './audio';

const g711a = readFileSync(join(__dirname, '../../../../scripts/simulator/media/sample.g711a'));

/** An ADTS header (protection absent) for AAC `objectType` before `payload`. */
function adts(payload: Buffer, objectType = 2, sampleRateIndex = 11, channels = 1): Buffer {
  const length = payload.length + 7;
  const header = Buffer.from([0xff, 0xf1, ((objectType - 1) << 6) | (sampleRateIndex << 2) | (channels >> 2), ((channels & 3) << 6) | (length >> 11), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc]);
  return Buffer.concat([header, payload]);
}

describe('stripHisiliconHeader', () => {
  const body = g711a.subarray(0, 320);

  it('takes off 00 01 a0 00 (160 words) before 320 bytes', () => {
    expect(stripHisiliconHeader(Buffer.concat([Buffer.from([0, 1, 0xa0, 0]), body]))).toEqual(body);
  });

  it('takes off the header of every chunk when a frame holds several', () => {
    const chunked = Buffer.concat([Buffer.from([0, 1, 0x50, 0]), body.subarray(0, 160), Buffer.from([0, 1, 0x50, 0]), body.subarray(160)]);
    expect(stripHisiliconHeader(chunked)).toEqual(body);
  });

  it('leaves a payload alone when the length does not match (G.711 bytes that look like a header)', () => {
    const lookalike = Buffer.concat([Buffer.from([0, 1, 0x10, 0]), body]);
    expect(stripHisiliconHeader(lookalike)).toBe(lookalike);
    expect(stripHisiliconHeader(body)).toBe(body);
  });
});

describe('decodeG711', () => {
  it('decodes A-law per G.711 table 1 (0xD5 is +8, 0x55 is -8, 0xAA is +32256)', () => {
    expect([...decodeG711(Buffer.from([0xd5, 0x55, 0xaa, 0x2a]), PayloadType.G711A)]).toEqual([8, -8, 32256, -32256]);
  });

  it('decodes mu-law per G.711 table 2 (0xFF is 0, 0x80 is +32124, 0x00 is -32124)', () => {
    expect([...decodeG711(Buffer.from([0xff, 0x80, 0x00]), PayloadType.G711U)]).toEqual([0, 32124, -32124]);
  });
});

describe('Opus in MP4', () => {
  it('writes dOps as the Opus-in-ISOBMFF spec lays it out (4.3.2)', () => {
    // size, 'dOps', Version 0, OutputChannelCount 1, PreSkip 312, InputSampleRate 8000, OutputGain 0, ChannelMappingFamily 0
    expect(dOpsBox(1, 312, 8000).toString('hex')).toBe('00000013' + '644f7073' + '00' + '01' + '0138' + '00001f40' + '0000' + '00');
  });

  it('declares an Opus sample entry: 1 channel, 16 bits, 48 kHz, then dOps', () => {
    const encoder = new SpeechToOpus((payload) => decodeG711(payload, PayloadType.G711A));
    const entry = encoder.sampleEntry;
    encoder.close();
    expect(entry.subarray(4, 8).toString('latin1')).toBe('Opus');
    expect(entry.readUInt16BE(8 + 6)).toBe(1); // data_reference_index
    expect([entry.readUInt16BE(24), entry.readUInt16BE(26), entry.readUInt32BE(32)]).toEqual([1, 16, 48000 * 0x10000]);
    // dOps says 48 kHz too: Chromium refuses an Opus init whose dOps rate differs from the entry's.
    expect(entry.subarray(36)).toEqual(dOpsBox(1, 312, 48000));
  });

  it('encodes G.711 in 20 ms Opus frames (SILK narrowband), keeping what is left for the next push', () => {
    const encoder = new SpeechToOpus((payload) => decodeG711(payload, PayloadType.G711A));
    try {
      const first = encoder.push(g711a.subarray(0, 320));
      expect(first.frames).toHaveLength(2);
      expect(first.frameDuration).toBe(960);
      // TOC config 1: SILK-only, narrowband, 20 ms (RFC 6716 3.1); mono, one frame.
      expect(first.frames.map((frame) => frame[0])).toEqual([0x08, 0x08]);
      expect(encoder.push(g711a.subarray(320, 420)).frames).toHaveLength(0);
      expect(encoder.pendingTicks).toBe(100 * 6);
      expect(encoder.push(g711a.subarray(420, 640)).frames).toHaveLength(2);
      expect(encoder.pendingTicks).toBe(0);
    } finally {
      encoder.close();
    }
  });
});

describe('G.726 to Opus', () => {
  it('decodes 32 kbit/s G.726 (160 bytes, 40 ms) and encodes two Opus frames', () => {
    const encoder = audioEncoderFor(PayloadType.G726, Buffer.alloc(160))!;
    try {
      expect([encoder.codec, encoder.timescale]).toEqual(['opus', 48000]);
      const { frames } = encoder.push(readFileSync(join(__dirname, 'fixtures/sine440-32k.g726')).subarray(0, 160));
      expect(frames.map((frame) => frame[0])).toEqual([0x08, 0x08]);
    } finally {
      encoder.close();
    }
  });
});

describe('AAC', () => {
  it('reads the ADTS header and builds the AudioSpecificConfig from it', () => {
    const parsed = parseAdts(adts(Buffer.from([0x21, 0x10])))!;
    expect(parsed.config).toEqual({ objectType: 2, sampleRateIndex: 11, sampleRate: 8000, channels: 1 });
    expect(parsed.frames).toEqual([Buffer.from([0x21, 0x10])]);
    // 00010 (AAC LC) 1011 (8 kHz) 0001 (mono) 000
    expect(audioSpecificConfig(parsed.config).toString('hex')).toBe('1588');
    expect(audioSpecificConfig({ objectType: 2, sampleRateIndex: 4, sampleRate: 44100, channels: 2 }).toString('hex')).toBe('1210');
  });

  it('splits several ADTS frames and stops at bytes that are not one', () => {
    expect(parseAdts(Buffer.concat([adts(Buffer.from([1])), adts(Buffer.from([2, 3]))]))!.frames).toEqual([Buffer.from([1]), Buffer.from([2, 3])]);
    expect(parseAdts(Buffer.from([0x21, 0x10, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
  });

  it('writes esds: ES_Descriptor, DecoderConfigDescriptor (MPEG-4 audio), DecoderSpecificInfo, SLConfigDescriptor', () => {
    expect(esdsBox(Buffer.from([0x15, 0x88])).toString('hex')).toBe(
      '00000027' + '65736473' + '00000000' + '0319' + '000000' + '0411' + '4015000000' + '0000000000000000' + '05021588' + '060102',
    );
  });

  it('passes ADTS through as mp4a.40.2, 1024 samples a frame at the stream rate', () => {
    const encoder = audioEncoderFor(PayloadType.AAC, adts(Buffer.from([0x21])))!;
    expect(encoder).toBeInstanceOf(AdtsPassThrough);
    expect([encoder.codec, encoder.timescale]).toEqual(['mp4a.40.2', 8000]);
    expect(encoder.push(adts(Buffer.from([0x21, 0x22])))).toEqual({ frames: [Buffer.from([0x21, 0x22])], frameDuration: 1024 });
  });

  it('has no encoder for AAC without ADTS, nor for G.729', () => {
    expect(audioEncoderFor(PayloadType.AAC, Buffer.from([0x21, 0x10]))).toBeUndefined();
    expect(audioEncoderFor(5, g711a.subarray(0, 160))).toBeUndefined();
  });
});
