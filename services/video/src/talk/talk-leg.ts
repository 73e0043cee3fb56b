import { DataType, PayloadType, SpeechDecoder, SpeechEncoder, audioFramePackets, isTalkPayloadType, packetLink, TALK_FRAME_SAMPLES, type Jt1078Frame, type PacketLink } from '@openfleet/jt1078';
import { MediaStream, type StreamOwner } from '../media/media-stream';

/** ms of audio in one talk frame (320 samples at 8 kHz). */
const FRAME_MS = (TALK_FRAME_SAMPLES / 8000) * 1000;

/**
 * One vehicle channel a talk session speaks to: the media link the terminal opened after 0x9101
 * data type 2 (talk) or 4 (broadcast). It is a MediaStream so the media link routes the
 * terminal's packets to it like any stream, but nothing is remuxed: the terminal's audio is decoded
 * to PCM for the talker's browser, and the browser's PCM is coded in the terminal's own format
 * (that of the audio it sends up; G.711A until it has sent any) and written down the same link.
 */
export class TalkLeg extends MediaStream {
  private downlink?: (bytes: Buffer) => void;
  private link?: PacketLink;
  private encoder = new SpeechEncoder(PayloadType.G711A);
  private readonly decoder = new SpeechDecoder();
  /** Timestamp of the next frame sent down (ms, the platform's clock, 40 ms a frame). */
  private nextTimestamp = 0;
  framesOut = 0;
  bytesOut = 0;
  audioFramesIn = 0;
  /** The terminal's audio as PCM (talk: played in the talker's tile). */
  onAudio?: (pcm: Int16Array) => void;

  constructor(key: string, owner: StreamOwner, now = Date.now()) {
    super(key, owner, now);
  }

  /** A terminal link is there to speak down (the media link clears `connected` when it goes). */
  get linked(): boolean {
    return !!this.downlink && this.connected && !this.closed;
  }

  /** The audio format the terminal is spoken to in (JT/T 1078 payload type). */
  get payloadType(): number {
    return this.encoder.payloadType;
  }

  /** Takes the terminal's new media link (its first packet named this SIM and channel). */
  attach(sim: string, downlink: (bytes: Buffer) => void): void {
    this.downlink = downlink;
    this.link = packetLink({ sim, channel: this.owner.channel });
  }

  /** The talker's PCM (8 kHz mono) down to the terminal, 40 ms a packet; nothing while the link is not there. */
  speak(pcm: Int16Array, now = Date.now()): void {
    if (!this.linked || !this.link) return;
    for (const frame of this.encoder.push(pcm)) {
      // Timestamps follow the audio, not the arrival: the browser sends in bursts.
      this.nextTimestamp = Math.max(this.nextTimestamp, now - 200);
      const packets = audioFramePackets(this.link, frame, this.encoder.payloadType, this.nextTimestamp);
      this.nextTimestamp += FRAME_MS;
      const bytes = packets.length === 1 ? packets[0] : Buffer.concat(packets);
      this.downlink!(bytes);
      this.framesOut++;
      this.bytesOut += bytes.length;
    }
  }

  /** Whole frames the terminal sent up its talk link: its audio, decoded for the talker. */
  override accept(frames: readonly Jt1078Frame[], now: number): void {
    void now;
    for (const frame of frames) {
      this.framesIn++;
      if (frame.dataType !== DataType.AUDIO) continue;
      // Speak to the terminal in the format it speaks in (a terminal configured for G.711U or G.726 sends that).
      if (isTalkPayloadType(frame.payloadType) && frame.payloadType !== this.encoder.payloadType) this.encoder = new SpeechEncoder(frame.payloadType);
      const pcm = this.decoder.decode(frame.payloadType, frame.data);
      if (!pcm) continue;
      this.audioFramesIn++;
      this.onAudio?.(pcm);
    }
  }
}
