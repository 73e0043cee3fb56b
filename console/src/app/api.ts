import { createApi } from '@reduxjs/toolkit/query/react';
import { consoleBaseQuery } from './base-query';

/** Every cache tag of the console; features add their endpoints with injectEndpoints. */
export const TAG_TYPES = [
  'Menu',
  'Battery',
  'CurrentUser',
  'Company',
  'User',
  'Role',
  'Dictionary',
  'Driver',
  'Vehicle',
  'Terminal',
  'Sim',
  'Catalogue',
  'Order',
  'CommandConfig',
  'TerminalParams',
  'Fence',
  'Alarm',
  'UpperPlatform',
  'DutyCheck',
  'ExportTask',
  'VehicleRecord',
  'Fuel',
  'Reminder',
  'Notice',
  'Feedback',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: consoleBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** The id used for "the whole list" tags. */
export const LIST_ID = 'LIST';
