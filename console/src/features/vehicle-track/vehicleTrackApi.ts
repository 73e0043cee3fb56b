import type { ComparedTrack } from '@openfleet/contracts/live';
import { api } from '../../app/api';

export interface VehicleTracksArgs {
  vehicleIds: readonly string[];
  /** "YYYY-MM-DD HH:mm:ss" China Standard Time, at most 24 h apart. */
  startTime: string;
  endTime: string;
  /** true: every point; false: key points. */
  allLocations: boolean;
}

/** Query parameters of the comparison and of its Excel export. */
export const vehicleTracksParams = (args: VehicleTracksArgs) => ({
  vehicleIds: args.vehicleIds.join(','),
  startTime: args.startTime,
  endTime: args.endTime,
  isAllLocations: args.allLocations ? 1 : 0,
});

export const vehicleTrackApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /gps/vtrack/findVehicleTracks` (tracking): up to 10 vehicles over one window, compared. */
    vehicleTracks: build.query<ComparedTrack[], VehicleTracksArgs>({
      query: (args) => ({ url: 'gps/vtrack/findVehicleTracks', params: vehicleTracksParams(args) }),
    }),
  }),
});

export const { useLazyVehicleTracksQuery } = vehicleTrackApi;
