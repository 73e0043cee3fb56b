import type { VehicleRegistryEntry } from '@openfleet/contracts';
import type { VideoDirectory } from '../registry/video-directory';
import type { VideoConfig } from '../video-config';
import type { StreamOwner } from './media-stream';
import { StreamHub, streamKeyOf, type CloseReason } from './stream-hub';

const SIM = '013800000001';
const T0 = 1_700_000_000_000;
const config = { VIDEO_IDLE_S: 30, VIDEO_LINK_TIMEOUT_S: 20, VIDEO_SPEECH_CODEC: 'flac' } as VideoConfig;
const vehicle = { vehicleId: 'v1', plateCode: 'A1', companyId: '7', terminalPhone: SIM } as VehicleRegistryEntry;
// The directory stands in for the registry follower: only this SIM is provisioned.
const directory = { vehicleBySim: (sim: string) => (sim.replace(/^0+/, '') === SIM.replace(/^0+/, '') ? vehicle : undefined) } as unknown as VideoDirectory;
const owner = (kind: 'live' | 'playback', channel = 1): StreamOwner => ({ vehicleId: 'v1', plateCode: 'A1', companyId: '7', terminalPhone: SIM, channel, kind, streamType: 0, dataType: 0, openedBy: 'u1' });

function hub() {
  const streams = new StreamHub(config, directory);
  const closed: [string, CloseReason][] = [];
  streams.onClosed = (stream, reason) => closed.push([stream.key, reason]);
  return { streams, closed };
}

describe('stream hub', () => {
  it('keys a channel by the canonical phone, playback apart from live', () => {
    expect(streamKeyOf('013800000001', 2, 'live')).toBe('13800000001-2');
    expect(streamKeyOf('13800000001', 2, 'playback')).toBe('13800000001-2-pb');
  });

  it('shares one live stream between operators, but a new playback replaces the old one', () => {
    const { streams, closed } = hub();
    const live = streams.open(owner('live'), T0);
    expect(streams.open(owner('live'), T0 + 1)).toBe(live);
    const first = streams.open(owner('playback'), T0);
    const second = streams.open(owner('playback'), T0 + 1);
    expect(second).not.toBe(first);
    expect(first.closed).toBe(true);
    expect(closed).toEqual([['13800000001-1-pb', 'terminal']]);
    expect(streams.all()).toEqual([live, second]);
  });

  it('gives the channel\'s next new link to a playback requested less than 30 s ago, then to live again', () => {
    const { streams } = hub();
    const live = streams.open(owner('live'), T0);
    const playback = streams.open(owner('playback'), T0);
    expect(streams.streamForLink(SIM, 1, T0 + 29_999)).toBe(playback);
    expect(streams.streamForLink(SIM, 1, T0 + 29_999)).toBe(live); // the request is used up
    expect(streams.streamForLink(SIM, 2, T0)).not.toBe(playback); // another channel
  });

  it('does not give a link to a playback requested 30 s ago or more', () => {
    const { streams } = hub();
    const live = streams.open(owner('live'), T0);
    streams.open(owner('playback'), T0);
    expect(streams.streamForLink(SIM, 1, T0 + 30_000)).toBe(live);
  });

  it('refuses a link from a SIM no provisioned terminal has; a provisioned one streaming unasked gets a live stream', () => {
    const { streams } = hub();
    expect(streams.streamForLink('013899999999', 1, T0)).toBeUndefined();
    expect(streams.all()).toEqual([]);
    const unasked = streams.streamForLink(SIM, 3, T0)!;
    expect(unasked.key).toBe('13800000001-3');
    expect(unasked.owner).toMatchObject({ vehicleId: 'v1', companyId: '7', kind: 'live', openedBy: '' });
    expect(unasked.idleSince).toBe(T0);
  });

  it('closes a stream nobody has watched for VIDEO_IDLE_S, not a moment before', () => {
    const { streams, closed } = hub();
    const stream = streams.open(owner('live'), T0);
    stream.received(100, T0 + 29_000); // the terminal keeps sending: only idleness can end it
    streams.sweep(T0 + 29_999);
    expect(stream.closed).toBe(false);
    streams.sweep(T0 + 30_000);
    expect(closed).toEqual([['13800000001-1', 'idle']]);
    expect(streams.get('13800000001-1')).toBeUndefined();
  });

  it('closes a watched stream whose link stays silent VIDEO_LINK_TIMEOUT_S, counted from its last packet', () => {
    const { streams, closed } = hub();
    const stream = streams.open(owner('live'), T0);
    stream.addViewer({ id: 'a', userId: 'u1', sendText: () => undefined, sendBinary: () => undefined, backlog: () => 0, close: () => undefined });
    stream.received(100, T0 + 5_000);
    streams.sweep(T0 + 24_999);
    expect(stream.closed).toBe(false);
    streams.sweep(T0 + 25_000);
    expect(closed).toEqual([['13800000001-1', 'terminal']]);
  });

  it('an administrator ends a stream once; an unknown key is a no', () => {
    const { streams, closed } = hub();
    streams.open(owner('live'), T0);
    expect(streams.close('13800000001-1', 'admin')).toBe(true);
    expect(streams.close('13800000001-1', 'admin')).toBe(false);
    expect(closed).toEqual([['13800000001-1', 'admin']]);
  });
});
