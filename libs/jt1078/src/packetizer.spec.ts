import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataType, decodePacket, MAX_BODY, Subpackage } from './packet';
import { h264AccessUnits, mediaTimeline, samplePackets } from './packetizer';
import { Jt1078FrameAssembler } from './stream';

const MEDIA = join(__dirname, '../../../scripts/simulator/media');
const sample = { video: readFileSync(join(MEDIA, 'sample.h264')), audio: readFileSync(join(MEDIA, 'sample.g711a')) };

describe('the sending side (packetizer)', () => {
  it('cuts the sample into 200 access units, a keyframe every 25, the first carrying SPS and PPS', () => {
    const units = h264AccessUnits(sample.video);
    expect(units).toHaveLength(200);
    expect(units.map((unit, i) => (unit.keyframe ? i : -1)).filter((i) => i >= 0)).toEqual([0, 25, 50, 75, 100, 125, 150, 175]);
    expect(units[0].data.subarray(0, 5)).toEqual(Buffer.from([0, 0, 0, 1, 0x67]));
    expect(Buffer.concat(units.map((unit) => unit.data))).toEqual(sample.video);
  });

  it('interleaves video and audio 40 ms apart', () => {
    const { entries, durationMs } = mediaTimeline(sample);
    expect(durationMs).toBe(8000);
    expect(entries.slice(0, 4).map((entry) => [entry.atMs, entry.kind])).toEqual([[0, 'video'], [0, 'audio'], [40, 'video'], [40, 'audio']]);
  });

  it('packs frames the assembler gives back byte for byte: <= 950-byte parts, first/middle/last, M on the last, one serial counter', () => {
    const packets = samplePackets(sample, { sim: '13300000101', simBytes: 6, channel: 2, startAt: 1000 }).map(({ packet }) => decodePacket(packet, 6));
    expect(packets.every((packet) => packet.body.length <= MAX_BODY && packet.sim === '013300000101' && packet.channel === 2)).toBe(true);
    expect(packets.map((packet) => packet.serial)).toEqual(packets.map((_, i) => i));
    const first = packets.filter((packet) => packet.timestamp === 1000 && packet.dataType === DataType.I_FRAME);
    expect(first.map((packet) => packet.subpackage)).toEqual([Subpackage.FIRST, ...Array(first.length - 2).fill(Subpackage.MIDDLE), Subpackage.LAST]);
    expect(first.map((packet) => packet.marker)).toEqual([...Array(first.length - 1).fill(false), true]);
    const assembler = new Jt1078FrameAssembler(0);
    const frames = packets.flatMap((packet) => assembler.push(packet));
    const video = frames.filter((frame) => frame.dataType !== DataType.AUDIO);
    expect(video.map((frame) => frame.data)).toEqual(h264AccessUnits(sample.video).map((unit) => unit.data));
    expect(frames.filter((frame) => frame.dataType === DataType.AUDIO)).toHaveLength(200);
  });
});
