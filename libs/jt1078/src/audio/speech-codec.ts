// Talk-back and broadcast: the platform speaks to a terminal in the terminal's own audio format.
// The browser sends 16-bit PCM at 8 kHz; this codes it as G.711A (the default), G.711U or G.726
// and cuts it into the 40 ms frames terminals send (320 samples), and decodes what the terminal
// says back to PCM for the browser. alawmulaw does G.711; G.726 is our own (../remux/g726.ts).
import { alaw, mulaw } from 'alawmulaw';
import { PayloadType } from '../packet';
import { decodeG711, stripHisiliconHeader } from '../remux/audio';
import { G726Decoder, G726Encoder, type G726BitRate } from '../remux/g726';

/** Samples in one talk frame: 40 ms at 8 kHz, the frame length terminals use (0x1003 audioFrameLength 320). */
export const TALK_FRAME_SAMPLES = 320;
export const TALK_SAMPLE_RATE = 8000;

/** The payload types a terminal can be spoken to in (JT/T 1078 table 12). */
export const TALK_PAYLOAD_TYPES: readonly number[] = [PayloadType.G711A, PayloadType.G711U, PayloadType.G726];

export function isTalkPayloadType(payloadType: number): boolean {
  return TALK_PAYLOAD_TYPES.includes(payloadType);
}

/** PCM in, whole coded 40 ms frames out; samples short of a frame wait for the next push. */
export class SpeechEncoder {
  private pending = new Int16Array(0);
  private readonly g726?: G726Encoder;

  constructor(
    readonly payloadType: number = PayloadType.G711A,
    g726BitRate: G726BitRate = 32000,
  ) {
    if (!isTalkPayloadType(payloadType)) throw new Error(`payload type ${payloadType} cannot be spoken to a terminal`);
    if (payloadType === PayloadType.G726) this.g726 = new G726Encoder(g726BitRate);
  }

  push(pcm: Int16Array): Buffer[] {
    const all = new Int16Array(this.pending.length + pcm.length);
    all.set(this.pending);
    all.set(pcm, this.pending.length);
    const frames: Buffer[] = [];
    let at = 0;
    for (; at + TALK_FRAME_SAMPLES <= all.length; at += TALK_FRAME_SAMPLES) frames.push(this.code(all.subarray(at, at + TALK_FRAME_SAMPLES)));
    this.pending = all.slice(at);
    return frames;
  }

  private code(frame: Int16Array): Buffer {
    if (this.g726) return this.g726.encode(frame);
    const bytes = this.payloadType === PayloadType.G711U ? mulaw.encode(frame) : alaw.encode(frame);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  }
}

/** A terminal's talk audio (G.711A/U or G.726, with or without the HiSilicon prefix) to PCM; undefined for a format it cannot read. */
export class SpeechDecoder {
  private g726?: G726Decoder;

  constructor(private readonly g726BitRate: G726BitRate = 32000) {}

  decode(payloadType: number, payload: Buffer): Int16Array | undefined {
    const data = stripHisiliconHeader(payload);
    if (payloadType === PayloadType.G711A || payloadType === PayloadType.G711U) return decodeG711(data, payloadType);
    if (payloadType === PayloadType.G726) return (this.g726 ??= new G726Decoder(this.g726BitRate)).decode(data);
    return undefined;
  }
}
