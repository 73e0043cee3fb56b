import { api } from '../../app/api';
import type { ApiError } from '../session/error-mapping';
import { gunzipEnvelope, readDailyMileage, type DailyMileage } from './track-archive';

export interface TrackQueryArgs {
  vehicleId: string;
  /** "YYYY-MM-DD HH:mm:ss" China Standard Time. */
  startTime: string;
  endTime: string;
  mapType?: number;
  /** true: every point; false: key points. */
  allLocations: boolean;
}

export interface PlaceView {
  mapLongitude: number;
  mapLatitude: number;
  longitude: number;
  latitude: number;
  /** Province, city and district ("北京市东城区"), '' at sea or abroad. */
  place?: string;
}

export interface StopView extends PlaceView {
  startTime: string;
  endTime: string;
  durationS: number;
}

export interface TripView {
  startTime: string;
  endTime: string;
  durationS: number;
  distanceKm: number;
  start: PlaceView;
  end: PlaceView;
}

/** `findHistoryTrack` answer (trips only in trip mode). */
export interface HistoryTrack {
  vehicleId: string;
  plateCode: string;
  mileageTotal: number;
  pointCount: number;
  stops: StopView[];
  trips?: TripView[];
}

const trackParams = (args: TrackQueryArgs) => ({
  vehicleId: args.vehicleId,
  startTime: args.startTime,
  endTime: args.endTime,
  mapType: args.mapType ?? 3,
  isAllLocations: args.allLocations ? 1 : 0,
});

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Spec §7: the body is gzip bytes of the envelope, unzipped here; no error popup for this call,
     * and a flag false / errorCode other than 200 goes back to the caller with its code.
     */
    dailyMileage: build.query<DailyMileage, TrackQueryArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: 'gps/vtrack/findDailyMileage',
          params: { ...trackParams(args), isCompress: 1 },
          responseHandler: (response: Response) => response.arrayBuffer(),
          silent: true,
        });
        if (result.error) return { error: result.error as ApiError };
        try {
          const envelope = await gunzipEnvelope<unknown>(result.data as ArrayBuffer);
          const data = readDailyMileage(envelope);
          if (data) return { data };
          return { error: { envelope: { flag: false, errorCode: envelope.errorCode, msg: envelope.msg, data: envelope.data }, transport: false } as ApiError };
        } catch {
          return { error: { envelope: { flag: false, errorCode: 500, data: null }, transport: false } as ApiError };
        }
      },
    }),
    historyTrack: build.query<HistoryTrack, TrackQueryArgs & { mode: 'footprint' | 'trip' }>({
      query: (args) => ({ url: 'gps/vtrack/findHistoryTrack', params: { ...trackParams(args), mode: args.mode }, silent: true }),
    }),
  }),
});

export const { useDailyMileageQuery, useLazyDailyMileageQuery, useHistoryTrackQuery, useLazyHistoryTrackQuery } = historyApi;
