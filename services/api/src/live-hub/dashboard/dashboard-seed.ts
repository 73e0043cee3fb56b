import { Logger } from '@nestjs/common';
import { chinaDayStart } from '@openfleet/contracts';
import { SELF_REQUEST_HEADER, SELF_REQUEST_TOKEN } from '@openfleet/service-kit';
import type { DashboardAlarmInput, DashboardDaySeed } from './dashboard-aggregator';

/** Rows per request: the largest page both reports accept. */
const PAGE_SIZE = 1000;
/** One request's limit: a seed that hangs is retried, never waited on. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Vehicle ids per online-trend request: the report's filter takes at most 20,000 characters. */
const TREND_IDS_PER_REQUEST = 900;
/** Failed seeds logged per minute; the rest are counted in the next line. */
const LOG_LINES_PER_MINUTE = 3;

interface Page<T> {
  records: T[];
  total: number;
}
interface MileageRecord {
  vehicleId: string;
  mileages: number[];
}
interface AlarmRecord {
  id: number | string;
  vehicleId: string;
  type: string;
  level: number;
  startedAt: number;
  endedAt: number;
  latitude: number;
  longitude: number;
}

/**
 * Today's figures from the services that own them, through their HTTP APIs: tracking's mileage
 * report (its day statistics) and the alarm list of the alarm service. `baseUrl` is the api's own
 * listener: in cluster mode it routes /gps/report to tracking and /gps/alarm to the alarm service,
 * in standalone they answer in-process, so both modes take the same path (docs/dashboard.md).
 */
export async function fetchDaySeed(baseUrl: string, token: string, day: string, now: number): Promise<DashboardDaySeed> {
  const get = <T>(path: string, query: Record<string, string | number>) => getData<Page<T>>(baseUrl, token, path, query);
  const all = async <T>(path: string, query: Record<string, string | number>): Promise<T[]> => {
    const rows: T[] = [];
    for (let current = 1; ; current++) {
      const page = await get<T>(path, { ...query, current, size: PAGE_SIZE });
      rows.push(...page.records);
      if (page.records.length < PAGE_SIZE || current * PAGE_SIZE >= page.total) return rows;
    }
  };
  const [mileage, alarms] = await Promise.all([
    all<MileageRecord>('/gps/report/mileage', { period: 'day', startTime: day, endTime: day }),
    // Newest first: alarms raised while paging push older ones to later pages (seen twice, counted once), none is skipped.
    all<AlarmRecord>('/gps/alarm/page', { startTime: chinaDayStart(day), endTime: now }),
  ]);
  return {
    day,
    mileage: mileage.flatMap((row) => (row.mileages[0] > 0 ? [{ vehicleId: String(row.vehicleId), mileageHm: Math.round(row.mileages[0] * 10) }] : [])),
    alarms: alarms.map(
      (row): DashboardAlarmInput => ({
        // The alarm event's id is the row's id (alarm-detector.service.ts), so a seeded alarm and its live events are one.
        alarmId: String(row.id), vehicleId: row.vehicleId || undefined, type: row.type, level: row.level, startedAt: Number(row.startedAt),
        endedAt: Number(row.endedAt) || undefined, latitude: row.latitude, longitude: row.longitude,
      }),
    ),
  };
}

/**
 * Online vehicles of each group at the given steps, from tracking's online trend (its online
 * spells): one request per group, or per 900 of its vehicles (the filter's length limit). Undefined
 * when the step is not one of the report's slot lengths (1, 5, 10, 20 minutes).
 */
export async function fetchTrendSeed(
  baseUrl: string, token: string, stepMs: number, gaps: { day: string; steps: readonly number[]; groups: readonly { key: string; vehicleIds: readonly string[] }[] },
): Promise<Map<string, number[]> | undefined> {
  const intervalMin = stepMs / 60_000;
  if (![1, 5, 10, 20].includes(intervalMin) || !gaps.steps.length) return undefined;
  const onlineByGroup = new Map<string, number[]>();
  for (const group of gaps.groups) {
    const online = new Array<number>(gaps.steps.length).fill(0);
    for (let start = 0; start < group.vehicleIds.length; start += TREND_IDS_PER_REQUEST) {
      const vehicleIds = group.vehicleIds.slice(start, start + TREND_IDS_PER_REQUEST).join(',');
      const trend = await getData<{ slots: { at: number; online: number }[] }>(baseUrl, token, '/gps/report/online/trend', { startTime: gaps.day, endTime: gaps.day, intervalMin, vehicleIds });
      // The chunks hold different vehicles: their counts add up.
      gaps.steps.forEach((at, i) => (online[i] += trend.slots.find((slot) => slot.at === at)?.online ?? 0));
    }
    onlineByGroup.set(group.key, online);
  }
  return onlineByGroup;
}

/** One GET through the api's own routes; the envelope's data, or an error naming the path. */
async function getData<T>(baseUrl: string, token: string, path: string, query: Record<string, string | number>): Promise<T> {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, [SELF_REQUEST_HEADER]: SELF_REQUEST_TOKEN }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const body = (await response.json().catch(() => undefined)) as { flag?: boolean; errorCode?: number; data?: T } | undefined;
  if (!response.ok || !body?.flag || !body.data) throw new Error(`${path}: HTTP ${response.status}, errorCode ${body?.errorCode ?? '-'}`);
  return body.data;
}

/**
 * Runs a seed until one succeeds: a failure is logged (a few lines a minute) and retried after a
 * growing delay (capped), never awaited by the hub, which pushes live figures meanwhile.
 */
export class DaySeedLoop {
  private readonly logger = new Logger('DashboardSeed');
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private window = { startedAt: 0, lines: 0, suppressed: 0 };
  attempts = 0;

  constructor(
    private readonly seedOnce: () => Promise<void>,
    private readonly retryMs: { first: number; max: number },
  ) {}

  start(): void {
    void this.run(this.retryMs.first);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async run(nextDelayMs: number): Promise<void> {
    if (this.stopped) return;
    this.attempts++;
    try {
      await this.seedOnce();
    } catch (error) {
      if (this.stopped) return;
      this.logFailure(error instanceof Error ? error.message : String(error));
      this.timer = setTimeout(() => void this.run(Math.min(nextDelayMs * 2, this.retryMs.max)), nextDelayMs);
      this.timer.unref();
    }
  }

  private logFailure(message: string): void {
    const now = Date.now();
    if (now - this.window.startedAt >= 60_000) {
      if (this.window.suppressed) this.logger.warn(`${this.window.suppressed} more failed seeds in the last minute`);
      this.window = { startedAt: now, lines: 0, suppressed: 0 };
    }
    if (this.window.lines++ < LOG_LINES_PER_MINUTE) this.logger.warn(`today's figures not seeded yet (attempt ${this.attempts}, retrying): ${message}`);
    else this.window.suppressed++;
  }
}
