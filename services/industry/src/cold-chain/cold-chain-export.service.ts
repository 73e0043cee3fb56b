import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { formatChinaTime, type ColdChainExcursion, type ColdChainLiveRow, type ColdChainTripRow } from '@openfleet/contracts';
import { writeSheet, type SheetColumn } from '@openfleet/service-kit';
import type { ColdChainPlaceFilterDto, ColdChainReportQueryDto } from './cold-chain.dto';
import { ColdChainQueryService } from './cold-chain-query.service';

const TYPES: Record<string, string> = {
  coldChainTooWarm: '温度过高',
  coldChainTooCold: '温度过低',
  coldChainHumidity: '湿度超限',
  coldChainDoorOpenMoving: '行驶中开门',
  coldChainDoorOpenTooLong: '开门超时',
};

const values = (list: (number | boolean | null)[]) => list.map((value) => (value === null ? '-' : typeof value === 'boolean' ? (value ? '开' : '关') : String(value))).join(' / ');
const position = (latitude: number, longitude: number) => `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

const TRIP_COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 14 },
  { key: 'startedAt', header: '行程开始', width: 20 },
  { key: 'endedAt', header: '行程结束', width: 20 },
  { key: 'measuredH', header: '监测时长(小时)', width: 14 },
  { key: 'inRangePercent', header: '温湿度达标率(%)', width: 16 },
  { key: 'minTemperature', header: '最低温度(℃)', width: 12 },
  { key: 'maxTemperature', header: '最高温度(℃)', width: 12 },
  { key: 'excursions', header: '超限次数', width: 10 },
  { key: 'doorOpenMin', header: '开门时长(分钟)', width: 14 },
];

const EXCURSION_COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 14 },
  { key: 'type', header: '类型', width: 12 },
  { key: 'probe', header: '探头', width: 8 },
  { key: 'startedAt', header: '开始时间', width: 20 },
  { key: 'endedAt', header: '结束时间', width: 20 },
  { key: 'durationMin', header: '持续(分钟)', width: 12 },
  { key: 'extreme', header: '极值', width: 10 },
  { key: 'place', header: '位置', width: 28 },
];

const LIVE_COLUMNS: SheetColumn[] = [
  { key: 'plateCode', header: '车牌号', width: 14 },
  { key: 'at', header: '时间', width: 20 },
  { key: 'temperatures', header: '温度(℃)', width: 28 },
  { key: 'humidities', header: '湿度(%RH)', width: 20 },
  { key: 'doors', header: '门', width: 12 },
  { key: 'speedKmh', header: '速度(km/h)', width: 10 },
  { key: 'active', header: '当前报警', width: 24 },
  { key: 'position', header: '位置', width: 24 },
];

export const tripSheetRow = (row: ColdChainTripRow): Record<string, unknown> => ({
  ...row,
  startedAt: formatChinaTime(row.startedAt),
  endedAt: formatChinaTime(row.endedAt),
  measuredH: Math.round((row.measuredS / 3600) * 100) / 100,
  inRangePercent: row.inRangePercent ?? '',
  minTemperature: row.minTemperature ?? '',
  maxTemperature: row.maxTemperature ?? '',
  doorOpenMin: Math.round((row.doorOpenS / 60) * 10) / 10,
});

export const excursionSheetRow = (row: ColdChainExcursion): Record<string, unknown> => ({
  ...row,
  type: TYPES[row.type] ?? row.type,
  probe: row.probe || '',
  startedAt: formatChinaTime(row.startedAt),
  endedAt: row.endedAt === null ? '进行中' : formatChinaTime(row.endedAt),
  durationMin: Math.round((row.durationS / 60) * 10) / 10,
  extreme: row.extreme ?? '',
  place: row.place || position(row.latitude, row.longitude),
});

const liveSheetRow = (row: ColdChainLiveRow): Record<string, unknown> => ({
  ...row,
  at: formatChinaTime(row.at),
  temperatures: values(row.temperatures),
  humidities: values(row.humidities),
  doors: values(row.doors),
  active: row.active.map((type) => TYPES[type] ?? type).join('、'),
  position: row.place || position(row.latitude, row.longitude),
});

/** The cold-chain report (trips and excursions, two sheets' worth in two files) and the monitor as Excel. */
@Injectable()
export class ColdChainExportService {
  constructor(private readonly query: ColdChainQueryService) {}

  async report(user: AuthUser, filter: ColdChainReportQueryDto): Promise<Buffer> {
    return writeSheet('冷链报表', TRIP_COLUMNS, (await this.query.report(user, filter, true)).rows.map(tripSheetRow));
  }

  async excursions(user: AuthUser, filter: ColdChainReportQueryDto): Promise<Buffer> {
    return writeSheet('冷链超限', EXCURSION_COLUMNS, (await this.query.excursions(user, filter, true)).records.map(excursionSheetRow));
  }

  async live(user: AuthUser, filter: ColdChainPlaceFilterDto): Promise<Buffer> {
    return writeSheet('冷链监控', LIVE_COLUMNS, (await this.query.live(user, filter, true)).records.map(liveSheetRow));
  }
}
