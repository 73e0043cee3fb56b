import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { formatChinaTime } from '@openfleet/contracts';
import { placeName } from '@openfleet/geo';
import { writeSheet, type SheetColumn } from '@openfleet/service-kit';
import type { AlarmPageQueryDto } from './alarm.dto';
import type { Alarm } from './alarm.entity';
import { AlarmService } from './alarm.service';

/** Rows one export carries at most (the list's filters narrow it further). */
export const MAX_EXPORT_ROWS = 20_000;
const PAGE = 1000;

const LEVELS = ['紧急', '严重', '一般', '提示'];
const STATUSES = ['未处理', '处理完毕', '不作处理', '将来处理'];
const RESULTS: Record<number, string> = { 17: '误报', 18: '司机已纠正', 19: '已提醒', 20: '已上报企业', 21: '已报警', 22: '自定义' };

const COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 14 },
  { key: 'terminalPhone', header: '终端手机号', width: 16 },
  { key: 'type', header: '报警类型', width: 22 },
  { key: 'level', header: '报警级别', width: 10 },
  { key: 'startedAt', header: '开始时间', width: 20 },
  { key: 'endedAt', header: '结束时间', width: 20 },
  { key: 'maxSpeedKmh', header: '最高速度(km/h)', width: 14 },
  { key: 'position', header: '位置', width: 24 },
  { key: 'place', header: '地点', width: 28 },
  { key: 'handleStatus', header: '处理状态', width: 12 },
  { key: 'handleResult', header: '处理结果', width: 14 },
  { key: 'handleRemark', header: '处理备注', width: 24 },
  { key: 'handledAt', header: '处理时间', width: 20 },
];

const cst = (ms: number) => (ms ? formatChinaTime(ms) : '');

/** The alarm list as an Excel sheet, with the list's filters and scope (at most {@link MAX_EXPORT_ROWS} rows, newest first). */
@Injectable()
export class AlarmExportService {
  constructor(private readonly alarms: AlarmService) {}

  async export(user: AuthUser, query: AlarmPageQueryDto): Promise<Buffer> {
    const rows: Alarm[] = [];
    for (let current = 1; rows.length < MAX_EXPORT_ROWS; current++) {
      const page = await this.alarms.page(user, { ...query, current, size: PAGE });
      rows.push(...page.records);
      if (page.records.length < PAGE) break;
    }
    return writeSheet(
      '报警',
      COLUMNS,
      rows.slice(0, MAX_EXPORT_ROWS).map((alarm) => ({
        plateCode: alarm.plateCode,
        terminalPhone: alarm.terminalPhone,
        type: alarm.type,
        level: LEVELS[alarm.level] ?? String(alarm.level),
        startedAt: cst(alarm.startedAt),
        endedAt: alarm.endedAt ? cst(alarm.endedAt) : '进行中',
        maxSpeedKmh: alarm.maxSpeedKmh || alarm.speedKmh,
        position: `${alarm.latitude.toFixed(6)}, ${alarm.longitude.toFixed(6)}`,
        place: placeName(alarm.longitude, alarm.latitude),
        handleStatus: STATUSES[alarm.handleStatus] ?? String(alarm.handleStatus),
        handleResult: RESULTS[alarm.handleResult] ?? '',
        handleRemark: alarm.handleRemark,
        handledAt: cst(alarm.handledAt),
      })),
    );
  }
}
