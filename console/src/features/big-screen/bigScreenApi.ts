import { HubEvent, type DashboardPayload } from '@openfleet/contracts/live';
import { api } from '../../app/api';
import { liveSocket } from '../../app/live-socket';

/** Performance marks around one push: the store update here, the render's end in BigScreen (bench:dashboard reads the measures). */
export const DASHBOARD_UPDATE_MARK = 'dashboard-update';
export const DASHBOARD_RENDERED_MARK = 'dashboard-rendered';
export const DASHBOARD_MEASURE = 'dashboard-update-render';
/** User Timing is in every browser the console supports; jsdom has none. */
export const canMark = typeof performance !== 'undefined' && typeof performance.mark === 'function' && typeof performance.measure === 'function';

/**
 * The big screen's figures: no HTTP request, the hub's `dashboard` pushes land in this cache entry
 * while it lives (the api aggregates; the page only draws the newest payload, so its cost does
 * not follow the fleet's size).
 */
export const bigScreenApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardPayload | null, void>({
      queryFn: () => ({ data: null }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded;
        const stopListening = liveSocket.on(HubEvent.dashboard, (payload) => {
          if (canMark) performance.mark(DASHBOARD_UPDATE_MARK);
          updateCachedData(() => payload);
        });
        const stopFollowing = liveSocket.followDashboard();
        await cacheEntryRemoved;
        stopFollowing();
        stopListening();
      },
    }),
  }),
});

export const { useDashboardQuery } = bigScreenApi;
