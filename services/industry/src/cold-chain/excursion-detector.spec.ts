import type { ColdChainReading, ColdChainSettings } from '@openfleet/contracts';
import { applySample, emptyColdChainState, type ExcursionChange } from './excursion-detector';

const RULES: Pick<ColdChainSettings, 'temperature' | 'humidity' | 'minDurationS' | 'doorMovingS' | 'doorOpenMaxS' | 'tripRanges'> = {
  temperature: { min: -25, max: -15 },
  humidity: { min: null, max: null },
  minDurationS: 300,
  doorMovingS: 0,
  doorOpenMaxS: 600,
  tripRanges: [],
};
const T0 = 1_700_000_000_000;
const reading = (temperature: number, door = false): ColdChainReading => ({ temperatures: [temperature, -18], humidities: [], doors: [door] });

/** One report a minute: [temperature, speed km/h, door open]. */
function run(steps: [number, number, boolean][], rules = RULES): ExcursionChange[] {
  const state = emptyColdChainState();
  return steps.flatMap(([temperature, speedKmh, door], index) => applySample(state, { at: T0 + index * 60_000, reading: reading(temperature, door), speedKmh, latitude: 31, longitude: 121 }, rules));
}

describe('excursion detector', () => {
  it('an excursion longer than the minimum starts when the value first left the range and ends at the first report back', () => {
    // Above -15 from minute 2 to minute 7 (5 min = the minimum at minute 7), back at minute 8.
    const changes = run([[-18, 40, false], [-17, 40, false], [-14, 40, false], [-12, 40, false], [-10, 40, false], [-9.5, 40, false], [-11, 40, false], [-13, 40, false], [-18, 40, false]]);
    expect(changes).toEqual([
      expect.objectContaining({ type: 'coldChainTooWarm', phase: 'start', startedAt: T0 + 2 * 60_000, endedAt: null, probe: 1 }),
      expect.objectContaining({ type: 'coldChainTooWarm', phase: 'end', startedAt: T0 + 2 * 60_000, endedAt: T0 + 8 * 60_000, probe: 1, extreme: -9.5 }),
    ]);
  });

  it('a spell shorter than the minimum leaves nothing', () => {
    // Above -15 from minute 1 to minute 4 (3 minutes, under the 5 of the minimum), back at minute 5.
    expect(run([[-18, 0, false], [-14, 0, false], [-13, 0, false], [-12, 0, false], [-14, 0, false], [-18, 0, false], [-18, 0, false]])).toEqual([]);
  });

  it('too cold counts the lowest probe; a missing probe value does not end it', () => {
    const state = emptyColdChainState();
    const changes = [-30, -31, -32, -33, -30, -29, -28].flatMap((value, index) => applySample(state, { at: T0 + index * 60_000, reading: { temperatures: [-18, value], humidities: [], doors: [] }, speedKmh: 0, latitude: 0, longitude: 0 }, RULES));
    expect(changes).toEqual([expect.objectContaining({ type: 'coldChainTooCold', phase: 'start', startedAt: T0, probe: 2, extreme: -33 })]);
    // A report with no temperature at all keeps the excursion open; the next in-range one ends it.
    applySample(state, { at: T0 + 8 * 60_000, reading: { temperatures: [], humidities: [], doors: [false] }, speedKmh: 0, latitude: 0, longitude: 0 }, RULES);
    expect(applySample(state, { at: T0 + 9 * 60_000, reading: { temperatures: [-18, -20], humidities: [], doors: [] }, speedKmh: 0, latitude: 0, longitude: 0 }, RULES)).toEqual([
      expect.objectContaining({ type: 'coldChainTooCold', phase: 'end', endedAt: T0 + 9 * 60_000, extreme: -33 }),
    ]);
  });

  it('a door open while moving alarms at once and ends when the door closes; open at a stop only after doorOpenMaxS', () => {
    const moving = run([[-18, 30, false], [-18, 30, true], [-18, 30, true], [-18, 30, false]]);
    expect(moving).toEqual([
      expect.objectContaining({ type: 'coldChainDoorOpenMoving', phase: 'start', startedAt: T0 + 60_000 }),
      expect.objectContaining({ type: 'coldChainDoorOpenMoving', phase: 'end', endedAt: T0 + 3 * 60_000 }),
    ]);
    // Open 9 minutes at a stop: nothing; 10 minutes: too long, from the opening.
    expect(run(Array.from({ length: 10 }, (_, i) => [-18, 0, i >= 1] as [number, number, boolean]))).toEqual([]);
    expect(run(Array.from({ length: 12 }, (_, i) => [-18, 0, i >= 1] as [number, number, boolean]))).toEqual([expect.objectContaining({ type: 'coldChainDoorOpenTooLong', phase: 'start', startedAt: T0 + 60_000 })]);
  });

  it('a trip range replaces the vehicle’s while it lasts, and a replayed report changes nothing', () => {
    const rules = { ...RULES, minDurationS: 0, tripRanges: [{ label: 'chilled', from: T0, to: T0 + 10 * 60_000, temperature: { min: 0, max: 4 }, humidity: { min: null, max: null } }] };
    const state = emptyColdChainState();
    const sample = { at: T0, reading: { temperatures: [-18], humidities: [], doors: [] }, speedKmh: 0, latitude: 0, longitude: 0 };
    expect(applySample(state, sample, rules)).toEqual([expect.objectContaining({ type: 'coldChainTooCold', phase: 'start' })]);
    expect(applySample(state, sample, rules)).toEqual([]);
    // After the trip range, -18 is within the vehicle's -25..-15.
    expect(applySample(state, { ...sample, at: T0 + 11 * 60_000 }, rules)).toEqual([expect.objectContaining({ type: 'coldChainTooCold', phase: 'end' })]);
  });
});
