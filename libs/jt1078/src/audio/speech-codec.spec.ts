import { decodePacket, DataType, PayloadType, Subpackage } from '../packet';
import { packetLink } from '../packetizer';
import { audioFramePackets } from './audio-packets';
import { SpeechDecoder, SpeechEncoder, TALK_FRAME_SAMPLES } from './speech-codec';

const tone = (length: number, hz = 1000) => Int16Array.from({ length }, (_, n) => Math.round(8000 * Math.sin((2 * Math.PI * hz * n) / 8000)));

/** Largest difference between two PCM runs. */
const maxError = (a: Int16Array, b: Int16Array) => a.reduce((max, value, i) => Math.max(max, Math.abs(value - b[i])), 0);

describe('SpeechEncoder', () => {
  it('codes G.711A by default in 40 ms frames of 320 bytes, holding the rest for the next push', () => {
    const encoder = new SpeechEncoder();
    expect(encoder.push(tone(500))).toHaveLength(1);
    const next = encoder.push(tone(140));
    expect(next).toHaveLength(1);
    expect(next[0]).toHaveLength(TALK_FRAME_SAMPLES);
  });

  it.each([
    [PayloadType.G711A, 320, 260],
    [PayloadType.G711U, 320, 260],
    [PayloadType.G726, 160, 1200],
  ])('payload type %i: %i bytes a frame, decoded back within %i of the PCM', (payloadType, bytes, tolerance) => {
    const pcm = tone(TALK_FRAME_SAMPLES * 4);
    const frames = new SpeechEncoder(payloadType).push(pcm);
    expect(frames.map((frame) => frame.length)).toEqual([bytes, bytes, bytes, bytes]);
    const decoder = new SpeechDecoder();
    const back = Int16Array.from(frames.flatMap((frame) => [...decoder.decode(payloadType, frame)!]));
    // G.726 adapts over the first frame; G.711 is within half a step of its segment everywhere.
    expect(maxError(back.subarray(TALK_FRAME_SAMPLES), pcm.subarray(TALK_FRAME_SAMPLES))).toBeLessThan(tolerance);
  });

  it('G.711A and G.711U are different codes for the same sound', () => {
    const pcm = tone(TALK_FRAME_SAMPLES);
    expect(new SpeechEncoder(PayloadType.G711A).push(pcm)[0].equals(new SpeechEncoder(PayloadType.G711U).push(pcm)[0])).toBe(false);
  });

  it('refuses a format a terminal cannot be spoken to in', () => {
    expect(() => new SpeechEncoder(PayloadType.AAC)).toThrow(/payload type 19/);
    expect(new SpeechDecoder().decode(PayloadType.AAC, Buffer.alloc(8))).toBeUndefined();
  });
});

describe('audioFramePackets', () => {
  it('lays a frame in table-19 audio packets: data type 3, the payload type, M, SIM, channel, serials on, the timestamp', () => {
    const link = packetLink({ sim: '13800138000', channel: 2 });
    const frame = new SpeechEncoder().push(tone(TALK_FRAME_SAMPLES))[0];
    const [first] = audioFramePackets(link, frame, PayloadType.G711A, 1_700_000_000_123);
    const [second] = audioFramePackets(link, frame, PayloadType.G711A, 1_700_000_000_163);
    const packet = decodePacket(first);
    expect(packet).toMatchObject({ marker: true, payloadType: PayloadType.G711A, serial: 0, sim: '013800138000', channel: 2, dataType: DataType.AUDIO, subpackage: Subpackage.ATOMIC, timestamp: 1_700_000_000_123 });
    expect(packet.body.equals(frame)).toBe(true);
    // Audio has no frame intervals: the body length sits right after the timestamp (offset 16 + 8 with BCD[6]).
    expect(first.readUInt16BE(24)).toBe(320);
    expect(first).toHaveLength(26 + 320);
    expect(decodePacket(second)).toMatchObject({ serial: 1, timestamp: 1_700_000_000_163 });
  });

  it('cuts a payload over 950 bytes into first, last packets with M only on the last', () => {
    const link = packetLink({ sim: '013800138000', channel: 1 });
    const packets = audioFramePackets(link, Buffer.alloc(1200, 0xd5), PayloadType.G711A, 0).map((bytes) => decodePacket(bytes));
    expect(packets.map((packet) => [packet.subpackage, packet.marker, packet.body.length])).toEqual([
      [Subpackage.FIRST, false, 950],
      [Subpackage.LAST, true, 250],
    ]);
  });
});
