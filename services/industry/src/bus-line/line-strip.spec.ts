import { east, straightLine } from './bus-line.fixtures';
import { SegmentTimes } from './eta-predictor';
import { buildStrip } from './line-strip';
import { newVehicleState, type BusVehicleState } from './stop-detector';

const line = straightLine(5);
const T = Date.UTC(2026, 10, 2, 0, 0, 0);
const bus = (vehicleId: string, seq: number, metres: number, arrivals: Record<number, number>, atStop = false): { vehicleId: string; plateCode: string; state: BusVehicleState } => ({
  vehicleId,
  plateCode: `浙A${vehicleId}`,
  state: { ...newVehicleState(1, 'up'), seq, atStop, arrivals, departedAt: atStop ? 0 : T, lastAt: T, longitude: east(metres), latitude: 30 },
});

describe('line strip', () => {
  // A reached stop 0 at 0 s and stop 3 at 900 s; B reached stop 0 at 600 s and stop 2 at 1300 s; C stop 0 at 700 s.
  const inputs = [
    bus('A', 3, 3000, { 0: T, 3: T + 900_000 }, true),
    bus('B', 2, 2500, { 0: T + 600_000, 2: T + 1_300_000 }),
    bus('C', 0, 400, { 0: T + 700_000 }),
  ];
  const vehicle = (strip: ReturnType<typeof buildStrip>, id: string) => strip.vehicles.find((v) => v.vehicleId === id)!;

  it('places each bus between its stops and measures headways at the last stop both reached', () => {
    const strip = buildStrip(line, inputs, new SegmentTimes([]), T + 1_400_000, null);
    expect(vehicle(strip, 'B')).toMatchObject({ seq: 2, atStop: false, fraction: 0.5 });
    expect(vehicle(strip, 'A')).toMatchObject({ atStop: true, fraction: 0, headwayS: null });
    // B behind A: A never recorded stop 2 on this trip, so no common stop; C behind B: both at stop 0, 100 s apart.
    expect(vehicle(strip, 'B').headwayS).toBeNull();
    expect(vehicle(strip, 'C').headwayS).toBe(100);
  });

  it('marks bunching under half the scheduled headway, or of the live median without one', () => {
    const withArrivals = inputs.map((input) => (input.vehicleId === 'A' ? { ...input, state: { ...input.state, arrivals: { ...input.state.arrivals, 2: T + 600_000 } } } : input));
    const scheduled = buildStrip(line, withArrivals, new SegmentTimes([]), T + 1_400_000, 600);
    expect(vehicle(scheduled, 'B').headwayS).toBe(700);
    expect(scheduled.vehicles.map((v) => [v.vehicleId, v.bunched])).toEqual([['A', false], ['B', false], ['C', true]]);
    const live = buildStrip(line, withArrivals, new SegmentTimes([]), T + 1_400_000, null);
    // Median of 700 and 100 is 400: C (100 s) is under 200 s.
    expect(live.referenceHeadwayS).toBe(400);
    expect(vehicle(live, 'C').bunched).toBe(true);
    expect(vehicle(live, 'B').bunched).toBe(false);
  });
});
