import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { formatChinaTime, type FuelEventView, type FuelReportRow } from '@openfleet/contracts';
import { writeSheet, type SheetColumn } from '@openfleet/service-kit';
import type { FuelEventsQueryDto, FuelReportQueryDto } from './fuel.dto';
import { FuelQueryService } from './fuel-query.service';

/** Rows one export carries at most; larger ones are for the offline export task. */
export const MAX_FUEL_EXPORT_ROWS = 20_000;

const FIGURE_COLUMNS: SheetColumn[] = [
  { key: 'distanceKm', header: '里程(km)', width: 12 },
  { key: 'consumedL', header: '耗油量(L)', width: 12 },
  { key: 'refuelledL', header: '加油量(L)', width: 12 },
  { key: 'suspectedLossL', header: '疑似漏油/偷油(L)', width: 16 },
  { key: 'litresPer100Km', header: '百公里油耗(L)', width: 14 },
  { key: 'canConsumedL', header: 'CAN耗油量(L)', width: 14 },
  { key: 'canDifferenceL', header: '与CAN差值(L)', width: 14 },
];

export const REPORT_COLUMNS: SheetColumn[] = [{ key: 'plateCode', header: '车牌号', width: 14 }, { key: 'day', header: '日期', width: 12 }, ...FIGURE_COLUMNS];

export const EVENT_COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 14 },
  { key: 'kind', header: '类型', width: 12 },
  { key: 'amountL', header: '油量(L)', width: 10 },
  { key: 'litresBefore', header: '变化前(L)', width: 10 },
  { key: 'litresAfter', header: '变化后(L)', width: 10 },
  { key: 'startedAt', header: '开始时间', width: 20 },
  { key: 'endedAt', header: '结束时间', width: 20 },
  { key: 'position', header: '位置', width: 24 },
  { key: 'whileStopped', header: '停车时', width: 8 },
];

const KINDS: Record<string, string> = { refuel: '加油', theft: '疑似偷油/漏油' };

/** A report row as the sheet shows it (empty cells where there is nothing to divide by). */
export const reportSheetRow = (row: FuelReportRow): Record<string, unknown> => ({ ...row, litresPer100Km: row.litresPer100Km ?? '', canConsumedL: row.canConsumedL ?? '', canDifferenceL: row.canDifferenceL ?? '' });

export const eventSheetRow = (event: FuelEventView): Record<string, unknown> => ({
  ...event,
  kind: KINDS[event.kind] ?? event.kind,
  startedAt: formatChinaTime(event.startedAt),
  endedAt: formatChinaTime(event.endedAt),
  position: `${event.latitude.toFixed(6)}, ${event.longitude.toFixed(6)}`,
  whileStopped: event.whileStopped ? '是' : '否',
});

/** The fuel report and the fuel events as Excel sheets, with their lists' filters and scope. */
@Injectable()
export class FuelExportService {
  constructor(private readonly query: FuelQueryService) {}

  async report(user: AuthUser, query: FuelReportQueryDto): Promise<Buffer> {
    const { rows } = await this.query.report(user, query, true);
    return writeSheet('油耗报表', REPORT_COLUMNS, rows.slice(0, MAX_FUEL_EXPORT_ROWS).map(reportSheetRow));
  }

  async events(user: AuthUser, query: FuelEventsQueryDto): Promise<Buffer> {
    const { records } = await this.query.eventPage(user, { ...query, current: 1, size: MAX_FUEL_EXPORT_ROWS } as FuelEventsQueryDto, false);
    return writeSheet('油量事件', EVENT_COLUMNS, records.map(eventSheetRow));
  }
}
