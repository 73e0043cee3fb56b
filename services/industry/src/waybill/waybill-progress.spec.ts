import { advance, progressChanges, PROGRESS_LEAD_MS, type WaybillPlan, type WaybillProgress } from './waybill-progress';

// Origin and destination about 11 km apart on one meridian; 0.001° of latitude is about 111 m.
const plan: WaybillPlan = {
  origin: { name: 'yard', longitude: 116.3, latitude: 39.9, radiusM: 200 },
  destination: { name: 'port', longitude: 116.3, latitude: 40.0, radiusM: 200 },
  plannedDepartAt: 1_000_000_000_000,
  plannedArriveAt: 1_000_000_000_000 + 3_600_000,
};
const start: WaybillProgress = { status: 'planned', late: false, seenAtOrigin: false, departedAt: null, arrivedAt: null };
const t = (minutes: number) => plan.plannedDepartAt + minutes * 60_000;
const run = (steps: [minutes: number, lat: number][]) => steps.reduce((p, [m, lat]) => advance(plan, p, t(m), 116.3, lat), start);

describe('waybill progress', () => {
  it('departs when it leaves the origin radius after being in it, and arrives on time inside the destination', () => {
    expect(run([[-10, 39.9], [0, 39.9015]])).toEqual({ ...start, seenAtOrigin: true });
    const departed = run([[-10, 39.9], [0, 39.9015], [1, 39.9025]]);
    expect(departed).toEqual({ status: 'onTheWay', late: false, seenAtOrigin: true, departedAt: t(1), arrivedAt: null });
    expect(run([[-10, 39.9], [1, 39.95], [50, 39.9985]])).toEqual({ status: 'arrived', late: false, seenAtOrigin: true, departedAt: t(1), arrivedAt: t(50) });
  });

  it('is late once the planned arrival passed, and arrives late', () => {
    const late = run([[-10, 39.9], [1, 39.95], [61, 39.97]]);
    expect(late).toMatchObject({ status: 'onTheWay', late: true });
    expect(run([[-10, 39.9], [1, 39.95], [60, 39.97]]).late).toBe(false);
    expect(advance(plan, late, t(70), 116.3, 40.0)).toEqual({ status: 'arrived', late: true, seenAtOrigin: true, departedAt: t(1), arrivedAt: t(70) });
  });

  it('does not depart a vehicle never seen at the origin, but arrives it', () => {
    expect(run([[5, 39.95]])).toEqual(start);
    expect(run([[5, 39.95], [30, 40.0]])).toEqual({ ...start, status: 'arrived', arrivedAt: t(30) });
  });

  it('ignores positions before the lead, before the departure, and after the arrival', () => {
    const early = advance(plan, start, plan.plannedDepartAt - PROGRESS_LEAD_MS - 1, 116.3, 39.9);
    expect(early).toBe(start);
    expect(advance(plan, start, plan.plannedDepartAt - PROGRESS_LEAD_MS, 116.3, 39.9).seenAtOrigin).toBe(true);
    const departed = run([[-10, 39.9], [5, 39.95]]);
    expect(advance(plan, departed, t(4), 116.3, 40.0)).toBe(departed);
    const arrived = run([[-10, 39.9], [5, 39.95], [30, 40.0]]);
    expect(advance(plan, arrived, t(90), 116.3, 39.9)).toBe(arrived);
  });

  it('lists only the changed fields', () => {
    expect(progressChanges(start, { ...start, status: 'onTheWay', departedAt: 5 })).toEqual({ status: 'onTheWay', departedAt: 5 });
    expect(progressChanges(start, start)).toEqual({});
  });
});
