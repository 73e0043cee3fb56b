import { api } from '../../app/api';
import type { CalibrationPoint } from './calibration-points';

/** admin's calibration table of one tank (`/basic/fuel-tank/:id/calibration`), sorted by level. */
export const calibrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    tankCalibration: build.query<CalibrationPoint[], number>({
      query: (tankId) => ({ url: `basic/fuel-tank/${tankId}/calibration`, method: 'GET' }),
      providesTags: (_result, _error, tankId) => [{ type: 'Catalogue', id: `calibration-${tankId}` }],
    }),
    saveTankCalibration: build.mutation<CalibrationPoint[], { tankId: number; points: CalibrationPoint[] }>({
      // Silent: a 3002 (a point above the tank) is shown in the editor, beside the point.
      query: ({ tankId, points }) => ({ url: `basic/fuel-tank/${tankId}/calibration`, method: 'PUT', body: { points }, silent: true }),
      invalidatesTags: (_result, _error, { tankId }) => [{ type: 'Catalogue', id: `calibration-${tankId}` }],
    }),
  }),
});

export const { useTankCalibrationQuery, useSaveTankCalibrationMutation } = calibrationApi;
