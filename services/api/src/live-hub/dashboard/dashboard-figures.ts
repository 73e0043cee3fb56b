import {
  CHINA_PROVINCES, DASHBOARD_TICKER_SIZE, DASHBOARD_TOP_N, SOC_BUCKET_BOUNDS,
  type DashboardCompanyFigure, type DashboardCount, type DashboardPayload, type DashboardTickerAlarm, type DashboardTrendPoint,
} from '@openfleet/contracts';

/**
 * The counters of one group of vehicles: those with the same company path and fleet path. A push
 * sums the groups a user may see, so its cost follows the number of groups, never of vehicles.
 * Every counter moves per event (a vehicle going online, a position's mileage, an alarm).
 */
export class GroupFigures {
  total = 0;
  online = 0;
  moving = 0;
  mileageHm = 0;
  alarmTotal = 0;
  readonly alarmsByLevel = [0, 0, 0, 0];
  readonly alarmsByType = new Map<string, number>();
  readonly provinces = new Int32Array(CHINA_PROVINCES.length);
  evVehicles = 0;
  charging = 0;
  readonly socBuckets = new Int32Array(SOC_BUCKET_BOUNDS.length);
  /** Newest last; at most DASHBOARD_TICKER_SIZE. */
  readonly ticker: DashboardTickerAlarm[] = [];
  /** Online and total at each trend step today. */
  readonly trend: DashboardTrendPoint[] = [];

  constructor(
    readonly key: string,
    readonly companyId: string,
    readonly companyPath: readonly string[],
    readonly fleetPath: readonly string[],
  ) {}

  /** Without a ticker item (a seeded alarm) only the counters move. */
  countAlarm(type: string, level: number, tickerItem: DashboardTickerAlarm | undefined): void {
    this.alarmTotal++;
    if (level >= 0 && level < this.alarmsByLevel.length) this.alarmsByLevel[level]++;
    this.alarmsByType.set(type, (this.alarmsByType.get(type) ?? 0) + 1);
    if (!tickerItem) return;
    this.ticker.push(tickerItem);
    if (this.ticker.length > DASHBOARD_TICKER_SIZE) this.ticker.shift();
  }

  /** A new China day: the day's figures start from zero; the vehicle counts stay. */
  resetDay(): void {
    this.mileageHm = 0;
    this.alarmTotal = 0;
    this.alarmsByLevel.fill(0);
    this.alarmsByType.clear();
    this.ticker.length = 0;
    this.trend.length = 0;
  }
}

/** Who receives a push: the user's scope as sets. */
export interface DashboardScope {
  superAdmin: boolean;
  companies: ReadonlySet<string>;
  fleets: ReadonlySet<string>;
  /** Single granted vehicles (token claim `v`): counted one by one, not their groups. */
  vehicles?: ReadonlySet<string>;
}

export function groupVisibleTo(scope: DashboardScope, group: GroupFigures): boolean {
  if (scope.superAdmin) return true;
  return group.companyPath.some((id) => scope.companies.has(id)) || group.fleetPath.some((id) => scope.fleets.has(id));
}

function top(values: Map<string, number>, n: number): { key: string; value: number }[] {
  return [...values].filter(([, value]) => value > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n).map(([key, value]) => ({ key, value }));
}

/** Today's trend of a scope: points line up by step across groups (every group samples at the same instants). */
export function sumTrend(groups: readonly GroupFigures[]): DashboardTrendPoint[] {
  const trend: DashboardTrendPoint[] = [];
  for (const group of groups) {
    for (let i = 0; i < group.trend.length; i++) {
      const point = group.trend[i];
      const sum = (trend[i] ??= { at: point.at, online: 0, total: 0 });
      sum.online += point.online;
      sum.total += point.total;
    }
  }
  return trend;
}

/** The newest alarms of the groups, newest first (the aggregator's fallback when its recent ring is not enough). */
export function mergeTickers(groups: readonly GroupFigures[]): DashboardTickerAlarm[] {
  const ticker: DashboardTickerAlarm[] = [];
  for (const group of groups) ticker.push(...group.ticker);
  return ticker.sort((a, b) => b.startedAt - a.startedAt).slice(0, DASHBOARD_TICKER_SIZE);
}

/**
 * The payload of a scope: the sum of its groups (`groups` already filtered to the visible ones).
 * The trend (changes every 10 minutes) and the ticker come from the caller, which keeps them cheaper.
 */
export function sumFigures(groups: readonly GroupFigures[], at: number, day: string, trend: DashboardTrendPoint[], ticker: DashboardTickerAlarm[]): DashboardPayload {
  let total = 0, online = 0, moving = 0, mileageHm = 0, alarmTotal = 0, evVehicles = 0, charging = 0;
  const byLevel = [0, 0, 0, 0];
  const byType = new Map<string, number>();
  const provinces = new Int32Array(CHINA_PROVINCES.length);
  const socBuckets = new Array<number>(SOC_BUCKET_BOUNDS.length).fill(0);
  const alarmsByCompany = new Map<string, number>();
  const mileageByCompany = new Map<string, number>();
  for (const group of groups) {
    total += group.total;
    online += group.online;
    moving += group.moving;
    mileageHm += group.mileageHm;
    alarmTotal += group.alarmTotal;
    evVehicles += group.evVehicles;
    charging += group.charging;
    for (let i = 0; i < 4; i++) byLevel[i] += group.alarmsByLevel[i];
    for (const [type, count] of group.alarmsByType) byType.set(type, (byType.get(type) ?? 0) + count);
    for (let i = 0; i < provinces.length; i++) provinces[i] += group.provinces[i];
    for (let i = 0; i < socBuckets.length; i++) socBuckets[i] += group.socBuckets[i];
    alarmsByCompany.set(group.companyId, (alarmsByCompany.get(group.companyId) ?? 0) + group.alarmTotal);
    mileageByCompany.set(group.companyId, (mileageByCompany.get(group.companyId) ?? 0) + group.mileageHm);
  }
  const byTypeTop: DashboardCount[] = top(byType, 10).map(({ key, value }) => ({ key, count: value }));
  const company = ({ key, value }: { key: string; value: number }): DashboardCompanyFigure => ({ companyId: key, value });
  return {
    at,
    day,
    vehicles: { total, online, moving, offline: total - online },
    mileageKm: Math.round(mileageHm) / 10,
    alarms: { total: alarmTotal, byLevel, byType: byTypeTop },
    // The sampled steps, then now: the line ends at the live rate, not at the last 10-minute step.
    onlineTrend: [...trend, { at, online, total }],
    provinces: CHINA_PROVINCES.flatMap((province, i) => (provinces[i] ? [{ key: province.code, count: provinces[i] }] : [])),
    topCompaniesByAlarms: top(alarmsByCompany, DASHBOARD_TOP_N).map(company),
    topCompaniesByMileage: top(mileageByCompany, DASHBOARD_TOP_N).map((figure) => company({ key: figure.key, value: Math.round(figure.value) / 10 })),
    ticker,
    energy: { vehicles: evVehicles, charging, socBuckets },
  };
}
