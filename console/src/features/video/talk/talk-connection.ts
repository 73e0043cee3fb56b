// One talk session in the browser: the microphone's PCM up the signed talk WebSocket (while the
// operator holds push-to-talk, or always with the open microphone), the terminal's audio back
// down it, played at once through an AnalyserNode (the level meter, and the e2e's 1 kHz check).
import { TALK_PCM_SAMPLE_RATE, type TalkSessionView, type TalkSocketMessage } from '@openfleet/contracts/video';
import { startMicrophone, talkAudioContext, type Microphone } from './mic-capture';

export type TalkState = 'connecting' | 'waiting' | 'linked' | 'closed' | 'failed';

/** Audio more than this far ahead of the clock is dropped, so a burst cannot build up delay. */
const MAX_AHEAD_S = 0.3;
/** A little buffering against jitter before the terminal's audio plays. */
const START_DELAY_S = 0.06;

/** Per-session figures for tests and the tile: what went up and came down. */
export interface TalkStats {
  state: TalkState;
  chunksSent: number;
  samplesReceived: number;
  /** The frequency (Hz) with the most power in what the terminal sent back just now. */
  peakHz(): number;
}

declare global {
  interface Window {
    __talkStats?: Record<string, TalkStats>;
  }
}

export class TalkConnection {
  private socket?: WebSocket;
  private microphone?: Microphone;
  private readonly context = talkAudioContext();
  private readonly analyser = this.context.createAnalyser();
  private playAt = 0;
  private readonly stats: TalkStats;
  /** Whether the microphone goes up now (push-to-talk held, or open microphone). */
  transmitting = false;

  constructor(
    readonly session: TalkSessionView,
    private readonly onState: (state: TalkState) => void,
  ) {
    this.analyser.fftSize = 2048;
    this.analyser.connect(this.context.destination);
    const frequencies = new Float32Array(this.analyser.frequencyBinCount);
    this.stats = {
      state: 'connecting',
      chunksSent: 0,
      samplesReceived: 0,
      peakHz: () => {
        this.analyser.getFloatFrequencyData(frequencies);
        let best = 1;
        for (let i = 2; i < frequencies.length; i++) if (frequencies[i] > frequencies[best]) best = i;
        return (best * this.context.sampleRate) / this.analyser.fftSize;
      },
    };
    (window.__talkStats ??= {})[session.talkId] = this.stats;
  }

  /** Opens the microphone (the permission prompt) and the socket. */
  async start(): Promise<void> {
    try {
      this.microphone = await startMicrophone(this.context, (pcm) => this.send(pcm));
      // Created after the click's await: resume in case the browser started it suspended.
      await this.context.resume();
    } catch (error) {
      this.setState('failed');
      throw error;
    }
    const url = new URL(this.session.wsUrl, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => this.setState('waiting');
    socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => (typeof event.data === 'string' ? this.message(JSON.parse(event.data) as TalkSocketMessage) : this.play(new Int16Array(event.data)));
    socket.onclose = () => this.setState('closed');
    this.socket = socket;
  }

  stop(): void {
    this.microphone?.stop();
    this.socket?.close();
    void this.context.close().catch(() => undefined);
    this.setState('closed');
  }

  private send(pcm: Int16Array): void {
    if (!this.transmitting || this.socket?.readyState !== WebSocket.OPEN) return;
    this.socket.send(pcm);
    this.stats.chunksSent++;
  }

  private message(message: TalkSocketMessage): void {
    if (message.type === 'linked') this.setState('linked');
    else if (message.type === 'unlinked') this.setState('waiting');
    else if (message.type === 'closed') this.setState('closed');
  }

  private play(pcm: Int16Array): void {
    this.stats.samplesReceived += pcm.length;
    const buffer = this.context.createBuffer(1, pcm.length, TALK_PCM_SAMPLE_RATE);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < pcm.length; i++) channel[i] = pcm[i] / 32768;
    const now = this.context.currentTime;
    if (this.playAt < now) this.playAt = now + START_DELAY_S;
    if (this.playAt - now > MAX_AHEAD_S) return;
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.analyser);
    source.start(this.playAt);
    this.playAt += buffer.duration;
  }

  private setState(state: TalkState): void {
    if (this.stats.state === state || (this.stats.state === 'failed' && state === 'closed')) return;
    this.stats.state = state;
    this.onState(state);
  }
}
