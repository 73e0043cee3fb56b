import type { OrderMediaItem, Paged } from '@openfleet/contracts/instruction';
import { api } from '../../app/api';

/** A photo, recording or video a terminal uploaded (0x0801), as /gps/sendOrder/media/page answers it. */
export interface TerminalMedia extends OrderMediaItem {
  terminalPhone: string;
  vehicleId: string;
  /** 0 platform command, 1 timed, 2 robbery alarm, 3 collision/rollover alarm, 4 door open, 5 door closed, 6 door open to closed over 20 km/h, 7 fixed distance (JT/T 808-2019 0x0800). */
  event: number;
  /** Epoch ms of the location block the upload carried; 0 when it had none. */
  takenAt: number;
  latitude: number;
  longitude: number;
}

export interface MediaQuery {
  vehicleId?: string;
  /** 0 image, 1 audio, 2 video. */
  mediaType?: number;
  startTime?: string;
  endTime?: string;
  current: number;
  size: number;
}

/** 0x0801 format codes: 0 JPEG, 1 TIF, 2 MP3, 3 WAV, 4 WMV. */
export const MEDIA_EXTENSIONS = ['jpg', 'tif', 'mp3', 'wav', 'wmv'];

/** The instruction service's media store (every 0x0801 upload, in the caller's scope). */
export const mediaLibraryApi = api.injectEndpoints({
  endpoints: (build) => ({
    terminalMedia: build.query<Paged<TerminalMedia>, MediaQuery>({
      query: (params) => ({ url: 'gps/sendOrder/media/page', params }),
    }),
  }),
});

export const { useTerminalMediaQuery } = mediaLibraryApi;
