import type { ColdChainSettings } from '@openfleet/contracts';
import { inRangePercent, tallyTrips, type TallySample } from './trip-tally';

const RULES: Pick<ColdChainSettings, 'temperature' | 'humidity' | 'tripRanges'> = { temperature: { min: -25, max: -15 }, humidity: { min: null, max: 90 }, tripRanges: [] };
const T0 = 1_700_000_000_000;
const sample = (minute: number, temperature: number, accOn = true, door = false, humidity: number | null = null): TallySample => ({ at: T0 + minute * 60_000, accOn, reading: { temperatures: [temperature], humidities: humidity === null ? [] : [humidity], doors: [door] } });

describe('cold-chain trip tally', () => {
  it('counts each report until the next one, splits trips at ACC off, and gives the time in range', () => {
    const samples = [
      // Trip 1: minutes 0-10, out of range at minutes 3 and 4 (2 of 10 minutes), door open at minute 5.
      ...[-18, -18, -18, -12, -13, -18, -18, -18, -18, -18, -18].map((value, minute) => sample(minute, value, true, minute === 5)),
      sample(11, -18, false),
      // Trip 2: minutes 20-22, humidity above 90 at minute 20.
      sample(20, -18, true, false, 95),
      sample(21, -18, true, false, 80),
      sample(22, -18, true, false, 80),
    ];
    const trips = tallyTrips(samples, RULES);
    expect(trips).toEqual([
      { startedAt: T0, endedAt: T0 + 10 * 60_000, measuredS: 600, inRangeS: 480, doorOpenS: 60, minTemperature: -18, maxTemperature: -12 },
      { startedAt: T0 + 20 * 60_000, endedAt: T0 + 22 * 60_000, measuredS: 120, inRangeS: 60, doorOpenS: 0, minTemperature: -18, maxTemperature: -18 },
    ]);
    expect(trips.map(inRangePercent)).toEqual([80, 50]);
  });

  it('caps a silent terminal’s report at five minutes and starts a new trip after ten', () => {
    const trips = tallyTrips([sample(0, -18), sample(8, -18), sample(30, -18), sample(31, -18)], RULES);
    expect(trips.map((trip) => [trip.measuredS, trip.inRangeS])).toEqual([[300, 300], [60, 60]]);
  });
});
