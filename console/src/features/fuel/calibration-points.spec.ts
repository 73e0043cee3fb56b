import { nextDraft, pointProblems, pointsToSave } from './calibration-points';
import { exceedingOf } from './calibration-refusal';

const tank = { capacity: 300, height: 600 };
const d = (level: number | string, height: number | string, quantity: number | string) => ({ level: String(level), height: String(height), quantity: String(quantity) });

describe('calibration points', () => {
  it('accepts a table that grows with the level and fits the tank, and saves it sorted by level', () => {
    const drafts = [d(2, 400, 200), d(0, 0, 0), d(1, 200, 90.5)];
    expect(pointProblems(drafts, tank)).toEqual([null, null, null]);
    expect(pointsToSave(drafts, tank)?.map((p) => p.level)).toEqual([0, 1, 2]);
  });

  it('marks a point above the capacity or the height as 3002 (exceedsTank), at the boundary still fine', () => {
    expect(pointProblems([d(0, 600, 300)], tank)).toEqual([null]);
    expect(pointProblems([d(0, 600, 300.01)], tank)).toEqual(['fuel.calibration.exceedsTank']);
    expect(pointProblems([d(0, 601, 10)], tank)).toEqual(['fuel.calibration.exceedsTank']);
    expect(pointsToSave([d(0, 601, 10)], tank)).toBeNull();
  });

  it('marks repeated levels and litres that fall as the level rises', () => {
    expect(pointProblems([d(0, 0, 0), d(0, 10, 5)], tank)).toEqual([null, 'fuel.calibration.notMonotonic']);
    expect(pointProblems([d(0, 0, 50), d(1, 10, 40)], tank)).toEqual([null, 'fuel.calibration.notMonotonic']);
    expect(pointProblems([d(0, 0, 'x')], tank)).toEqual(['fuel.calibration.badNumber']);
  });

  it('adds the next point one level and one mm above the last', () => {
    expect(nextDraft([d(0, 0, 0), d(4, 120, 60)])).toEqual(d(5, 121, 60));
    expect(nextDraft([])).toEqual(d(0, 0, 0));
  });
});

describe('3002 from the calibration API', () => {
  it('names the point a save was refused for', () => {
    expect(exceedingOf({ level: 3, height: 700, quantity: 10 })).toEqual({ point: { height: 700, quantity: 10 } });
  });

  it('names the rows an import was refused for', () => {
    expect(exceedingOf([{ row: 4, reasons: ['3002: above the tank'] }, { row: 2, reasons: [] }])).toEqual({ rows: [2, 4] });
  });

  it('says nothing about data it does not know', () => {
    expect(exceedingOf(undefined)).toEqual({});
    expect(exceedingOf('x')).toEqual({});
  });
});
