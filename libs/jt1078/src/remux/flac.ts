// 8 kHz mono speech (decoded G.711 / G.726) as FLAC in MP4, for Media Source Extensions, which
// play FLAC but not G.711. Verbatim subframes: the samples go out as they are, so a frame costs a
// copy and two CRCs (no library needed, and an Opus encoder costs about 0.4 % of a core per
// stream), adds no delay (one FLAC frame per terminal audio frame, no look-ahead) and is lossless;
// the price is bandwidth, 128 kbit/s per stream instead of Opus's 16.
// Layouts: the FLAC format (RFC 9639) and "Encapsulation of FLAC in ISO Base Media File Format".
import type { AudioEncoder, EncodedAudio } from './audio-encoder';
import { audioSampleEntry, fullBox } from './fmp4';

const SAMPLE_RATE = 8000;
/** Block size code 7: (blocksize - 1) follows the header as 16 bits. Sample rate code 4: 8 kHz. */
const BLOCK_AND_RATE = 0x74;
/** Channel assignment 0 (mono), sample size code 4 (16 bits). */
const CHANNELS_AND_BITS = 0x08;
/** Subframe type VERBATIM (000001), no wasted bits. */
const VERBATIM = 0x02;
const SILENCE_SAMPLES = 160;

const crc8Table = Uint8Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  return crc;
});

const crc16Table = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  return crc;
});

export function flacCrc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = crc8Table[crc ^ byte];
  return crc;
}

export function flacCrc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ crc16Table[(crc >> 8) ^ byte];
  return crc;
}

/** The frame header's coded number (UTF-8-like, up to 36 bits): here the first sample's number. */
export function codedNumber(value: number): Buffer {
  if (value < 0x80) return Buffer.from([value]);
  const limits = [0x800, 0x10000, 0x200000, 0x4000000, 0x80000000, 2 ** 36];
  const extra = limits.findIndex((limit) => value < limit) + 1;
  const out = Buffer.alloc(extra + 1);
  let rest = value;
  for (let i = extra; i >= 1; i--) {
    out[i] = 0x80 | rest % 64;
    rest = Math.floor(rest / 64);
  }
  out[0] = (0xff << (7 - extra)) & 0xff | rest;
  return out;
}

/** `dfLa` with the one metadata block a decoder needs, STREAMINFO (34 bytes), flagged last. */
export function dfLaBox(blockSize: number): Buffer {
  const info = Buffer.alloc(4 + 34);
  info.writeUInt32BE(0x80000000 + 34, 0); // last-metadata-block flag, type 0 (STREAMINFO), length 34
  info.writeUInt16BE(blockSize, 4); // minimum block size
  info.writeUInt16BE(blockSize, 6); // maximum block size (frames may differ: informational)
  // minimum and maximum frame size (24 bits each): 0, unknown
  // sample rate (20 bits), channels - 1 (3 bits), bits per sample - 1 (5 bits), total samples (36 bits): 0, unknown
  info.writeUInt32BE((SAMPLE_RATE << 12) | (0 << 9) | (15 << 4), 14);
  return fullBox('dfLa', 0, 0, info);
}

/** One FLAC frame (variable block size: the header numbers the first sample). */
export function flacFrame(samples: Int16Array, firstSample: number): Buffer {
  const number = codedNumber(firstSample);
  const header = Buffer.alloc(4 + number.length + 2 + 1);
  header[0] = 0xff;
  header[1] = 0xf9; // sync, reserved 0, variable blocking strategy
  header[2] = BLOCK_AND_RATE;
  header[3] = CHANNELS_AND_BITS;
  number.copy(header, 4);
  header.writeUInt16BE(samples.length - 1, 4 + number.length);
  header[header.length - 1] = flacCrc8(header.subarray(0, header.length - 1));
  const frame = Buffer.alloc(header.length + 1 + samples.length * 2 + 2);
  header.copy(frame, 0);
  let at = header.length;
  frame[at++] = VERBATIM;
  for (const sample of samples) {
    frame.writeInt16BE(sample, at);
    at += 2;
  }
  frame.writeUInt16BE(flacCrc16(frame.subarray(0, at)), at);
  return frame;
}

/** Speech to FLAC, one frame per terminal audio frame; `decode` turns a payload into 8 kHz samples. */
export class SpeechToFlac implements AudioEncoder {
  readonly codec = 'flac';
  readonly timescale = SAMPLE_RATE;
  readonly sampleEntry = audioSampleEntry('fLaC', 1, SAMPLE_RATE, dfLaBox(320));
  readonly pendingTicks = 0;
  private samples = 0;

  constructor(private readonly decode: (payload: Buffer) => Int16Array) {}

  push(payload: Buffer): EncodedAudio {
    const pcm = this.decode(payload);
    if (!pcm.length) return { frames: [], frameDuration: 0 };
    // One block is at most 65,536 samples; a terminal frame is a few hundred.
    const frame = flacFrame(pcm.subarray(0, 65_536), this.samples);
    this.samples += Math.min(pcm.length, 65_536);
    return { frames: [frame], frameDuration: Math.min(pcm.length, 65_536) };
  }

  silence(): { frame: Buffer; frameDuration: number } {
    const frame = flacFrame(new Int16Array(SILENCE_SAMPLES), this.samples);
    this.samples += SILENCE_SAMPLES;
    return { frame, frameDuration: SILENCE_SAMPLES };
  }

  close(): void {
    this.samples = 0;
  }
}
