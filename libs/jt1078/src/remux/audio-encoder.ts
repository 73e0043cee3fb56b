// Its own file so audio.ts (which picks an encoder) and each encoder (flac.ts) import it one way.

/** Encoded audio frames ready for an MP4 track: each frame one sample of `frameDuration` ticks. */
export interface EncodedAudio {
  frames: Buffer[];
  frameDuration: number;
}

/** One stream's audio, from terminal payloads to MP4 samples. */
export interface AudioEncoder {
  /** RFC 6381 codec, as MSE's isTypeSupported takes it. */
  readonly codec: string;
  readonly timescale: number;
  readonly sampleEntry: Buffer;
  /** Media not yet handed out (buffered PCM), in timescale ticks: the next frame starts this much before the payload just pushed ends. */
  readonly pendingTicks: number;
  push(payload: Buffer): EncodedAudio;
  /** One frame of silence (frameDuration ticks), to keep the track going when the terminal stops sending audio; undefined when the codec cannot make one. */
  silence?(): { frame: Buffer; frameDuration: number };
  close(): void;
}
