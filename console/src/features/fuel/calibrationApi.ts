import { api } from '../../app/api';
import type { CalibrationPoint } from './calibration-points';

const calibrationTag = (tankId: number) => ({ type: 'Catalogue' as const, id: `calibration-${tankId}` });

/** admin's calibration table of one tank (`/basic/fuel-tank/:id/calibration`), sorted by level. */
export const calibrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    tankCalibration: build.query<CalibrationPoint[], number>({
      query: (tankId) => ({ url: `basic/fuel-tank/${tankId}/calibration`, method: 'GET' }),
      providesTags: (_result, _error, tankId) => [calibrationTag(tankId)],
    }),
    // Silent, both: a 3002 (a point above the tank) and import row errors are shown in the editor.
    saveTankCalibration: build.mutation<CalibrationPoint[], { tankId: number; points: CalibrationPoint[] }>({
      query: ({ tankId, points }) => ({ url: `basic/fuel-tank/${tankId}/calibration`, method: 'PUT', body: { points }, silent: true }),
      invalidatesTags: (_result, _error, { tankId }) => [calibrationTag(tankId)],
    }),
    importTankCalibration: build.mutation<CalibrationPoint[], { tankId: number; file: File }>({
      query: ({ tankId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `basic/fuel-tank/${tankId}/calibration/import`, method: 'POST', body, silent: true };
      },
      invalidatesTags: (_result, _error, { tankId }) => [calibrationTag(tankId)],
    }),
  }),
});

export const { useTankCalibrationQuery, useSaveTankCalibrationMutation, useImportTankCalibrationMutation } = calibrationApi;
