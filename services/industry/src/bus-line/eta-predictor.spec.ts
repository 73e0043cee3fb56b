import { straightLine } from './bus-line.fixtures';
import { FALLBACK_DWELL_S, FALLBACK_SPEED_MS, predictArrivals, SegmentTimes, type SegmentSample } from './eta-predictor';
import { newVehicleState } from './stop-detector';

const line = straightLine(4);
const DAY = 86_400_000;
/** 08:00 China time on the last training day. */
const EIGHT = Date.UTC(2026, 10, 2, 0, 0, 0);
const sample = (kind: 'run' | 'dwell', seq: number, startedAt: number, durationS: number): SegmentSample => ({ direction: 'up', kind, seq, startedAt, durationS });

/** Three days: at 08:xx runs take 100/110/120 s (median 110), at 14:xx 60 s; dwells 30 s at 08:xx. */
function history(): SegmentTimes {
  const samples: SegmentSample[] = [];
  for (let day = 0; day < 3; day++) {
    for (let seq = 0; seq < 3; seq++) {
      samples.push(sample('run', seq, EIGHT - day * DAY + 60_000, [100, 110, 120][day]));
      samples.push(sample('run', seq, EIGHT - day * DAY + 6 * 3_600_000, 60));
      samples.push(sample('dwell', seq, EIGHT - day * DAY + 60_000, 30));
    }
  }
  return new SegmentTimes(samples);
}

describe('arrival-time prediction', () => {
  it('adds the hour medians of the runs and dwells ahead, from the remaining dwell at a stop', () => {
    const state = { ...newVehicleState(1, 'up'), seq: 0, atStop: true, arrivals: { 0: EIGHT + DAY }, lastAt: EIGHT + DAY };
    const now = EIGHT + DAY + 10_000; // 10 s into a 30 s dwell
    const etas = predictArrivals(line.up, state, now, history(), 0);
    // leaves at +30 s; stop 1 at +140 s, stop 2 at +140+30+110 = +280 s, stop 3 at +420 s.
    expect(etas.map((eta) => [eta.stopId, (eta.at - EIGHT - DAY) / 1000, eta.source])).toEqual([
      ['U2', 140, 'hour'],
      ['U3', 280, 'hour'],
      ['U4', 420, 'hour'],
    ]);
  });

  it('takes the remaining share of the run the bus is on, at the hour it set off', () => {
    const departedAt = EIGHT + DAY + 6 * 3_600_000;
    const state = { ...newVehicleState(1, 'up'), seq: 1, atStop: false, departedAt, arrivals: { 1: departedAt - 30_000 }, lastAt: departedAt + 20_000 };
    const etas = predictArrivals(line.up, state, departedAt + 20_000, history(), 0.25);
    // 14:00: runs 60 s, 75 % left = 45 s; no dwell learnt at 14:xx, so all hours' median (30 s), then 60 s.
    expect(etas.map((eta) => (eta.at - departedAt) / 1000)).toEqual([65, 155]);
  });

  it('falls back to all hours with too few samples in the hour, then to distance at the default speed', () => {
    const times = new SegmentTimes([sample('run', 0, EIGHT, 200), sample('run', 0, EIGHT + 3_600_000, 300), sample('run', 0, EIGHT + 7_200_000, 400)]);
    const state = { ...newVehicleState(1, 'up'), seq: 0, atStop: false, departedAt: EIGHT + 7_200_000, lastAt: EIGHT + 7_200_000 };
    const [first, second] = predictArrivals(line.up, state, EIGHT + 7_200_000, times, 0);
    expect([(first.at - state.departedAt) / 1000, first.source]).toEqual([300, 'all']);
    // Stop 1 -> 2 never seen: 1 km at 5 m/s after the default dwell.
    expect(second.source).toBe('speed');
    expect((second.at - first.at) / 1000).toBeCloseTo(FALLBACK_DWELL_S + 1000 / FALLBACK_SPEED_MS, 0);
  });

  it('predicts nothing before the bus has reached a stop, nor after the last', () => {
    expect(predictArrivals(line.up, newVehicleState(1, 'up'), EIGHT, history(), 0)).toEqual([]);
    expect(predictArrivals(line.up, { ...newVehicleState(1, 'up'), seq: 3, atStop: true }, EIGHT, history(), 0)).toEqual([]);
  });
});
