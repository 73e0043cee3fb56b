import type { MediaStreamView, VehicleChannelsView } from '@openfleet/contracts/video';
import type { VehicleTreeNode } from '../../monitor/vehicle-tree';
import type { FakeVideoHttp } from './fake-video-http';

/** One company, one fleet, two vehicles: 京A00001 (id 1) with video, 京A00002 (id 2) without. */
export const videoTree: VehicleTreeNode[] = [
  {
    key: 'c1', id: 1, name: 'Acme', type: 'company',
    children: [{
      key: 'f1', id: 11, name: 'Fleet one', type: 'fleet',
      children: [
        { key: 'v1', id: 1, name: '京A00001', type: 'vehicle', plateCode: '京A00001' },
        { key: 'v2', id: 2, name: '京A00002', type: 'vehicle', plateCode: '京A00002' },
      ],
    }],
  },
];

export const withVideo: VehicleChannelsView = { vehicleId: '1', plateCode: '京A00001', online: true, hasVideo: true, channels: [1, 2] };
export const withoutVideo: VehicleChannelsView = { vehicleId: '2', plateCode: '京A00002', online: true, hasVideo: false, channels: [] };

export const liveStream = (channel: number): MediaStreamView => ({
  streamKey: `013800000001-${channel}`, vehicleId: '1', plateCode: '京A00001', channel, kind: 'live', wsUrl: `/video/ws/013800000001-${channel}?t=x`, hlsUrl: '/video/hls/x.m3u8', expiresAt: 0,
});

/** The tree and latest-position answers every screen with the vehicle tree needs. */
export function answerTree(http: FakeVideoHttp): FakeVideoHttp {
  return http.on('GET', 'basic/tree/findVehicleTreeInfoList', { data: videoTree }).on('GET', 'gps/position/findLatestPositions', { data: [] });
}
