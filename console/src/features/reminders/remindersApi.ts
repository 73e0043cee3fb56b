import { HubEvent } from '@openfleet/contracts/live';
import type { ReminderCounts, ReminderListQuery, ReminderPage, ReminderSettings } from '@openfleet/contracts/vehicle-service';
import { api, LIST_ID } from '../../app/api';
import { listenWhileCached } from '../../app/use-live-socket';
import { countsAfter } from './reminder-counts';

const COUNTS = { type: 'Reminder' as const, id: 'COUNTS' };
const LIST = { type: 'Reminder' as const, id: LIST_ID };
const SETTINGS = { type: 'Reminder' as const, id: 'SETTINGS' };

/** The vehicle-service's reminders (/vehicleService/reminders): counts, list, marking, settings. */
export const remindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    reminderCounts: build.query<ReminderCounts, void>({
      query: () => ({ url: 'vehicleService/reminders/counts', silent: true }),
      providesTags: [COUNTS],
      // New reminders arrive over the one socket and raise the badges at once; the list refetches when shown.
      onCacheEntryAdded: (_arg, { dispatch, updateCachedData, cacheEntryRemoved }) =>
        listenWhileCached(
          HubEvent.reminders,
          (event) => {
            updateCachedData((counts) => countsAfter(counts, event));
            dispatch(api.util.invalidateTags([LIST]));
          },
          { cacheEntryRemoved },
        ),
    }),
    reminderPage: build.query<ReminderPage, ReminderListQuery>({
      query: (params) => ({ url: 'vehicleService/reminders/page', params }),
      providesTags: [LIST],
    }),
    markReminders: build.mutation<number, { ids: number[]; to: 'read' | 'done' }>({
      query: ({ ids, to }) => ({ url: `vehicleService/reminders/${to}`, method: 'POST', body: { ids } }),
      invalidatesTags: [LIST, COUNTS],
    }),
    reminderSettings: build.query<ReminderSettings, void>({
      query: () => ({ url: 'vehicleService/reminders/settings' }),
      providesTags: [SETTINGS],
    }),
    saveReminderSettings: build.mutation<ReminderSettings, Omit<ReminderSettings, 'companyId'>>({
      query: (body) => ({ url: 'vehicleService/reminders/settings', method: 'PUT', body }),
      invalidatesTags: [SETTINGS],
    }),
  }),
});

export const { useReminderCountsQuery, useReminderPageQuery, useMarkRemindersMutation, useReminderSettingsQuery, useSaveReminderSettingsMutation } = remindersApi;
