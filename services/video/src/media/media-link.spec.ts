import type { VehicleRegistryEntry } from '@openfleet/contracts';
import { DataType, decodePacket, framePackets, h264AccessUnits, headerLength, packetLink, type Jt1078Packet } from '@openfleet/jt1078';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VideoDirectory } from '../registry/video-directory';
import type { VideoConfig } from '../video-config';
import { MediaLink } from './media-link';
import { StreamHub } from './stream-hub';

const SIM = '013800000001';
const T0 = 1_700_000_000_000;
const units = h264AccessUnits(readFileSync(join(__dirname, '../../../../scripts/simulator/media/sample.h264')));
const config = { VIDEO_IDLE_S: 30, VIDEO_LINK_TIMEOUT_S: 20, VIDEO_SPEECH_CODEC: 'flac' } as VideoConfig;
const vehicle = { vehicleId: 'v1', plateCode: 'A1', companyId: '7', terminalPhone: SIM } as VehicleRegistryEntry;
// Only SIM is provisioned.
const directory = { vehicleBySim: (sim: string) => (sim.replace(/^0+/, '') === SIM.replace(/^0+/, '') ? vehicle : undefined) } as unknown as VideoDirectory;

/** The packets of video frames [0, count) of the sample on one channel, as the deframer hands them over. */
function packets(sim: string, channel: number, count: number): Jt1078Packet[] {
  const link = packetLink({ sim, channel });
  return units.slice(0, count).flatMap((unit, i) => framePackets(link, { kind: 'video', keyframe: unit.keyframe, data: unit.data }, T0 + i * 40).map((buf) => decodePacket(buf, 6)));
}

function setUp(admit?: () => boolean) {
  const hub = new StreamHub(config, directory);
  const end = jest.fn();
  const link = new MediaLink(hub, end, 16, admit);
  return { hub, end, link };
}

describe('media link', () => {
  it('joins a channel\'s packets into frames for its stream and counts the bytes', () => {
    const { hub, link } = setUp();
    const sent = packets(SIM, 1, 3);
    expect(sent.length).toBeGreaterThan(3); // the keyframe spans several packets
    for (const packet of sent) link.receive(packet, 6, T0 + 5);
    const stream = hub.get('13800000001-1')!;
    expect(stream.framesIn).toBe(3);
    expect(stream.bytesIn).toBe(sent.reduce((sum, packet) => sum + headerLength(packet.dataType, 6) + packet.body.length, 0));
    expect(stream.connected).toBe(true);
    expect(link.identified).toBe(true);
    expect(link.lastPacketAt).toBe(T0 + 5);
  });

  it('drops a link whose SIM no provisioned terminal has at its 8th unrouted packet, and hears nothing after', () => {
    const { end, link } = setUp();
    const stranger = packets('013899999999', 1, 25).slice(0, 9);
    for (const packet of stranger.slice(0, 7)) link.receive(packet, 6, T0);
    expect(end).not.toHaveBeenCalled();
    link.receive(stranger[7], 6, T0);
    expect(end).toHaveBeenCalledTimes(1);
    expect(link.ended).toBe(true);
    link.receive(stranger[8], 6, T0);
    expect(end).toHaveBeenCalledTimes(1);
    expect(link.identified).toBe(false);
  });

  it('asks for room once, when the link first reaches a stream; refused, the link ends', () => {
    const admit = jest.fn(() => true);
    const { link } = setUp(admit);
    for (const packet of [...packets(SIM, 1, 2), ...packets(SIM, 2, 2)]) link.receive(packet, 6, T0);
    expect(admit).toHaveBeenCalledTimes(1);
    const refused = setUp(() => false);
    refused.link.receive(packets(SIM, 1, 1)[0], 6, T0);
    expect(refused.end).toHaveBeenCalledTimes(1);
    expect(refused.link.identified).toBe(false);
  });

  it('ignores transparent data: it neither routes nor counts against the link', () => {
    const { hub, end, link } = setUp();
    const transparent = { ...packets('013899999999', 1, 1)[0], dataType: DataType.TRANSPARENT };
    for (let i = 0; i < 20; i++) link.receive(transparent, 6, T0);
    expect(end).not.toHaveBeenCalled();
    expect(hub.all()).toEqual([]);
  });

  it('ends when its stream is closed; once closed itself, leaves the stream to idle out', () => {
    const { hub, end, link } = setUp();
    for (const packet of packets(SIM, 1, 1)) link.receive(packet, 6, T0);
    hub.close('13800000001-1', 'admin');
    expect(end).toHaveBeenCalledTimes(1);

    const other = setUp();
    for (const packet of packets(SIM, 1, 1)) other.link.receive(packet, 6, T0);
    const stream = other.hub.get('13800000001-1')!;
    other.link.closed();
    expect(stream.connected).toBe(false);
    expect(stream.closed).toBe(false);
    other.hub.close(stream.key, 'admin');
    expect(other.end).not.toHaveBeenCalled();
  });

  it('counts skipped garbage on its first stream', () => {
    const { hub, link } = setUp();
    link.malformed(10); // before any stream: nowhere to count it
    for (const packet of packets(SIM, 1, 1)) link.receive(packet, 6, T0);
    link.malformed(7);
    expect(hub.get('13800000001-1')!.malformed).toBe(7);
  });
});
