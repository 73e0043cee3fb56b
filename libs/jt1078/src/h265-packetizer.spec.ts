import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adtsFrames, h265AccessUnits, h265FramePackets, h265Timeline } from './h265-packetizer';
import { decodePacket, PayloadType } from './packet';
import { packetLink } from './packetizer';

const MEDIA = join(__dirname, '../../../scripts/simulator/media');
const video = readFileSync(join(MEDIA, 'sample.h265'));
const audio = readFileSync(join(MEDIA, 'sample.aac'));

describe('H.265 + AAC packetizer (the simulator\'s --video-codec h265)', () => {
  it('cuts the sample into 100 access units, an IRAP with its VPS every 25, the bytes whole', () => {
    const units = h265AccessUnits(video);
    expect(units).toHaveLength(100);
    expect(units.flatMap((unit, i) => (unit.keyframe ? [i] : []))).toEqual([0, 25, 50, 75]);
    expect((units[0].data[4] >> 1) & 0x3f).toBe(32);
    expect(Buffer.concat(units.map((unit) => unit.data)).equals(video)).toBe(true);
  });

  it('cuts the ADTS into 64 frames of 1024 samples at 16 kHz, and lays both on one timeline', () => {
    const frames = adtsFrames(audio);
    expect(frames).toHaveLength(64);
    expect(frames[0].durationMs).toBe(64);
    expect(Buffer.concat(frames.map((frame) => frame.data)).equals(audio)).toBe(true);
    const { entries, durationMs } = h265Timeline({ video, audio });
    expect(durationMs).toBe(4096);
    expect(entries.slice(0, 5).map((entry) => [entry.kind, entry.atMs])).toEqual([['video', 0], ['audio', 0], ['video', 40], ['audio', 64], ['video', 80]]);
    expect(entries.find((entry) => entry.kind === 'audio' && entry.atMs > 0)?.atMs).toBe(64);
  });

  it('packs H.265 as payload type 99 and AAC as 19, the marker on a frame\'s last packet', () => {
    const link = packetLink({ sim: '13300000265', channel: 1 });
    const keyframe = h265Timeline({ video, audio }).entries[0];
    const packets = h265FramePackets(link, keyframe, 1000).map((packet) => decodePacket(packet));
    expect(packets.length).toBeGreaterThan(1);
    expect(packets.every((packet) => packet.payloadType === PayloadType.H265)).toBe(true);
    expect(packets.map((packet) => packet.marker)).toEqual([...packets.slice(1).map(() => false), true]);
    const [sound] = h265FramePackets(link, { kind: 'audio', keyframe: false, data: adtsFrames(audio)[0].data }, 1000).map((packet) => decodePacket(packet));
    expect(sound.payloadType).toBe(PayloadType.AAC);
  });
});
