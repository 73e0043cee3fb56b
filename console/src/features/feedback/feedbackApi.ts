import type { FeedbackView, MyFeedback } from '@openfleet/contracts/admin';
import { api, LIST_ID } from '../../app/api';

const MINE = { type: 'Feedback' as const, id: 'MINE' };
const LIST = { type: 'Feedback' as const, id: LIST_ID };

/** Admin's feedback: what the user submitted (and its replies), and the operators' reply and close. */
export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    myFeedback: build.query<MyFeedback, void>({
      query: () => ({ url: 'basic/feedback/mine', silent: true }),
      providesTags: [MINE],
    }),
    submitFeedback: build.mutation<FeedbackView, FormData>({
      query: (body) => ({ url: 'basic/feedback', method: 'POST', body }),
      invalidatesTags: [MINE, LIST],
    }),
    markMyFeedbackRead: build.mutation<number, void>({
      query: () => ({ url: 'basic/feedback/mine/read', method: 'POST' }),
      invalidatesTags: [MINE],
    }),
    replyFeedback: build.mutation<FeedbackView, { id: number; reply: string; close: boolean }>({
      query: ({ id, ...body }) => ({ url: `basic/feedback/${id}/reply`, method: 'POST', body }),
      invalidatesTags: [LIST, MINE],
    }),
    closeFeedback: build.mutation<FeedbackView, number>({
      query: (id) => ({ url: `basic/feedback/${id}/close`, method: 'POST' }),
      invalidatesTags: [LIST, MINE],
    }),
  }),
});

export const { useMyFeedbackQuery, useSubmitFeedbackMutation, useMarkMyFeedbackReadMutation, useReplyFeedbackMutation, useCloseFeedbackMutation } = feedbackApi;
