import type { LiveSessionView } from '@openfleet/contracts/video';
import type { PageQuery, PageResult } from '../table-screen/table-model';

/** One page of the sessions (the API answers them all), filtered by plate, newest first. */
export function pageOfSessions(sessions: readonly LiveSessionView[], query: PageQuery): PageResult<LiveSessionView> {
  const keyword = query.keyword.trim().toLowerCase();
  const matching = sessions.filter((session) => !keyword || session.plateCode.toLowerCase().includes(keyword)).sort((a, b) => b.startedAt - a.startedAt);
  const from = (query.pageNo - 1) * query.pageSize;
  return { records: matching.slice(from, from + query.pageSize), total: matching.length };
}
