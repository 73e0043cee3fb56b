import type { CloseTalkRequest, OpenBroadcastRequest, OpenTalkRequest, TalkSessionView } from '@openfleet/contracts/video';
import { api } from '../../../app/api';

/** Talk-back and broadcast (`/video/talk`): the session's signed WebSocket carries the audio. */
export const talkApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The talk button shows the error itself (busy channel, offline terminal): no toast.
    openTalk: build.mutation<TalkSessionView, OpenTalkRequest>({
      query: (body) => ({ url: 'video/talk/open', method: 'POST', body, silent: true }),
    }),
    openBroadcast: build.mutation<TalkSessionView, OpenBroadcastRequest>({
      query: (body) => ({ url: 'video/talk/broadcast', method: 'POST', body, silent: true }),
    }),
    closeTalk: build.mutation<null, CloseTalkRequest>({
      query: (body) => ({ url: 'video/talk/close', method: 'POST', body, silent: true }),
    }),
  }),
});

export const { useOpenTalkMutation, useOpenBroadcastMutation, useCloseTalkMutation } = talkApi;
