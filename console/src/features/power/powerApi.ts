import { api, LIST_ID } from '../../app/api';
import type { Resource } from '../table-screen/resource-api';

/** One vehicle's limit settings as /gps/powerManage lists them (the password only as "set"). */
export interface VehicleLimitRow {
  readonly vehicleId: string;
  readonly plateCode: string;
  readonly companyId: string;
  readonly capable: boolean;
  readonly authPhone: string;
  readonly passwordSet: boolean;
  readonly locked: boolean;
  readonly updatedBy: string;
  readonly updatedAt: number;
}

export interface LockHistoryRow {
  readonly id: number;
  readonly operation: string;
  readonly detail: string;
  readonly result: number;
  readonly errorCode: number;
  readonly operatorId: string;
  readonly createdAt: number;
}

/** A user and the fleets and single vehicles granted to them (/basic/vgPower). */
export interface UserGrant {
  readonly id: number;
  readonly account: string;
  readonly name: string;
  readonly userType: number;
  readonly companyId: number;
  readonly wholeCompany: boolean;
  readonly fleetIds: readonly number[];
  readonly fleetNames: readonly string[];
  readonly vehicleIds: readonly number[];
  readonly vehiclePlates: readonly string[];
}

/** A vehicle of the user's company the caller may grant, as the plate search answers it. */
export interface GrantVehicle {
  readonly id: number;
  readonly plateCode: string;
  readonly plateColor: number;
  readonly fleetId: number | null;
  readonly granted: boolean;
}

export interface GrantFleet {
  readonly id: number;
  readonly name: string;
  readonly parentId: number | null;
  readonly depth: number;
  readonly granted: boolean;
}

export const powerManageResource: Resource = { path: 'gps/powerManage', tag: 'Vehicle', paged: true };
export const vgPowerResource: Resource = { path: 'basic/vgPower', tag: 'User', paged: true };

const vehicles = { type: 'Vehicle' as const, id: LIST_ID };
const users = { type: 'User' as const, id: LIST_ID };

/** powerManage's and vgPower's calls beyond the list. */
export const powerApi = api.injectEndpoints({
  endpoints: (build) => ({
    configureVehicleLimit: build.mutation<unknown, { vehicleId: string; capable: boolean; authPhone?: string; password?: string }>({
      query: ({ vehicleId, ...body }) => ({ url: `gps/vehicleLimit/${encodeURIComponent(vehicleId)}`, method: 'PUT', body }),
      invalidatesTags: [vehicles],
    }),
    batchVehicleLimit: build.mutation<{ changed: number }, { vehicleIds: readonly string[]; capable: boolean }>({
      query: (body) => ({ url: 'gps/powerManage/batch', method: 'POST', body }),
      invalidatesTags: [vehicles],
    }),
    clearVehicleLimit: build.mutation<unknown, string>({
      query: (vehicleId) => ({ url: `gps/powerManage/${encodeURIComponent(vehicleId)}`, method: 'DELETE' }),
      invalidatesTags: [vehicles],
    }),
    lockHistory: build.query<{ records: LockHistoryRow[]; total: number }, string>({
      query: (vehicleId) => ({ url: `gps/powerManage/${encodeURIComponent(vehicleId)}/history`, method: 'GET', params: { size: 100 } }),
      providesTags: [vehicles],
    }),
    grantFleets: build.query<GrantFleet[], number>({
      query: (userId) => ({ url: `basic/vgPower/${userId}/fleets`, method: 'GET' }),
      providesTags: [users],
    }),
    grantVehicles: build.query<GrantVehicle[], { userId: number; keyword: string }>({
      query: ({ userId, keyword }) => ({ url: `basic/vgPower/${userId}/vehicles`, method: 'GET', params: keyword ? { keyword } : {} }),
      providesTags: [users],
    }),
    saveFleetGrant: build.mutation<UserGrant, { userId: number; fleetIds: readonly number[]; vehicleIds: readonly number[] }>({
      query: ({ userId, fleetIds, vehicleIds }) => ({ url: `basic/vgPower/${userId}`, method: 'PUT', body: { fleetIds, vehicleIds } }),
      invalidatesTags: [users],
    }),
  }),
});

export const { useConfigureVehicleLimitMutation, useBatchVehicleLimitMutation, useClearVehicleLimitMutation, useLockHistoryQuery, useGrantFleetsQuery, useGrantVehiclesQuery, useSaveFleetGrantMutation } = powerApi;
