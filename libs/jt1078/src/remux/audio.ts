// Terminal audio to what Chromium's Media Source Extensions play in MP4: G.711 is decoded
// (alawmulaw) and re-encoded to Opus (libopus in WebAssembly, from opusscript); AAC passes through.
// G.726 is decoded by our own decoder (g726.ts) and re-encoded to Opus the same way.
// Added latency for G.711 and G.726: at most one 20 ms Opus frame of buffering plus the encoder's
// 6.5 ms lookahead (carried as dOps pre-skip), so under 30 ms.
import { alaw, mulaw } from 'alawmulaw';
import { PayloadType } from '../packet';
import type { AudioEncoder, EncodedAudio } from './audio-encoder';
import { audioSampleEntry, box, fullBox } from './fmp4';
import { SpeechToFlac } from './flac';
import { G726Decoder, type G726BitRate } from './g726';

/**
 * The audio payload without the 4-byte HiSilicon header (`00 01 n 00`, n = the 16-bit words after
 * it) that many terminals put before each chunk. A frame may hold several such chunks; unless the
 * headers account for every byte, the payload is taken as it is (G.711 bytes may look like one).
 */
export function stripHisiliconHeader(data: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let pos = 0;
  while (pos + 4 <= data.length && data[pos] === 0 && data[pos + 1] === 1 && data[pos + 3] === 0) {
    const length = data[pos + 2] * 2;
    if (length === 0 || pos + 4 + length > data.length) return data;
    chunks.push(data.subarray(pos + 4, pos + 4 + length));
    pos += 4 + length;
  }
  if (pos !== data.length || !chunks.length) return data;
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** G.711 A-law or mu-law bytes to 16-bit PCM samples. */
export function decodeG711(data: Buffer, payloadType: number): Int16Array {
  return payloadType === PayloadType.G711U ? mulaw.decode(data) : alaw.decode(data);
}

export type { AudioEncoder, EncodedAudio } from './audio-encoder';

const OPUS_RATE = 48000;
const PCM_RATE = 8000;
const FRAME_SAMPLES = 160; // 20 ms at 8 kHz
const OPUS_FRAME_TICKS = 960; // 20 ms at 48 kHz
// libopus lookahead for the VoIP/audio applications: 2.5 ms + 4 ms delay compensation, at 48 kHz.
const OPUS_PRE_SKIP = 312;
const OPUS_SET_COMPLEXITY = 4010;
const OPUS_SET_BITRATE = 4002;
const OPUS_APPLICATION_VOIP = 2048;
const OPUS_BITRATE = 16000;
const MAX_OPUS_PACKET = 3828;

interface OpusHandler {
  /** Encodes `bytes` bytes of PCM, each byte in a 16-bit slot at `input`, into `output`; the packet length or an error < 0. */
  _encode(input: number, bytes: number, output: number, frameSize: number): number;
  _encoder_ctl(ctl: number, value: number): number;
}
interface OpusModule {
  OpusScriptHandler: { new (sampleRate: number, channels: number, application: number): OpusHandler; destroy_handler(handler: OpusHandler): void };
  HEAPU8: Uint8Array;
  HEAPU16: Uint16Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
}
let opusModule: OpusModule | undefined;

/**
 * A libopus encoder on opusscript's WebAssembly build, without its OpusScript class: that class
 * indexes its 16-bit input view with a byte address, so it writes outside its allocation (over
 * other encoders' state once many share the heap) and throws once the heap passes ~8 MB, which
 * the benchmark's 100 streams hit. Heap views are taken per call: they change when the heap grows.
 */
class OpusEncoder {
  private readonly module: OpusModule;
  private readonly handler: OpusHandler;
  private readonly input: number;
  private readonly output: number;

  constructor(sampleRate: number, complexity: number, bitrate: number) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.module = opusModule ??= require('opusscript/build/opusscript_native_wasm.js')() as OpusModule;
    this.handler = new this.module.OpusScriptHandler(sampleRate, 1, OPUS_APPLICATION_VOIP);
    this.input = this.module._malloc(4 * FRAME_SAMPLES);
    this.output = this.module._malloc(MAX_OPUS_PACKET);
    this.ctl(OPUS_SET_COMPLEXITY, complexity);
    this.ctl(OPUS_SET_BITRATE, bitrate);
  }

  /** One 20 ms frame of samples to one Opus packet. */
  encode(samples: Int16Array): Buffer {
    const heap = this.module.HEAPU16;
    const slot = this.input >> 1;
    for (let i = 0; i < samples.length; i++) {
      heap[slot + 2 * i] = samples[i] & 0xff;
      heap[slot + 2 * i + 1] = (samples[i] >> 8) & 0xff;
    }
    const length = this.handler._encode(this.input, 2 * samples.length, this.output, samples.length);
    if (length < 0) throw new Error(`Opus encoder error ${length}`);
    return Buffer.from(this.module.HEAPU8.subarray(this.output, this.output + length));
  }

  close(): void {
    this.module.OpusScriptHandler.destroy_handler(this.handler);
    this.module._free(this.input);
    this.module._free(this.output);
  }

  private ctl(request: number, value: number): void {
    const result = this.handler._encoder_ctl(request, value);
    if (result < 0) throw new Error(`Opus encoder control ${request} failed: ${result}`);
  }
}

/** Opus identification in MP4: `dOps` (Encapsulation of Opus in ISOBMFF, 4.3.2), channel mapping family 0. */
export function dOpsBox(channels: number, preSkip: number, inputSampleRate: number): Buffer {
  const body = Buffer.alloc(11);
  body[0] = 0; // Version
  body[1] = channels;
  body.writeUInt16BE(preSkip, 2);
  body.writeUInt32BE(inputSampleRate, 4);
  body.writeInt16BE(0, 8); // OutputGain
  body[10] = 0; // ChannelMappingFamily
  return box('dOps', body);
}

/** 8 kHz mono speech (G.711, G.726) to Opus in 20 ms frames; `decode` turns a payload into PCM samples. */
export class SpeechToOpus implements AudioEncoder {
  readonly codec = 'opus';
  readonly timescale = OPUS_RATE;
  // InputSampleRate is informational in the Opus-in-ISOBMFF spec, but Chromium's MP4 parser refuses
  // an init whose dOps rate differs from the sample entry's (48000): seen here, "Opus AudioSampleEntry
  // sample rate mismatches OpusSpecificBox". So both say 48000.
  readonly sampleEntry = audioSampleEntry('Opus', 1, OPUS_RATE, dOpsBox(1, OPUS_PRE_SKIP, OPUS_RATE));
  private readonly encoder: OpusEncoder;
  private pcm = new Int16Array(0);
  private silent?: Buffer;

  constructor(private readonly decode: (payload: Buffer) => Int16Array, complexity = 0) {
    // Complexity 0 keeps a stream's encoding cheap (scripts/bench/video-remux.js measures it).
    this.encoder = new OpusEncoder(PCM_RATE, complexity, OPUS_BITRATE);
  }

  get pendingTicks(): number {
    return (this.pcm.length * OPUS_RATE) / PCM_RATE;
  }

  push(payload: Buffer): EncodedAudio {
    const decoded = this.decode(stripHisiliconHeader(payload));
    const pcm = new Int16Array(this.pcm.length + decoded.length);
    pcm.set(this.pcm);
    pcm.set(decoded, this.pcm.length);
    const frames: Buffer[] = [];
    let pos = 0;
    for (; pos + FRAME_SAMPLES <= pcm.length; pos += FRAME_SAMPLES) {
      frames.push(this.encoder.encode(pcm.subarray(pos, pos + FRAME_SAMPLES)));
    }
    this.pcm = pcm.slice(pos);
    return { frames, frameDuration: OPUS_FRAME_TICKS };
  }

  silence(): { frame: Buffer; frameDuration: number } {
    this.silent ??= this.encoder.encode(new Int16Array(FRAME_SAMPLES));
    return { frame: this.silent, frameDuration: OPUS_FRAME_TICKS };
  }

  close(): void {
    this.encoder.close();
  }
}

const AAC_SAMPLE_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** What an ADTS header says (ISO/IEC 13818-7 6.2.1 / 14496-3 1.A.2). */
export interface AdtsConfig {
  objectType: number;
  sampleRateIndex: number;
  sampleRate: number;
  channels: number;
}

/** The ADTS frames of a payload: their raw AAC data, and the configuration of the first. Undefined when it is not ADTS. */
export function parseAdts(data: Buffer): { config: AdtsConfig; frames: Buffer[] } | undefined {
  const frames: Buffer[] = [];
  let config: AdtsConfig | undefined;
  let pos = 0;
  while (pos + 7 <= data.length) {
    if (data[pos] !== 0xff || (data[pos + 1] & 0xf6) !== 0xf0) break;
    const protectionAbsent = data[pos + 1] & 1;
    const frameLength = ((data[pos + 3] & 0x03) << 11) | (data[pos + 4] << 3) | (data[pos + 5] >> 5);
    const headerLength = protectionAbsent ? 7 : 9;
    if (frameLength < headerLength || pos + frameLength > data.length) break;
    const sampleRateIndex = (data[pos + 2] >> 2) & 0x0f;
    if (sampleRateIndex >= AAC_SAMPLE_RATES.length) break;
    config ??= {
      objectType: (data[pos + 2] >> 6) + 1,
      sampleRateIndex,
      sampleRate: AAC_SAMPLE_RATES[sampleRateIndex],
      channels: ((data[pos + 2] & 0x01) << 2) | (data[pos + 3] >> 6),
    };
    frames.push(data.subarray(pos + headerLength, pos + frameLength));
    pos += frameLength;
  }
  return config && frames.length ? { config, frames } : undefined;
}

/** AudioSpecificConfig (ISO/IEC 14496-3 1.6.2.1): object type, sampling frequency index, channel configuration. */
export function audioSpecificConfig(config: AdtsConfig): Buffer {
  const value = (config.objectType << 11) | (config.sampleRateIndex << 7) | (config.channels << 3);
  return Buffer.from([value >> 8, value & 0xff]);
}

/** `esds` (ISO/IEC 14496-14 5.6) for AAC: ES_Descriptor > DecoderConfigDescriptor > DecoderSpecificInfo, SLConfigDescriptor. */
export function esdsBox(asc: Buffer): Buffer {
  const descriptor = (tag: number, ...body: Buffer[]) => {
    const payload = Buffer.concat(body);
    return Buffer.concat([Buffer.from([tag, payload.length]), payload]);
  };
  const decoderConfig = descriptor(
    0x04,
    Buffer.from([0x40, 0x15, 0, 0, 0]), // MPEG-4 audio, stream type audio, bufferSizeDB 0
    Buffer.alloc(8), // max and average bitrate unknown
    descriptor(0x05, asc),
  );
  return fullBox('esds', 0, 0, descriptor(0x03, Buffer.from([0, 0, 0]), decoderConfig, descriptor(0x06, Buffer.from([2]))));
}

/** AAC in ADTS: the raw frames pass through, 1024 samples each. */
export class AdtsPassThrough implements AudioEncoder {
  readonly codec: string;
  readonly timescale: number;
  readonly sampleEntry: Buffer;
  readonly pendingTicks = 0;

  constructor(config: AdtsConfig) {
    this.codec = `mp4a.40.${config.objectType}`;
    this.timescale = config.sampleRate;
    this.sampleEntry = audioSampleEntry('mp4a', config.channels, config.sampleRate, esdsBox(audioSpecificConfig(config)));
  }

  push(payload: Buffer): EncodedAudio {
    return { frames: parseAdts(stripHisiliconHeader(payload))?.frames ?? [], frameDuration: 1024 };
  }

  close(): void {}
}

/**
 * What 8 kHz speech (G.711, G.726) becomes for the browser: Opus (16 kbit/s, about 0.4 % of a core
 * per stream, 26.5 ms of delay) or FLAC (128 kbit/s, almost no CPU, no delay).
 */
export type SpeechCodec = 'opus' | 'flac';

/**
 * The encoder for a stream's audio payload type, or undefined when it cannot be played (G.729,
 * AAC without ADTS...). G.726 does not say its rate: the caller tells it (32 kbit/s by default).
 */
export function audioEncoderFor(payloadType: number, firstPayload: Buffer, g726BitRate: G726BitRate = 32000, speechCodec: SpeechCodec = 'opus'): AudioEncoder | undefined {
  const speech = (decode: (payload: Buffer) => Int16Array) => (speechCodec === 'flac' ? new SpeechToFlac((payload) => decode(stripHisiliconHeader(payload))) : new SpeechToOpus(decode));
  if (payloadType === PayloadType.G711A || payloadType === PayloadType.G711U) return speech((payload) => decodeG711(payload, payloadType));
  if (payloadType === PayloadType.G726) {
    const decoder = new G726Decoder(g726BitRate);
    return speech((payload) => decoder.decode(payload));
  }
  if (payloadType === PayloadType.AAC) {
    const adts = parseAdts(stripHisiliconHeader(firstPayload));
    return adts ? new AdtsPassThrough(adts.config) : undefined;
  }
  return undefined;
}
