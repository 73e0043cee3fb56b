import { DASHBOARD_TICKER_SIZE, type DashboardTickerAlarm } from '@openfleet/contracts';

/**
 * One vehicle's alarms of today: what a scope granted the vehicle alone (not its group) adds.
 * Kept only for vehicles with an alarm today, dropped at midnight.
 */
export interface VehicleAlarms {
  total: number;
  readonly byLevel: number[];
  readonly byType: Map<string, number>;
  /** Newest last; at most DASHBOARD_TICKER_SIZE. */
  readonly ticker: DashboardTickerAlarm[];
}

export function countVehicleAlarm(alarms: VehicleAlarms | undefined, type: string, level: number, tickerItem: DashboardTickerAlarm | undefined): VehicleAlarms {
  const counted: VehicleAlarms = alarms ?? { total: 0, byLevel: [0, 0, 0, 0], byType: new Map<string, number>(), ticker: [] };
  counted.total++;
  if (level >= 0 && level < counted.byLevel.length) counted.byLevel[level]++;
  counted.byType.set(type, (counted.byType.get(type) ?? 0) + 1);
  if (tickerItem) {
    counted.ticker.push(tickerItem);
    if (counted.ticker.length > DASHBOARD_TICKER_SIZE) counted.ticker.shift();
  }
  return counted;
}

/**
 * Trend steps of today as bits (step index since midnight): whether a vehicle was registered, and
 * online, at each sampled step. 144 steps of 10 minutes fit in five numbers per vehicle.
 */
export function setStepBit(words: number[] | undefined, index: number): number[] {
  const out = words ?? [];
  const word = index >>> 5;
  for (let i = out.length; i < word; i++) out.push(0); // no holes: the array stays packed
  out[word] = (out[word] ?? 0) | (1 << (index & 31));
  return out;
}

export function hasStepBit(words: readonly number[] | undefined, index: number): boolean {
  return words !== undefined && ((words[index >>> 5] ?? 0) & (1 << (index & 31))) !== 0;
}
