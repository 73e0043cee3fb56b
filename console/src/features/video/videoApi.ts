import type {
  LiveControlRequest,
  LiveSessionView,
  MediaStreamView,
  OpenLiveRequest,
  OpenPlaybackRequest,
  PlaybackControlRequest,
  PtzRequest,
  ResourceItem,
  ResourceQueryRequest,
  SnapshotView,
  VehicleChannelsView,
  VideoDownloadRequest,
  VideoDownloadView,
  VideoFluxRow,
  VideoStorageView,
} from '@openfleet/contracts/video';
import { api } from '../../app/api';

interface Paged<Row> {
  records: Row[];
  total: number;
}

export interface SnapshotQuery {
  vehicleId?: string;
  startTime: string;
  endTime: string;
  current: number;
  size: number;
}

/** The video service (`/video`, JT/T 1078). Lists refetch through their hooks (polling) rather than tags. */
export const videoApi = api.injectEndpoints({
  endpoints: (build) => ({
    vehicleChannels: build.query<VehicleChannelsView, string>({
      query: (vehicleId) => ({ url: 'video/vehicles/channels', params: { vehicleId } }),
    }),
    openLive: build.mutation<MediaStreamView, OpenLiveRequest>({
      // The tile shows the error itself (offline, refused, timeout): no toast per tile.
      query: (body) => ({ url: 'video/live/open', method: 'POST', body, silent: true }),
    }),
    controlLive: build.mutation<unknown, LiveControlRequest>({
      query: (body) => ({ url: 'video/live/control', method: 'POST', body }),
    }),
    liveSessions: build.query<LiveSessionView[], void>({
      query: () => ({ url: 'video/live/sessions', silent: true }),
    }),
    closeLiveSession: build.mutation<unknown, string>({
      query: (streamKey) => ({ url: 'video/live/sessions/close', method: 'POST', body: { streamKey } }),
    }),
    playbackResources: build.mutation<ResourceItem[], ResourceQueryRequest>({
      query: (body) => ({ url: 'video/playback/resources', method: 'POST', body }),
    }),
    openPlayback: build.mutation<MediaStreamView, OpenPlaybackRequest>({
      query: (body) => ({ url: 'video/playback/open', method: 'POST', body }),
    }),
    controlPlayback: build.mutation<unknown, PlaybackControlRequest>({
      query: (body) => ({ url: 'video/playback/control', method: 'POST', body }),
    }),
    ptz: build.mutation<unknown, PtzRequest>({
      query: (body) => ({ url: 'video/ptz', method: 'POST', body }),
    }),
    takeSnapshot: build.mutation<SnapshotView, { vehicleId: string; channel: number; image: string }>({
      query: (body) => ({ url: 'video/snapshots', method: 'POST', body }),
    }),
    snapshots: build.query<Paged<SnapshotView>, SnapshotQuery>({
      query: (params) => ({ url: 'video/snapshots', params }),
    }),
    createDownload: build.mutation<VideoDownloadView, VideoDownloadRequest>({
      query: (body) => ({ url: 'video/downloads', method: 'POST', body }),
    }),
    downloads: build.query<Paged<VideoDownloadView>, { current: number; size: number }>({
      query: (params) => ({ url: 'video/downloads', params, silent: true }),
    }),
    controlDownload: build.mutation<unknown, { id: number; control: 0 | 1 | 2 }>({
      query: ({ id, control }) => ({ url: `video/downloads/${id}/control`, method: 'POST', body: { control } }),
    }),
    videoFlux: build.query<VideoFluxRow[], { startDay: string; endDay: string; vehicleIds: string }>({
      query: (params) => ({ url: 'video/flux', params }),
    }),
    videoStorage: build.query<VideoStorageView, void>({
      query: () => ({ url: 'video/storage' }),
    }),
  }),
});

export const {
  useVehicleChannelsQuery,
  useLazyVehicleChannelsQuery,
  useOpenLiveMutation,
  useControlLiveMutation,
  useLiveSessionsQuery,
  useCloseLiveSessionMutation,
  usePlaybackResourcesMutation,
  useOpenPlaybackMutation,
  useControlPlaybackMutation,
  usePtzMutation,
  useTakeSnapshotMutation,
  useSnapshotsQuery,
  useCreateDownloadMutation,
  useDownloadsQuery,
  useControlDownloadMutation,
  useVideoFluxQuery,
  useVideoStorageQuery,
} = videoApi;

/** The errorCode of a failed call (ApiError envelope), or null. */
export function errorCodeOf(error: unknown): number | null {
  const code = (error as { envelope?: { errorCode?: unknown } } | undefined)?.envelope?.errorCode;
  return typeof code === 'number' ? code : null;
}
