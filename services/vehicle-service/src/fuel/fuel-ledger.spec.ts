import { chinaDayStartOf, DEFAULT_FUEL_THRESHOLDS } from '@openfleet/contracts';
import { applyLedger, consumedOf, emptyLedgerState, type LedgerInput, type LedgerOutput } from './fuel-ledger';

// 23:55 China time: the series crosses midnight.
const T0 = chinaDayStartOf(Date.UTC(2026, 0, 5, 4)) + 86_400_000 - 5 * 60_000;

function feed(steps: Partial<LedgerInput>[]): { outputs: LedgerOutput[]; state: ReturnType<typeof emptyLedgerState> } {
  const state = emptyLedgerState();
  const outputs = steps.map((step, index) =>
    applyLedger(state, { at: T0 + index * 10_000, litres: [100], canTotalL: null, stopped: false, accOn: true, mileageKm: 1000 + index * 0.2, latitude: 39.9, longitude: 116.4, ...step }, DEFAULT_FUEL_THRESHOLDS, 0),
  );
  return { outputs, state };
}

describe('fuel ledger', () => {
  it('closes the day at China midnight and starts the next from the level and odometer it ended with', () => {
    const { outputs, state } = feed(Array.from({ length: 60 }, (_, i) => ({ litres: [100 - i * 0.1], canTotalL: 500 + i * 0.1 })));
    const closed = outputs.find((o) => o.closedDay)!.closedDay!;
    expect(closed.day).toBe('2026-01-05');
    expect(state.day!.day).toBe('2026-01-06');
    expect(state.day!.firstL).toBe(closed.lastL);
    expect(state.day!.firstOdometerKm).toBe(closed.lastOdometerKm);
    expect(state.day!.canFirstL).toBe(closed.canLastL);
    expect(outputs.filter((o) => o.closedDay)).toHaveLength(1);
  });

  it('closes a trip when ACC goes off and counts only trips that moved', () => {
    const moved = feed([...Array.from({ length: 10 }, () => ({})), { accOn: false, stopped: true }]);
    const trip = moved.outputs[10].closedTrip!;
    expect(trip.lastOdometerKm - trip.firstOdometerKm).toBeCloseTo(2, 5);
    const idle = feed([...Array.from({ length: 10 }, () => ({ mileageKm: 1000 })), { accOn: false, stopped: true, mileageKm: 1000 }]);
    expect(idle.outputs.some((o) => o.closedTrip)).toBe(false);
  });

  it('thins the curve to a point a minute unless the level moves 2 L', () => {
    const { outputs } = feed(Array.from({ length: 13 }, () => ({})));
    expect(outputs.map((o, i) => (o.curvePoint ? i : -1)).filter((i) => i >= 0)).toEqual([0, 6, 12]);
  });

  it('books a refuel in the day and computes consumption net of refuels and losses', () => {
    const { state } = feed([
      ...Array.from({ length: 5 }, () => ({ litres: [100], stopped: true, accOn: false, mileageKm: 1000 })),
      ...Array.from({ length: 5 }, (_, i) => ({ litres: [100 + (i + 1) * 20], stopped: true, accOn: false, mileageKm: 1000 })),
      ...Array.from({ length: 20 }, () => ({ litres: [200], stopped: true, accOn: false, mileageKm: 1000 })),
    ]);
    const day = state.day!;
    expect(day.refuelledL).toBe(100);
    expect(consumedOf(day)).toBe(0);
    expect(consumedOf({ firstL: 100, lastL: 150, refuelledL: 80, lossL: 10 })).toBe(20);
  });
});
