import { FAULT_KINDS } from '@openfleet/contracts/alarm';
import type { ChartOptions } from '../../charts/HighChart';
import { timedPageQuery, type PageQuery } from '../table-screen/table-model';
import type { FaultFilter, FaultKindSummary } from './faultApi';

export const FAULT_KIND_NAMES = Object.keys(FAULT_KINDS);

export interface FaultFilters {
  startTime: string;
  endTime: string;
  kind: string;
  source: string;
  status: string;
}

/** The list request of the table's page and the filters (only those set). */
export function faultQuery(query: PageQuery, f: FaultFilters): FaultFilter {
  return timedPageQuery(query, f, { text: { kind: f.kind, source: f.source }, numbers: { status: f.status } });
}

/** "2h 05m 09s" style, in the locale's units. */
export function durationText(seconds: number, units: { h: string; m: string; s: string }): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h) return `${h}${units.h}${String(m).padStart(2, '0')}${units.m}`;
  if (m) return `${m}${units.m}${String(s).padStart(2, '0')}${units.s}`;
  return `${s}${units.s}`;
}

/** The summary as a horizontal bar chart: faults per kind, and how many still go on. */
export function summaryChart(rows: readonly FaultKindSummary[], label: (kind: string) => string, names: { count: string; ongoing: string }): ChartOptions {
  return {
    chart: { type: 'bar', height: Math.max(200, 60 + rows.length * 36), animation: false },
    title: { text: undefined },
    xAxis: { categories: rows.map((row) => label(row.kind)) },
    yAxis: { min: 0, allowDecimals: false, title: { text: undefined } },
    series: [
      { type: 'bar', name: names.count, animation: false, data: rows.map((row) => row.count) },
      { type: 'bar', name: names.ongoing, animation: false, data: rows.map((row) => row.ongoing) },
    ],
  };
}
