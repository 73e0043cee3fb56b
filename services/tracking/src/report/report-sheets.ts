import type { SheetColumn } from '@openfleet/service-kit';
import type { BehaviourReportService } from './behaviour-report.service';
import type { ReportService } from './report.service';

/** The columns and rows of a report's Excel sheet: the same for a direct export and a download task. */
export interface ReportSheet {
  name: string;
  columns: SheetColumn[];
  rows: Record<string, unknown>[];
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

export function mileageSheet(report: Awaited<ReturnType<ReportService['mileage']>>): ReportSheet {
  return {
    name: 'mileage',
    columns: [
      { key: 'plateCode', header: '车牌号', width: 14 },
      ...report.summary.periods.map((period, i) => ({ key: `p${i}`, header: period, width: 12 })),
      { key: 'mileageTotal', header: '合计(km)', width: 12 },
    ],
    rows: report.records.map((row) => ({ plateCode: row.plateCode, mileageTotal: row.mileageTotal, ...Object.fromEntries(row.mileages.map((value, i) => [`p${i}`, value])) })),
  };
}

export function onlineSheet(report: Awaited<ReturnType<ReportService['online']>>): ReportSheet {
  return {
    name: 'online',
    columns: [
      { key: 'plateCode', header: '车牌号', width: 14 },
      { key: 'onlineDays', header: '在线天数', width: 10 },
      { key: 'onlineHours', header: '在线时长(h)', width: 12 },
      ...report.summary.days.map((day, i) => ({ key: `d${i}`, header: day, width: 12 })),
    ],
    rows: report.records.map((row) => ({
      plateCode: row.plateCode,
      onlineDays: row.onlineDays,
      onlineHours: hours(row.onlineTotalS),
      ...Object.fromEntries(row.onlineS.map((seconds, i) => [`d${i}`, hours(seconds)])),
    })),
  };
}

export function operationSheet(report: Awaited<ReturnType<ReportService['operation']>>, byDay: boolean): ReportSheet {
  return {
    name: 'operation',
    columns: [
      { key: 'plateCode', header: '车牌号', width: 14 },
      ...(byDay ? [{ key: 'day', header: '日期', width: 12 }] : []),
      { key: 'mileageKm', header: '里程(km)', width: 10 },
      { key: 'drivingH', header: '行驶时长(h)', width: 12 },
      { key: 'idleH', header: '怠速时长(h)', width: 12 },
      { key: 'parkedH', header: '停车时长(h)', width: 12 },
      { key: 'tripCount', header: '行程数', width: 8 },
      { key: 'stopCount', header: '停车次数', width: 8 },
      { key: 'maxSpeedKmh', header: '最高速度(km/h)', width: 14 },
      { key: 'averageSpeedKmh', header: '平均速度(km/h)', width: 14 },
      { key: 'fuelL', header: '油耗(L)', width: 10 },
      { key: 'overspeedCount', header: '超速次数', width: 10 },
      { key: 'overspeedS', header: '超速时长(s)', width: 12 },
    ],
    rows: report.records.map((row) => ({ ...row, drivingH: hours(row.drivingS), idleH: hours(row.idleS), parkedH: hours(row.parkedS) })),
  };
}

const BEHAVIOUR_COLUMNS: SheetColumn[] = [
  { key: 'mileageKm', header: '里程(km)', width: 10 },
  { key: 'harshAccelCount', header: '急加速', width: 8 },
  { key: 'harshBrakeCount', header: '急减速', width: 8 },
  { key: 'harshTurnCount', header: '急转弯', width: 8 },
  { key: 'overspeedCount', header: '超速', width: 8 },
  { key: 'fatigueCount', header: '疲劳驾驶', width: 8 },
  { key: 'nightHours', header: '夜间行驶(h)', width: 12 },
  { key: 'score', header: '评分', width: 8 },
  { key: 'grade', header: '等级', width: 6 },
];

export function behaviourSheet(report: Awaited<ReturnType<BehaviourReportService['behaviour']>>): ReportSheet {
  return {
    name: 'driving-behavior',
    columns: [{ key: 'plateCode', header: '车牌号', width: 14 }, ...BEHAVIOUR_COLUMNS],
    rows: report.records.map((row) => ({ ...row, nightHours: hours(row.nightDrivingS) })),
  };
}

export function ratingSheet(report: Awaited<ReturnType<BehaviourReportService['rating']>>): ReportSheet {
  return {
    name: 'driver-rating',
    columns: [{ key: 'name', header: '驾驶员', width: 12 }, { key: 'licence', header: '从业资格证号', width: 22 }, { key: 'vehicles', header: '车辆', width: 20 }, { key: 'days', header: '天数', width: 6 }, ...BEHAVIOUR_COLUMNS],
    rows: report.records.map((row) => ({ ...row, vehicles: row.plates.join(','), nightHours: hours(row.nightDrivingS) })),
  };
}
