import { jsonCodec } from '../codec';
import { checkFields } from '../validation';
import type { NoticePush } from '../admin/notice-api';

/**
 * A press release reaching its users (topic admin.notice-published.v1, key the notice id): the api
 * live hub emits `notice` (without `userIds`) to the sockets of each listed user.
 */
export interface NoticePublishedEvent extends NoticePush {
  userIds: string[];
}

export const noticePublishedCodec = jsonCodec<NoticePublishedEvent>((value) => {
  const problem = checkFields(value, { noticeId: 'number', title: 'string', level: 'number', publishedAt: 'number', userIds: 'object' });
  if (problem) return problem;
  const { userIds } = value as NoticePublishedEvent;
  return Array.isArray(userIds) && userIds.every((id) => typeof id === 'string') ? null : 'userIds must be a list of strings';
});
