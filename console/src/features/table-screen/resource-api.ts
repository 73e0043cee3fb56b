import { api, LIST_ID, TAG_TYPES } from '../../app/api';
import type { RequestArgs } from '../../app/base-query';
import { clientPage, sortRows, type PageQuery, type PageResult } from './table-model';

export type ResourceTag = (typeof TAG_TYPES)[number];

/** One admin REST resource (`GET/POST /basic/<path>`, `PUT/DELETE /basic/<path>/:id`). */
export interface Resource {
  /** Path under the origin, e.g. `basic/vehicle`. */
  readonly path: string;
  readonly tag: ResourceTag;
  /** True when GET answers `{records,total}`; false when it answers the whole (scoped) array. */
  readonly paged: boolean;
  /** Fields a keyword matches on for array answers (client-side search). */
  readonly searchFields?: readonly string[];
}

interface ListArgs {
  readonly resource: Resource;
  readonly query: PageQuery;
  readonly filter?: Readonly<Record<string, string | number>>;
}

interface SaveArgs {
  readonly resource: Resource;
  readonly id?: number;
  readonly body: unknown;
}

interface CallArgs {
  readonly request: RequestArgs;
  readonly invalidates: readonly ResourceTag[];
}

const listTag = (tag: ResourceTag) => ({ type: tag, id: LIST_ID });

/** The admin API's paged answer (`current`/`size` naming). */
interface ServerPage<Row> {
  readonly records: readonly Row[];
  readonly total: number;
}

/**
 * Generic endpoints every table screen shares: list, save (POST or PUT), delete of several ids,
 * and a free call for bind/unbind/reset actions. Screens type their rows with the helpers below.
 */
export const resourceApi = api.injectEndpoints({
  endpoints: (build) => ({
    resourceList: build.query<PageResult<unknown>, ListArgs>({
      query: ({ resource, query, filter }) => ({
        url: resource.path,
        method: 'GET',
        params: resource.paged
          ? { current: query.pageNo, size: query.pageSize, keyword: query.keyword || undefined, ...filter }
          : { ...filter },
      }),
      // The admin API neither sorts nor pages every list: sort (and page array answers) here.
      transformResponse: (data: unknown, _meta, { resource, query }) => {
        if (resource.paged) {
          const page = data as ServerPage<Record<string, unknown>>;
          return { records: sortRows(page.records, query), total: page.total };
        }
        return clientPage(data as readonly Record<string, unknown>[], query, resource.searchFields ?? []);
      },
      providesTags: (_result, _error, { resource }) => [listTag(resource.tag)],
    }),
    resourceSave: build.mutation<unknown, SaveArgs>({
      query: ({ resource, id, body }) => ({
        url: id === undefined ? resource.path : `${resource.path}/${id}`,
        method: id === undefined ? 'POST' : 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { resource }) => [listTag(resource.tag)],
    }),
    resourceDelete: build.mutation<number, { readonly resource: Resource; readonly ids: readonly number[] }>({
      // One DELETE per row; stops at the first refusal (its toast says why).
      async queryFn({ resource, ids }, _api, _extra, baseQuery) {
        let done = 0;
        for (const id of ids) {
          const result = await baseQuery({ url: `${resource.path}/${id}`, method: 'DELETE' });
          if (result.error) return { error: result.error };
          done += 1;
        }
        return { data: done };
      },
      invalidatesTags: (_result, _error, { resource }) => [listTag(resource.tag)],
    }),
    resourceCall: build.mutation<unknown, CallArgs>({
      query: ({ request }) => request,
      invalidatesTags: (_result, _error, { invalidates }) => invalidates.map(listTag),
    }),
    lookup: build.query<unknown, { readonly url: string; readonly tag: ResourceTag }>({
      query: ({ url }) => ({ url, method: 'GET' }),
      providesTags: (_result, _error, { tag }) => [listTag(tag)],
    }),
  }),
});

export const {
  useResourceListQuery,
  useResourceSaveMutation,
  useResourceDeleteMutation,
  useResourceCallMutation,
  useLookupQuery,
} = resourceApi;

/** A typed list hook for one resource, in the shape TableScreen expects. */
export function listHook<Row>(resource: Resource, filter?: Readonly<Record<string, string | number>>) {
  return function useList(query: PageQuery, skip = false): { data?: PageResult<Row>; isFetching: boolean } {
    const { data, isFetching } = useResourceListQuery({ resource, query, filter }, { skip });
    return { data: data as PageResult<Row> | undefined, isFetching };
  };
}

/** A GET whose answer is typed by the caller (reference lists for selects). */
export function useLookup<T>(url: string, tag: ResourceTag, skip = false): T | undefined {
  return useLookupQuery({ url, tag }, { skip }).data as T | undefined;
}

/**
 * On update, an emptied optional field must reach the server as null (JSON drops undefined, and
 * the partial update would keep the old value). The company stays: it is never cleared.
 */
export function clearedAsNull(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, value === undefined && key !== 'companyId' ? null : value]),
  );
}

/** Save and delete bound to one resource: resolve true when the server said yes. */
export function useResourceMutations(resource: Resource) {
  const [save] = useResourceSaveMutation();
  const [remove] = useResourceDeleteMutation();
  return {
    save: async (body: unknown, id?: number): Promise<boolean> =>
      !('error' in (await save({ resource, body: id === undefined ? body : clearedAsNull(body), id }))),
    remove: async (ids: readonly number[]): Promise<boolean> =>
      !('error' in (await remove({ resource, ids }))),
  };
}
