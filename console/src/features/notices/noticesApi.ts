import type { NoticeDeliveryView, NoticeInbox, PressReleaseReceipts } from '@openfleet/contracts/admin';
import { HubEvent } from '@openfleet/contracts/live';
import { api, LIST_ID } from '../../app/api';
import { listenWhileCached } from '../../app/use-live-socket';

const INBOX = { type: 'Notice' as const, id: 'INBOX' };
const LIST = { type: 'Notice' as const, id: LIST_ID };
const receiptsTag = (id: number) => ({ type: 'Notice' as const, id: `RECEIPTS-${id}` });

/** Admin's press releases: the user's inbox (the bell), read marks, receipts and driver texts. */
export const noticesApi = api.injectEndpoints({
  endpoints: (build) => ({
    noticeInbox: build.query<NoticeInbox, void>({
      query: () => ({ url: 'basic/notices/inbox', silent: true }),
      providesTags: [INBOX],
      // A press release published to this user arrives over the one socket: refetch the inbox at once.
      onCacheEntryAdded: (_arg, { dispatch, cacheEntryRemoved }) =>
        listenWhileCached(HubEvent.notice, () => void dispatch(api.util.invalidateTags([INBOX])), { cacheEntryRemoved }),
    }),
    markNoticesRead: build.mutation<number, { ids?: number[] }>({
      query: (body) => ({ url: 'basic/notices/inbox/read', method: 'POST', body }),
      invalidatesTags: [INBOX, LIST],
    }),
    pressReleaseReceipts: build.query<PressReleaseReceipts, number>({
      query: (id) => ({ url: `basic/pressRelease/${id}/receipts` }),
      providesTags: (_result, _error, id) => [receiptsTag(id)],
    }),
    sendPressRelease: build.mutation<NoticeDeliveryView[], { id: number; vehicleIds: string[] }>({
      query: ({ id, vehicleIds }) => ({ url: `basic/pressRelease/${id}/send`, method: 'POST', body: { vehicleIds } }),
      invalidatesTags: (_result, _error, { id }) => [receiptsTag(id)],
    }),
  }),
});

export const { useNoticeInboxQuery, useMarkNoticesReadMutation, usePressReleaseReceiptsQuery, useSendPressReleaseMutation } = noticesApi;
