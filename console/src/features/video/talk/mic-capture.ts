// The microphone as 16-bit PCM at 8 kHz mono, in 20 ms chunks, for talk-back. The audio context
// runs at 8 kHz where the browser allows it (Chromium resamples the microphone with its own
// filter); otherwise the worklet averages down to 8 kHz. An AudioWorklet where there is one, a
// ScriptProcessor otherwise (deprecated, but the only choice in older browsers).
import { TALK_PCM_SAMPLE_RATE } from '@openfleet/contracts/video';

/** 20 ms at 8 kHz. */
const CHUNK_SAMPLES = 160;

const WORKLET = `
class OfPcm8k extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.ratio = sampleRate / ${TALK_PCM_SAMPLE_RATE};
    this.phase = 0; this.sum = 0; this.count = 0;
    this.out = new Int16Array(${CHUNK_SAMPLES}); this.n = 0;
  }
  process(inputs) {
    const input = inputs[0] && inputs[0][0];
    if (!input) return true;
    for (let i = 0; i < input.length; i++) {
      this.sum += input[i]; this.count++; this.phase += 1;
      if (this.phase < this.ratio) continue;
      this.phase -= this.ratio;
      const value = Math.round((this.sum / this.count) * 32767);
      this.sum = 0; this.count = 0;
      this.out[this.n++] = value > 32767 ? 32767 : value < -32768 ? -32768 : value;
      if (this.n === this.out.length) { this.port.postMessage(this.out.buffer, [this.out.buffer]); this.out = new Int16Array(${CHUNK_SAMPLES}); this.n = 0; }
    }
    return true;
  }
}
registerProcessor('of-pcm-8k', OfPcm8k);
`;

export interface Microphone {
  readonly context: AudioContext;
  stop(): void;
}

/** An audio context at 8 kHz if the browser makes one, else at its own rate. */
export function talkAudioContext(): AudioContext {
  try {
    return new AudioContext({ sampleRate: TALK_PCM_SAMPLE_RATE, latencyHint: 'interactive' });
  } catch {
    return new AudioContext({ latencyHint: 'interactive' });
  }
}

/** Asks for the microphone (the browser's permission prompt) and calls `onPcm` every 20 ms. */
export async function startMicrophone(context: AudioContext, onPcm: (pcm: Int16Array) => void): Promise<Microphone> {
  const media = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  const source = context.createMediaStreamSource(media);
  let node: AudioNode;
  if (context.audioWorklet) {
    const url = URL.createObjectURL(new Blob([WORKLET], { type: 'text/javascript' }));
    await context.audioWorklet.addModule(url);
    URL.revokeObjectURL(url);
    const worklet = new AudioWorkletNode(context, 'of-pcm-8k');
    worklet.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onPcm(new Int16Array(event.data));
    node = worklet;
  } else {
    node = scriptProcessor(context, onPcm);
  }
  source.connect(node);
  // A node must reach the destination to be pulled; it outputs silence.
  node.connect(context.destination);
  return {
    context,
    stop: () => {
      source.disconnect();
      node.disconnect();
      media.getTracks().forEach((track) => track.stop());
    },
  };
}

function scriptProcessor(context: AudioContext, onPcm: (pcm: Int16Array) => void): AudioNode {
  const processor = context.createScriptProcessor(1024, 1, 1);
  const ratio = context.sampleRate / TALK_PCM_SAMPLE_RATE;
  let phase = 0;
  processor.onaudioprocess = (event) => {
    const input = event.inputBuffer.getChannelData(0);
    const out: number[] = [];
    for (let i = 0; i < input.length; i++, phase++) {
      if (phase < ratio) continue;
      phase -= ratio;
      out.push(Math.max(-32768, Math.min(32767, Math.round(input[i] * 32767))));
    }
    if (out.length) onPcm(Int16Array.from(out));
  };
  return processor;
}
