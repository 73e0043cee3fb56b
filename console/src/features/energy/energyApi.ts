import type { BatterySeries, BatteryState, LatestBatteryReport } from '@openfleet/contracts/energy';
import { api } from '../../app/api';

export type { BatteryReading as Reading, BatterySeries, BatteryState, BatteryUnit, LatestBatteryReport as LatestReport, SubsystemTemperatures, SubsystemVoltages } from '@openfleet/contracts/energy';

export const energyApi = api.injectEndpoints({
  endpoints: (build) => ({
    batteryLatest: build.query<LatestBatteryReport | null, string>({
      query: (vehicleId) => ({ url: 'energy/latest', params: { vehicleId } }),
    }),
    batteryHistory: build.query<BatterySeries, { vehicleId: string; startTime: string; endTime: string }>({
      query: (params) => ({ url: 'energy/history', params }),
    }),
    batteryStates: build.query<BatteryState[], string[]>({
      query: (vehicleIds) => ({ url: 'energy/states', params: { vehicleIds: vehicleIds.join(',') } }),
    }),
  }),
});

export const { useBatteryLatestQuery, useLazyBatteryHistoryQuery, useBatteryStatesQuery } = energyApi;
