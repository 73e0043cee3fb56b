import type { ArchivedFrame } from '@openfleet/contracts/frame-archive';
import { api } from '../../app/api';

export interface FramePage {
  readonly records: readonly ArchivedFrame[];
  readonly total: number;
}

/** The frame archive's original-message query (`/frameArchive`); read-only, so no tags to invalidate. */
export const frameArchiveApi = api.injectEndpoints({
  endpoints: (build) => ({
    archivedFrames: build.query<FramePage, Record<string, string | number>>({
      query: (params) => ({ url: 'frameArchive/frames', method: 'GET', params }),
    }),
  }),
});

export const { useArchivedFramesQuery } = frameArchiveApi;
