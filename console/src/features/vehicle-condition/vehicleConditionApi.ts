import { HubEvent, type LivePosition, type VehicleConditionView } from '@openfleet/contracts/live';
import { formatChinaTime } from '@openfleet/contracts/time';
import { api } from '../../app/api';
import { liveSocket } from '../../app/live-socket';
import { trailing } from '../../app/use-live-socket';

export type { VehicleConditionView } from '@openfleet/contracts/live';

export interface ConditionFilter {
  plateCode?: string;
  vehicleIds?: string;
  vehicleStatus?: number;
  current: number;
  size: number;
  /** No error popup (the info panel: a terminal without a vehicle has no condition row). */
  silent?: boolean;
}

export interface ConditionPage {
  records: VehicleConditionView[];
  total: number;
}

/** After a listed vehicle reported, its extras and CAN values are read again at most this often. */
const REFRESH_MS = 3000;

/** Applies a pushed position to a listed vehicle's row: the status word, time, speed and alarms at once. */
export function applyPosition(row: VehicleConditionView, position: LivePosition): boolean {
  if (row.vehicleId !== position.vehicleId && row.terminalPhone !== position.terminalPhone) return false;
  const time = formatChinaTime(position.gpsTimeS * 1000);
  if (row.gpsTime !== null && row.gpsTime > time) return false;
  row.gpsTime = time;
  row.statusFlags = position.statusFlags >>> 0;
  row.alarmFlags = position.alarmFlags >>> 0;
  row.speedKmh = position.speedKmh;
  row.vehicleStatus = 1;
  return true;
}

/** The tracking service's vehicle condition: /gps/vehicle-condition, live over the tab's socket. */
export const vehicleConditionApi = api.injectEndpoints({
  endpoints: (build) => ({
    vehicleConditions: build.query<ConditionPage, ConditionFilter>({
      query: ({ silent, ...params }) => ({ url: 'gps/vehicle-condition', params, silent }),
      // The listed vehicles are followed on the one socket while the entry lives: a position moves the
      // status word of its row at once; the extras and CAN values follow with one refetch per REFRESH_MS.
      async onCacheEntryAdded(filter, { dispatch, updateCachedData, cacheDataLoaded, cacheEntryRemoved, getCacheEntry }) {
        const refresh = trailing(REFRESH_MS, () => void dispatch(vehicleConditionApi.endpoints.vehicleConditions.initiate(filter, { forceRefetch: true, subscribe: false })));
        // Held in an object: TypeScript does not see the closure assign it.
        const following: { stop: (() => void) | null; ids: string } = { stop: null, ids: '' };
        const follow = () => {
          const ids = (getCacheEntry().data?.records ?? []).map((row) => row.vehicleId);
          if (ids.join(',') === following.ids) return;
          following.ids = ids.join(',');
          following.stop?.();
          following.stop = ids.length ? liveSocket.follow(ids) : null;
        };
        const stop = liveSocket.on(HubEvent.positions, (batch) => {
          if (!Array.isArray(batch)) return;
          let changed = false;
          updateCachedData((page) => {
            for (const position of batch) for (const row of page.records) changed = applyPosition(row, position) || changed;
          });
          if (changed) refresh();
          follow();
        });
        try {
          await cacheDataLoaded;
          follow();
        } catch {
          // The entry went away before its first answer.
        }
        await cacheEntryRemoved;
        stop();
        following.stop?.();
      },
    }),
  }),
});

export const { useVehicleConditionsQuery } = vehicleConditionApi;
