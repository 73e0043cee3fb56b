import type { FuelCurve, FuelEventView } from '@openfleet/contracts/vehicle-service';
import { fuelCurveSeries } from './fuel-curve-series';
import { fuelFilter, fuelFilterProblem, lastWeek } from './fuel-filter';

const event = (kind: 'refuel' | 'theft', startedAt: number, endedAt: number, litresBefore: number, litresAfter: number): FuelEventView => ({
  id: startedAt, vehicleId: '1', plateCode: '京A1', companyId: '1', kind, startedAt, endedAt, amountL: Math.abs(litresAfter - litresBefore), litresBefore, litresAfter, latitude: 39.9, longitude: 116.4, whileStopped: true,
});

const curve: FuelCurve = {
  vehicleId: '1',
  // Out of order and with a repeated instant: the line is sorted, one point per instant (the later value wins).
  points: [{ at: 3000, litres: 120 }, { at: 1000, litres: 60 }, { at: 2000, litres: 58 }, { at: 2000, litres: 59 }, { at: 4000, litres: 90 }],
  events: [event('theft', 3500, 4000, 120, 90), event('refuel', 2000, 3000, 59, 120), event('refuel', 100, 500, 10, 60)],
};

describe('fuel curve series', () => {
  it('sorts the line and keeps one point per instant', () => {
    expect(fuelCurveSeries(curve).line).toEqual([[1000, 60], [2000, 59], [3000, 120], [4000, 90]]);
  });

  it('puts each marker where the level settled, refuels and thefts apart', () => {
    const { refuels, thefts } = fuelCurveSeries(curve);
    expect(refuels.map((m) => [m.x, m.y, m.amountL])).toEqual([[500, 60, 50], [3000, 120, 61]]);
    expect(thefts.map((m) => [m.x, m.y, m.amountL])).toEqual([[4000, 90, 30]]);
  });

  it('puts the marker at the top of the rise when the curve settles before the detector confirms', () => {
    const early = { ...curve, points: [...curve.points, { at: 2500, litres: 119.5 }] };
    expect(fuelCurveSeries(early).refuels.map((m) => [m.x, m.y])).toEqual([[500, 60], [2500, 119.5]]);
    // A point short of the new level (more than a tenth of the change away) is still on the way up.
    const halfway = { ...curve, points: [...curve.points, { at: 2500, litres: 100 }] };
    expect(fuelCurveSeries(halfway).refuels.map((m) => m.x)).toEqual([500, 3000]);
  });

  it('leaves out events settled outside the drawn window', () => {
    const { refuels, thefts } = fuelCurveSeries(curve, { from: 1000, to: 3500 });
    expect(refuels.map((m) => m.x)).toEqual([3000]);
    expect(thefts).toEqual([]);
  });

  it('draws nothing before the answer', () => {
    expect(fuelCurveSeries(undefined)).toEqual({ line: [], refuels: [], thefts: [] });
  });
});

describe('fuel filter', () => {
  it('asks whole China days, unset ids left out, the plate trimmed', () => {
    expect(fuelFilter({ from: '2026-11-01', to: '2026-11-07', companyId: '', fleetId: '9' }, ' 京A ')).toEqual({
      startTime: '2026-11-01 00:00:00', endTime: '2026-11-07 23:59:59', fleetId: '9', plateCode: '京A',
    });
  });

  it('refuses more than 31 days, or an end before the start', () => {
    expect(fuelFilterProblem({ from: '2026-11-01', to: '2026-12-01', companyId: '', fleetId: '' })).toBeNull();
    expect(fuelFilterProblem({ from: '2026-11-01', to: '2026-12-02', companyId: '', fleetId: '' })).toBe('fuel.windowLimit');
    expect(fuelFilterProblem({ from: '2026-11-02', to: '2026-11-01', companyId: '', fleetId: '' })).toBe('vehicleService.endBeforeStart');
  });

  it('starts on the last seven China days (China midnight, not UTC)', () => {
    // 2026-11-27 17:00 UTC is already 2026-11-28 in China.
    expect(lastWeek(Date.UTC(2026, 10, 27, 17, 0))).toMatchObject({ from: '2026-11-22', to: '2026-11-28' });
  });
});
