import { east, straightLine } from './bus-line.fixtures';
import { applyPosition, newVehicleState, type StopEvent } from './stop-detector';

const line = straightLine(4);
const T0 = Date.UTC(2026, 10, 2, 0, 0, 0); // 08:00 China time
// `north`: metres off the line (a detour round a stop).
const at = (s: number, metres: number, north = 0) => ({ at: T0 + s * 1000, longitude: east(metres), latitude: 30 + north / 111_195 });
const drive = (points: [number, number, number?][], state = newVehicleState(1, 'up')) => {
  const events: StopEvent[] = [];
  for (const [s, m, north] of points) events.push(...applyPosition(line, state, at(s, m, north)));
  return { events, state };
};
const seconds = (ms: number) => (ms - T0) / 1000;
const brief = (events: StopEvent[]) => events.map((e) => (e.kind === 'run' ? `run${e.seq}:${e.durationS}` : `${e.kind}${e.seq}@${seconds(e.at)}`));

describe('stop detector', () => {
  it('marks arrival at the first position inside a radius and departure at the last, with run times between', () => {
    const { events, state } = drive([[0, -200], [10, 0], [30, 10], [40, 100], [100, 700], [140, 990], [160, 1005], [170, 1100]]);
    expect(brief(events)).toEqual(['arrive0@10', 'depart0@30', 'run0:110', 'arrive1@140', 'depart1@160']);
    expect(state).toMatchObject({ direction: 'up', seq: 1, atStop: false, departedAt: T0 + 160_000 });
  });

  it('sees a stop passed between two positions, arrived at and left at the crossing', () => {
    const { events } = drive([[0, 0], [10, 40], [110, 1040]]);
    // 40 m at 10 s -> 1040 m at 110 s: 1000 m crossed 96 s after 10 s.
    expect(brief(events)).toEqual(['arrive0@0', 'depart0@0', 'run0:106', 'arrive1@106', 'depart1@106']);
  });

  it('notes a skipped stop: one entered after a gap, the stops between skipped and no run learnt', () => {
    const { events } = drive([[0, 0], [20, 100], [100, 900, 200], [200, 1100, 200], [300, 2010]]);
    expect(brief(events)).toEqual(['arrive0@0', 'depart0@0', 'skip1@300', 'arrive2@300']);
  });

  it('turns at the last stop to the other direction, whose first stop is arrived at on the way back', () => {
    const { events, state } = drive([[0, 2990], [20, 3000], [40, 2995], [60, 2900], [80, 2000]]);
    // The terminus U4 is also D1: arrived at with U4, left with it (the layover is D1's dwell).
    expect(brief(events)).toEqual(['arrive3@0', 'depart3@40', 'arrive0@0', 'depart0@40', 'run0:40', 'arrive1@80']);
    expect(events.filter((e) => e.kind === 'arrive').map((e) => e.direction)).toEqual(['up', 'down', 'down']);
    expect(state).toMatchObject({ direction: 'down', seq: 1 });
  });

  it('ignores a position not newer than the last (a replayed batch)', () => {
    const { state } = drive([[0, 0], [10, 100]]);
    expect(applyPosition(line, state, at(10, 1000))).toEqual([]);
    expect(applyPosition(line, state, at(5, 1000))).toEqual([]);
    expect(state.seq).toBe(0);
  });

  it('loses the trip after a long silence: the next stop is taken wherever the bus is', () => {
    const { state } = drive([[0, 0], [10, 100]]);
    const events = applyPosition(line, state, at(10 + 3600, 2000));
    expect(brief(events)).toEqual(['arrive2@3610']);
  });
});
