import { api } from '../../app/api';
import type { LatestPosition, ScopeOverview } from '@openfleet/contracts/live';
import type { VehicleTreeNode } from './vehicle-tree';

export const monitorApi = api.injectEndpoints({
  endpoints: (build) => ({
    vehicleTree: build.query<VehicleTreeNode[], void>({
      query: () => ({ url: 'basic/tree/findVehicleTreeInfoList' }),
    }),
    latestPositions: build.query<LatestPosition[], { vehicleIds?: readonly string[]; mapType?: number }>({
      query: ({ vehicleIds = [], mapType = 3 }) => ({ url: 'gps/position/findLatestPositions', params: { vehicleIds: vehicleIds.join(','), mapType }, silent: true }),
    }),
    scopeOverview: build.query<ScopeOverview, { withVehicles?: boolean } | void>({
      query: (args) => ({ url: 'gps/position/findScopeOverview', params: { withVehicles: args && args.withVehicles ? 1 : 0 } }),
    }),
  }),
});

export const { useVehicleTreeQuery, useLatestPositionsQuery, useScopeOverviewQuery } = monitorApi;
