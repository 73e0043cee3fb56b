import type { BusStopEventView } from '@openfleet/contracts';
import { formatChinaTime } from '@openfleet/contracts';
import { writeSheet, type SheetColumn } from '@openfleet/service-kit';

const COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号' },
  { key: 'direction', header: '方向' },
  { key: 'seq', header: '站序' },
  { key: 'stopId', header: '站点编号' },
  { key: 'stopName', header: '站点名称', width: 20 },
  { key: 'arrivedAt', header: '到站时间', width: 20 },
  { key: 'departedAt', header: '离站时间', width: 20 },
  { key: 'dwellS', header: '停站(秒)' },
  { key: 'skipped', header: '越站' },
];

/** The stop events of a line as the monitor's export: China times, 上行/下行, 是 for a skipped stop. */
export function stopEventSheet(events: readonly BusStopEventView[]): Promise<Buffer> {
  return writeSheet(
    'stopEvents',
    COLUMNS,
    events.map((event) => ({
      ...event,
      direction: event.direction === 'up' ? '上行' : '下行',
      seq: event.seq + 1,
      arrivedAt: event.skipped ? '' : formatChinaTime(event.arrivedAt),
      departedAt: event.departedAt === null ? '' : formatChinaTime(event.departedAt),
      dwellS: event.dwellS === null ? '' : Math.round(event.dwellS),
      skipped: event.skipped ? '是' : '',
    })),
  );
}
