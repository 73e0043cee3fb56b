import {
  chinaDate, chinaDayStart, CHINA_PROVINCES, DASHBOARD_TICKER_SIZE, SOC_BUCKET_BOUNDS,
  type DashboardPayload, type DashboardTickerAlarm, type DashboardTrendPoint, type VehicleRegistryEntry,
} from '@openfleet/contracts';
import { groupVisibleTo, GroupFigures, mergeTickers, sumFigures, sumTrend, type DashboardScope } from './dashboard-figures';
import { provinceOf } from './province-of';
import { countVehicleAlarm, hasStepBit, setStepBit, type VehicleAlarms } from './vehicle-figures';

/** What the aggregator keeps per vehicle: enough to move the group counters when something changes. */
interface VehicleSlot {
  group: GroupFigures;
  plateCode: string;
  online: boolean;
  moving: boolean;
  province: number;
  /** Where the province was last looked up, and whether the boundary data answered (not the stand-in). */
  placeLon: number;
  placeLat: number;
  placeExact: boolean;
  /** Last odometer seen (1/10 km), -1 before the first. */
  mileageHm: number;
  /** Today's mileage counted for this vehicle (1/10 km): what a seed compares with. */
  dayHm: number;
  socBucket: number;
  charging: boolean;
  ev: boolean;
  /** Today's alarms, for scopes granted this vehicle alone; undefined before its first. */
  alarms?: VehicleAlarms;
  /** The trend steps of today at which the vehicle was registered, and online (bits by step index). */
  presentSteps?: number[];
  onlineSteps?: number[];
}

/** A vehicle that moved less than this (degrees, ~500 m) since its last exact lookup keeps its province: no lookup per position. */
const PLACE_STEP_DEG = 0.005;
/** A mileage step larger than this between two positions is a reset or a swapped terminal, not driving. */
const MAX_MILEAGE_STEP_HM = 5_000;
/** The newest alarms of every group together: a scope's ticker is its first visible ones, without a merge over its groups. */
const RECENT_ALARMS = 1_000;
/** Alarms of vehicles the registry does not know: super administrators only, as the hub forwards them. */
const UNKNOWN_GROUP = '?';

/** What a scope keeps between pushes: its groups, and its trend until the next step or group. */
interface ScopeCache {
  version: number;
  groups: GroupFigures[];
  trendSteps: number;
  trend: DashboardTrendPoint[];
  /** Scopes with single granted vehicles: the visible groups as a set, and the trend with those vehicles added. */
  visible?: ReadonlySet<GroupFigures>;
  grantedTrendKey?: string;
  grantedTrend?: DashboardTrendPoint[];
}

export interface DashboardAlarmInput {
  alarmId: string;
  vehicleId?: string;
  type: string;
  level: number;
  startedAt: number;
  endedAt?: number;
  latitude: number;
  longitude: number;
}

/** Today's figures of the owning services (see applyDaySeed); mileage in 1/10 km per vehicle. */
export interface DashboardDaySeed {
  day: string;
  mileage: readonly { vehicleId: string; mileageHm: number }[];
  alarms: readonly DashboardAlarmInput[];
}

/**
 * The big screen's figures, kept as counters per group of vehicles (company path + fleet path) and
 * moved by each event; `payloadFor(scope)` sums the groups a user may see. Pure: the hub feeds it
 * the registry, vehicle states, positions, alarms and energy reports, and the clock.
 */
export class DashboardAggregator {
  private readonly groups = new Map<string, GroupFigures>();
  private readonly vehicles = new Map<string, VehicleSlot>();
  /** Alarms counted today: an update, an end or a seed of a counted alarm is not a new alarm. */
  private readonly countedAlarms = new Set<string>();
  private readonly trendSteps: number[] = [];
  private readonly recentAlarms: { group: GroupFigures; vehicleId: string | undefined; item: DashboardTickerAlarm }[] = [];
  private readonly scopeGroups = new Map<string, ScopeCache>();
  private groupsVersion = 0;
  private day = '';
  private stepMs = 0;
  private dayStart = 0;
  private nextDayStart = 0;

  constructor(now: number) {
    this.rollDay(now);
  }

  /** A vehicle added, moved to another company or fleet, or deleted (entry undefined). */
  applyVehicle(vehicleId: string, entry: VehicleRegistryEntry | undefined): void {
    const slot = this.vehicles.get(vehicleId);
    const key = entry ? `${entry.companyPath.join('/')}|${entry.fleetPath.join('/')}` : '';
    if (slot && entry && slot.group.key === key) {
      slot.plateCode = entry.plateCode;
      return;
    }
    if (slot) {
      this.count(slot, -1);
      this.vehicles.delete(vehicleId);
    }
    if (!entry || entry.deleted) return;
    const group = this.groupOf(key, entry.companyId, entry.companyPath, entry.fleetPath);
    const moved: VehicleSlot = slot
      ? { ...slot, group, plateCode: entry.plateCode }
      : { group, plateCode: entry.plateCode, online: false, moving: false, province: -1, placeLon: 0, placeLat: 0, placeExact: false, mileageHm: -1, dayHm: 0, socBucket: -1, charging: false, ev: false };
    this.vehicles.set(vehicleId, moved);
    this.count(moved, 1);
  }

  /** Tracking's state of a vehicle: online or not, and where it is. */
  applyState(vehicleId: string, online: boolean, speedKmh: number, lon: number, lat: number): void {
    const slot = this.vehicles.get(vehicleId);
    if (!slot) return;
    this.count(slot, -1);
    slot.online = online;
    slot.moving = online && speedKmh > 0;
    locate(slot, lon, lat);
    this.count(slot, 1);
  }

  /** A position: where, moving or not, and the mileage it adds to today (its odometer's step). */
  applyPosition(vehicleId: string, lon: number, lat: number, speedKmh: number, mileageHm: number | undefined, at: number): void {
    const slot = this.vehicles.get(vehicleId);
    if (!slot) return;
    this.rollDay(at);
    this.count(slot, -1);
    slot.online = true;
    slot.moving = speedKmh > 0;
    locate(slot, lon, lat);
    this.count(slot, 1);
    if (mileageHm === undefined) return;
    const step = mileageHm - slot.mileageHm;
    if (slot.mileageHm >= 0 && step > 0 && step <= MAX_MILEAGE_STEP_HM) {
      slot.group.mileageHm += step;
      slot.dayHm += step;
    }
    slot.mileageHm = mileageHm;
  }

  /** An alarm event: counted once, at its first sight, when it started today. */
  applyAlarm(alarm: DashboardAlarmInput, now: number): void {
    this.rollDay(now);
    this.countAlarm(alarm, true);
  }

  /**
   * Today's figures from the services that own them (tracking's day mileage, the alarm service's
   * alarms of today), after a restart or in a replica that just joined. Idempotent and safe beside
   * live events: a vehicle's mileage becomes the larger of the seed and what this hub counted;
   * an alarm already counted (same id) is not counted again. A seed of another day is ignored.
   * Seeded alarms are counted, not put on the ticker (it shows what arrives live).
   */
  applyDaySeed(seed: DashboardDaySeed, now: number): boolean {
    this.rollDay(now);
    if (seed.day !== this.day) return false;
    for (const { vehicleId, mileageHm } of seed.mileage) {
      const slot = this.vehicles.get(vehicleId);
      if (!slot || !(mileageHm > slot.dayHm)) continue;
      slot.group.mileageHm += mileageHm - slot.dayHm;
      slot.dayHm = mileageHm;
    }
    for (const alarm of seed.alarms) this.countAlarm(alarm, false);
    return true;
  }

  /**
   * The trend steps of today before this hub's first one (none when it ran since midnight), and
   * each group's vehicles: what to ask tracking's online trend for. Empty steps: nothing to seed.
   */
  trendGaps(stepMs: number, now: number): { day: string; steps: number[]; groups: { key: string; vehicleIds: string[] }[] } {
    this.rollDay(now);
    const first = this.trendSteps[0] ?? now;
    const steps: number[] = [];
    for (let at = this.dayStart; at < first; at += stepMs) steps.push(at);
    const groups = new Map<string, string[]>();
    for (const [vehicleId, slot] of this.vehicles) {
      const ids = groups.get(slot.group.key);
      if (ids) ids.push(vehicleId);
      else groups.set(slot.group.key, [vehicleId]);
    }
    return { day: this.day, steps, groups: [...groups].map(([key, vehicleIds]) => ({ key, vehicleIds })) };
  }

  /**
   * Puts the earlier steps of today in front of every group's trend (online from tracking's spells,
   * total as now: the registry keeps no history), so all groups keep the same steps. Ignored when
   * the day or the hub's first step changed since `trendGaps`.
   */
  applyTrendSeed(day: string, steps: readonly number[], onlineByGroup: ReadonlyMap<string, readonly number[]>, now: number): boolean {
    this.rollDay(now);
    const first = this.trendSteps[0];
    if (day !== this.day || !steps.length || first === undefined || steps.at(-1)! >= first) return false;
    this.trendSteps.unshift(...steps);
    for (const group of this.groups.values()) {
      const online = onlineByGroup.get(group.key);
      group.trend.unshift(...steps.map((at, i) => ({ at, online: online?.[i] ?? 0, total: online ? group.total : 0 })));
    }
    return true;
  }

  private countAlarm(alarm: DashboardAlarmInput, onTicker: boolean): void {
    if (alarm.startedAt < this.dayStart || alarm.startedAt >= this.nextDayStart || this.countedAlarms.has(alarm.alarmId)) return;
    this.countedAlarms.add(alarm.alarmId);
    const slot = alarm.vehicleId ? this.vehicles.get(alarm.vehicleId) : undefined;
    const group = slot?.group ?? this.groupOf(UNKNOWN_GROUP, '', [], []);
    const province = provinceOf(alarm.longitude, alarm.latitude).index;
    const item: DashboardTickerAlarm = {
      alarmId: alarm.alarmId, plateCode: slot?.plateCode ?? '', type: alarm.type, level: alarm.level, startedAt: alarm.startedAt,
      province: province >= 0 ? CHINA_PROVINCES[province].code : '',
    };
    group.countAlarm(alarm.type, alarm.level, onTicker ? item : undefined);
    if (slot) slot.alarms = countVehicleAlarm(slot.alarms, alarm.type, alarm.level, onTicker ? item : undefined);
    if (!onTicker) return;
    this.recentAlarms.push({ group, vehicleId: slot ? alarm.vehicleId : undefined, item });
    if (this.recentAlarms.length > RECENT_ALARMS) this.recentAlarms.shift();
  }

  /** A GB/T 32960 report's whole-vehicle unit: 1 or 2 charging (parked, driving), SOC in %. */
  applyEnergy(vehicleId: string, chargeState: number, socPercent: number | undefined): void {
    const slot = this.vehicles.get(vehicleId);
    if (!slot) return;
    this.count(slot, -1);
    slot.ev = true;
    slot.charging = chargeState === 1 || chargeState === 2;
    if (socPercent !== undefined) slot.socBucket = socBucketOf(socPercent);
    this.count(slot, 1);
  }

  /** Called every tick: a new day resets the day's figures; each 10-minute step adds a trend point. */
  tick(now: number, stepMs: number): void {
    this.rollDay(now);
    const step = now - ((now - this.dayStart) % stepMs);
    if (this.trendSteps.at(-1) === step) return;
    this.stepMs = stepMs;
    this.trendSteps.push(step);
    for (const group of this.groups.values()) group.trend.push({ at: step, online: group.online, total: group.total });
    // Each vehicle's own point too (two bits), for the scopes granted single vehicles.
    const index = this.stepIndex(step);
    for (const slot of this.vehicles.values()) {
      slot.presentSteps = setStepBit(slot.presentSteps, index);
      if (slot.online) slot.onlineSteps = setStepBit(slot.onlineSteps, index);
    }
  }

  payloadFor(scope: DashboardScope, scopeKey: string, now: number): DashboardPayload {
    this.rollDay(now);
    let cached = this.scopeGroups.get(scopeKey);
    if (!cached || cached.version !== this.groupsVersion) {
      cached = { version: this.groupsVersion, groups: [...this.groups.values()].filter((group) => groupVisibleTo(scope, group)), trendSteps: -1, trend: [] };
      this.scopeGroups.set(scopeKey, cached);
    }
    // Trend points are fixed once sampled: summed again only when a step was added (every 10 minutes).
    if (cached.trendSteps !== this.trendSteps.length) {
      cached.trend = sumTrend(cached.groups);
      cached.trendSteps = this.trendSteps.length;
    }
    const granted = scope.superAdmin ? undefined : scope.vehicles;
    if (!granted?.size) return sumFigures(cached.groups, now, this.day, cached.trend, this.tickerFor(scope, cached.groups));
    const groups = [...cached.groups, ...this.grantedFigures(granted, cached)];
    return sumFigures(groups, now, this.day, cached.grantedTrend!, this.tickerFor(scope, groups));
  }

  /**
   * A scope's single granted vehicles whose group it does not already see (so none counts twice),
   * summed per company into groups of their own: their vehicle counts, today's mileage and alarms,
   * energy figures and trend steps. Sets `cached.grantedTrend`. Its cost follows the granted
   * vehicles (at most 1,000 per user), and only these scopes pay it.
   */
  private grantedFigures(granted: ReadonlySet<string>, cached: ScopeCache): GroupFigures[] {
    const visible = (cached.visible ??= new Set(cached.groups));
    const byCompany = new Map<string, GroupFigures>();
    const slots: VehicleSlot[] = [];
    const ids: string[] = [];
    for (const vehicleId of granted) {
      const slot = this.vehicles.get(vehicleId);
      if (!slot || visible.has(slot.group)) continue;
      slots.push(slot);
      ids.push(vehicleId);
      const companyId = slot.group.companyId;
      let figures = byCompany.get(companyId);
      if (!figures) byCompany.set(companyId, (figures = new GroupFigures(`vehicles:${companyId}`, companyId, [], [])));
      countInto(figures, slot, 1);
      figures.mileageHm += slot.dayHm;
      const alarms = slot.alarms;
      if (!alarms) continue;
      figures.alarmTotal += alarms.total;
      for (let i = 0; i < 4; i++) figures.alarmsByLevel[i] += alarms.byLevel[i];
      for (const [type, count] of alarms.byType) figures.alarmsByType.set(type, (figures.alarmsByType.get(type) ?? 0) + count);
      figures.ticker.push(...alarms.ticker);
    }
    // The trend: the visible groups' sum plus each vehicle's own bits, again only on a new step or another set of vehicles.
    const trendKey = `${this.trendSteps.length}#${ids.join(',')}`;
    if (cached.grantedTrendKey !== trendKey) {
      const trend = this.trendSteps.map((at, i) => ({ at, online: cached.trend[i]?.online ?? 0, total: cached.trend[i]?.total ?? 0 }));
      this.trendSteps.forEach((at, i) => {
        const index = this.stepIndex(at);
        for (const slot of slots) {
          if (hasStepBit(slot.presentSteps, index)) trend[i].total++;
          if (hasStepBit(slot.onlineSteps, index)) trend[i].online++;
        }
      });
      cached.grantedTrend = trend;
      cached.grantedTrendKey = trendKey;
    }
    return [...byCompany.values()];
  }

  /** The scope's newest alarms from the shared ring; its groups' own tickers when the ring holds too few of them. */
  private tickerFor(scope: DashboardScope, groups: readonly GroupFigures[]): DashboardTickerAlarm[] {
    const ticker: DashboardTickerAlarm[] = [];
    const granted = scope.superAdmin ? undefined : scope.vehicles;
    for (let i = this.recentAlarms.length - 1; i >= 0 && ticker.length < DASHBOARD_TICKER_SIZE; i--) {
      const { group, vehicleId, item } = this.recentAlarms[i];
      if (groupVisibleTo(scope, group) || (granted !== undefined && vehicleId !== undefined && granted.has(vehicleId))) ticker.push(item);
    }
    if (ticker.length < DASHBOARD_TICKER_SIZE && this.recentAlarms.length >= RECENT_ALARMS) return mergeTickers(groups);
    return ticker;
  }

  /** Forget cached group lists of scopes nobody follows any more. */
  retainScopes(keys: ReadonlySet<string>): void {
    for (const key of this.scopeGroups.keys()) if (!keys.has(key)) this.scopeGroups.delete(key);
  }

  private rollDay(now: number): void {
    if (now < this.nextDayStart) return; // one comparison per event; the date only at midnight
    const day = chinaDate(now);
    this.day = day;
    this.dayStart = chinaDayStart(day);
    this.nextDayStart = this.dayStart + 86_400_000;
    this.trendSteps.length = 0;
    this.recentAlarms.length = 0;
    this.countedAlarms.clear();
    for (const slot of this.vehicles.values()) {
      slot.dayHm = 0;
      slot.alarms = undefined;
      slot.presentSteps = undefined;
      slot.onlineSteps = undefined;
    }
    for (const group of this.groups.values()) group.resetDay();
  }

  private groupOf(key: string, companyId: string, companyPath: readonly string[], fleetPath: readonly string[]): GroupFigures {
    let group = this.groups.get(key);
    if (!group) {
      group = new GroupFigures(key, String(companyId), companyPath.map(String), fleetPath.map(String));
      // A group born mid-day had nothing at the earlier trend steps: zeros keep the steps aligned.
      for (const at of this.trendSteps) group.trend.push({ at, online: 0, total: 0 });
      this.groups.set(key, group);
      this.groupsVersion++;
    }
    return group;
  }

  /** Step index since midnight of a sampled step (bits of a vehicle's trend). */
  private stepIndex(at: number): number {
    return this.stepMs > 0 ? Math.round((at - this.dayStart) / this.stepMs) : 0;
  }

  /** Adds (sign 1) or removes (-1) a vehicle's contribution to its group's counters. */
  private count(slot: VehicleSlot, sign: 1 | -1): void {
    countInto(slot.group, slot, sign);
  }
}

/** A vehicle's contribution to a group's vehicle counters: its own group's, or a scope's granted vehicles'. */
function countInto(group: GroupFigures, slot: VehicleSlot, sign: 1 | -1): void {
  group.total += sign;
  if (slot.online) group.online += sign;
  if (slot.online && slot.moving) group.moving += sign;
  if (slot.province >= 0) group.provinces[slot.province] += sign;
  if (slot.ev) {
    group.evVehicles += sign;
    if (slot.charging) group.charging += sign;
    if (slot.socBucket >= 0) group.socBuckets[slot.socBucket] += sign;
  }
}

/** Sets the slot's province from a position; a point at sea or abroad keeps the last one. */
function locate(slot: VehicleSlot, lon: number, lat: number): void {
  if (slot.placeExact && Math.abs(lon - slot.placeLon) < PLACE_STEP_DEG && Math.abs(lat - slot.placeLat) < PLACE_STEP_DEG) return;
  const answer = provinceOf(lon, lat);
  if (answer.index >= 0) slot.province = answer.index;
  slot.placeLon = lon;
  slot.placeLat = lat;
  slot.placeExact = answer.exact;
}

export function socBucketOf(socPercent: number): number {
  const index = SOC_BUCKET_BOUNDS.findIndex((bound) => socPercent < bound);
  return index < 0 ? SOC_BUCKET_BOUNDS.length - 1 : index;
}
