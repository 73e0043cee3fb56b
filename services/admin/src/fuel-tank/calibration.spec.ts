import { AppError } from '@openfleet/errors';
import { checkCalibration } from './calibration';

const tank = { capacity: 400, height: 600 };

function codeOf(action: () => unknown): number | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return (error as AppError).errorCode;
  }
}

describe('checkCalibration', () => {
  it('answers the points sorted by level when they fit the tank', () => {
    const points = checkCalibration(tank, [
      { level: 50, quantity: 200, height: 300 },
      { level: 0, quantity: 0, height: 0 },
      { level: 100, quantity: 400, height: 600 },
    ]);
    expect(points.map((p) => p.level)).toEqual([0, 50, 100]);
  });

  it('rejects oil above the capacity or a height above the tank with 3002', () => {
    expect(codeOf(() => checkCalibration(tank, [{ level: 1, quantity: 400.5, height: 10 }]))).toBe(3002);
    expect(codeOf(() => checkCalibration(tank, [{ level: 1, quantity: 10, height: 601 }]))).toBe(3002);
  });

  it('rejects repeated levels and oil that decreases as the level rises with 400', () => {
    expect(codeOf(() => checkCalibration(tank, [{ level: 1, quantity: 1, height: 1 }, { level: 1, quantity: 2, height: 2 }]))).toBe(400);
    expect(codeOf(() => checkCalibration(tank, [{ level: 1, quantity: 5, height: 1 }, { level: 2, quantity: 4, height: 2 }]))).toBe(400);
  });
});
