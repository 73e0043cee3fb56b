import { decodeBody, encodeBody } from '@openfleet/jt808';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { FuelTankSim } = require('./fuel-tank-sim') as { FuelTankSim: new (options?: { siphonRate?: number }) => FuelTankSimLike };

interface FuelTankSimLike {
  levelL: number;
  usedDl: number;
  refuels: number;
  siphons: number;
  step(seconds: number, motion: { mileageKm: number; accOn: boolean; state: string }): void;
  decorate(location: { extras: { id: number; kind: string; value: unknown }[] }): { extras: { id: number; kind: string; value: unknown }[] };
}

describe('simulator --fuel tank', () => {
  it('burns fuel by distance, pumps a low tank full at a stop over minutes, and counts only burnt fuel on the CAN counter', () => {
    const tank = new FuelTankSim({ siphonRate: 0 });
    tank.levelL = 100;
    const motion = { mileageKm: 1000, accOn: true, state: 'driving' };
    tank.step(10, motion);
    motion.mileageKm += 10;
    const used = tank.usedDl;
    tank.step(10, motion);
    expect(tank.levelL).toBeCloseTo(100 - 3 - 10 * (2 / 3600) * 2, 1);
    expect(tank.usedDl - used).toBe(30);
    Object.assign(motion, { state: 'parked', accOn: false });
    const levels: number[] = [];
    for (let i = 0; i < 40; i++) {
      tank.step(30, motion);
      levels.push(tank.levelL);
    }
    expect(tank.refuels).toBe(1);
    // 0.5 L/s: 15 L per 30 s report, up to 95 % of 300 L.
    expect(levels[1] - levels[0]).toBeCloseTo(15, 5);
    expect(levels.at(-1)).toBeCloseTo(285, 5);
    expect(tank.usedDl - used).toBe(30);
  });

  it('siphons a parked vehicle when the dice say so, and the report decodes with litres, height and counter', () => {
    const tank = new FuelTankSim({ siphonRate: 1 });
    tank.levelL = 250;
    const motion = { mileageKm: 1000, accOn: false, state: 'parked' };
    for (let i = 0; i < 40; i++) tank.step(30, motion);
    expect(tank.siphons).toBe(1);
    expect(tank.levelL).toBeLessThanOrEqual(230);
    expect(tank.levelL).toBeGreaterThanOrEqual(210);
    const location = tank.decorate({ extras: [{ id: 0x02, kind: 'fuelL', value: 1 }] });
    const body = encodeBody(0x0200, { alarm: 0, status: 2, latitude: 39.9, longitude: 116.4, altitude: 0, speed: 0, direction: 0, time: new Date(), extras: location.extras } as never, '2013');
    const decoded = (decodeBody(0x0200, body, '2013') as { extras: { id: number; kind: string; value: unknown }[] }).extras;
    expect(decoded.map((extra) => [extra.id, extra.kind])).toEqual([[0x02, 'fuelL'], [0x2b, 'analog'], [0xe1, 'raw']]);
    // One reading (the level with up to 0.8 L of sensor noise) in litres and as the height of a 300 L, 600 mm tank.
    const litres = decoded[0].value as number;
    expect(Math.abs(litres - tank.levelL)).toBeLessThanOrEqual(0.86);
    const ad0 = (decoded[1].value as { ad0: number }).ad0;
    expect(Math.abs(ad0 - (litres / 300) * 600)).toBeLessThanOrEqual(0.61);
    expect(parseInt(decoded[2].value as string, 16)).toBe(tank.usedDl);
  });
});
