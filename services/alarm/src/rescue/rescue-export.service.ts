import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { formatChinaTime } from '@openfleet/contracts';
import { writeSheet, type SheetColumn } from '@openfleet/service-kit';
import type { RescuePageQueryDto } from './rescue.dto';
import type { RescueCase } from './rescue-case.entity';
import { RescueService } from './rescue.service';
import { rescueRowOf } from './rescue-view';

/** Rows one export carries at most. */
export const MAX_RESCUE_EXPORT_ROWS = 20_000;
const PAGE = 1000;

export const RESCUE_STATUS_NAMES = ['待处理', '已联系', '救援中', '已完成', '误报'];
const TYPE_NAMES: Record<string, string> = { collisionWarning: '碰撞预警', rolloverWarning: '侧翻预警', adasForwardCollision: '前向碰撞报警', adasPedestrianCollision: '行人碰撞报警' };

const COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 14 },
  { key: 'terminalPhone', header: '终端手机号', width: 16 },
  { key: 'type', header: '报警类型', width: 16 },
  { key: 'startedAt', header: '报警时间', width: 20 },
  { key: 'speedKmh', header: '速度(km/h)', width: 12 },
  { key: 'position', header: '位置', width: 24 },
  { key: 'place', header: '地点', width: 28 },
  { key: 'status', header: '救援状态', width: 10 },
  { key: 'updatedAt', header: '更新时间', width: 20 },
];

/** The rescue list as an Excel sheet, with the list's filters and scope, newest first. */
@Injectable()
export class RescueExportService {
  constructor(private readonly rescue: RescueService) {}

  async export(user: AuthUser, query: RescuePageQueryDto): Promise<Buffer> {
    const rows: RescueCase[] = [];
    for (let current = 1; rows.length < MAX_RESCUE_EXPORT_ROWS; current++) {
      const page = await this.rescue.page(user, { ...query, current, size: PAGE });
      rows.push(...page.records);
      if (page.records.length < PAGE) break;
    }
    return writeSheet(
      '碰撞救援',
      COLUMNS,
      rows.slice(0, MAX_RESCUE_EXPORT_ROWS).map((found) => {
        const row = rescueRowOf(found);
        return {
          plateCode: row.plateCode,
          terminalPhone: row.terminalPhone,
          type: TYPE_NAMES[row.type] ?? row.type,
          startedAt: formatChinaTime(row.startedAt),
          speedKmh: row.speedKmh,
          position: `${row.latitude.toFixed(6)}, ${row.longitude.toFixed(6)}`,
          place: row.place,
          status: RESCUE_STATUS_NAMES[row.status] ?? String(row.status),
          updatedAt: formatChinaTime(row.updatedAt),
        };
      }),
    );
  }
}
