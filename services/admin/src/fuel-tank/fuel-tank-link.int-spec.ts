// The vehicle -> fuel tank link on SQLite and MariaDB: at most two calibrated tanks (1031, 1032),
// each change published on admin.vehicle-fuel-tanks.v1 with the tables; a calibration table
// imported from xlsx with its row errors (5005) and points above the tank (3002), nothing written
// on either.
import { Topics, type VehicleFuelTanks } from '@openfleet/contracts';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp } from '../../test/admin-test-app';

jest.setTimeout(60_000);

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('calibration');
  ws.addRow(['液位', '高度(mm)', '油量(L)']);
  rows.forEach((row) => ws.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(['sqlite', 'mysql'] as const)('fuel tank link on %s', (engine) => {
  let test: AdminTestApp;
  let token: string;
  const published: VehicleFuelTanks[] = [];
  const call = async (method: 'get' | 'post' | 'put', path: string, body?: object) => (await test.http()[method](path).set('Authorization', token).send(body).expect((r) => r.status < 500)).body;
  const upload = async (tankId: number, file: Buffer) => (await test.http().post(`/basic/fuel-tank/${tankId}/calibration/import`).set('Authorization', token).attach('file', file, 'calibration.xlsx')).body;

  beforeAll(async () => {
    test = await startAdmin(engine);
    await test.bus.subscribe(Topics.vehicleFuelTanks, { group: 'probe', handle: async (messages) => void published.push(...messages.map((m) => m.value)) });
    token = await loginAs(test, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => test?.close());

  it('imports a table, fits at most two calibrated tanks to a vehicle and publishes them', async () => {
    const tank = (await call('post', '/basic/fuel-tank', { name: '主油箱', capacity: 200, height: 500 })).data.id as number;
    const spare = (await call('post', '/basic/fuel-tank', { name: '副油箱', capacity: 100, height: 400 })).data.id as number;
    const blank = (await call('post', '/basic/fuel-tank', { name: '空油箱', capacity: 100, height: 400 })).data.id as number;
    const vehicle = (await call('post', '/basic/vehicle', { plateCode: '京F00001', plateColor: 2, vehicleType: 1 })).data.id as number;

    // A bad row (5005) and a point above the tank (3002): nothing written.
    const bad = await upload(tank, await sheet([[0, 0, 0], [1, 'x', 10], [2, 600, 50]]));
    expect(bad).toMatchObject({ flag: false, errorCode: 5005 });
    expect(bad.data.map((p: { row: number }) => p.row)).toEqual([3, 4]);
    expect(await upload(tank, await sheet([[0, 0, 0], [2, 600, 50]]))).toMatchObject({ flag: false, errorCode: 3002, data: [{ row: 3 }] });
    expect((await call('get', `/basic/fuel-tank/${tank}/calibration`)).data).toEqual([]);
    const imported = await upload(tank, await sheet([[10, 500, 200], [0, 0, 0], [5, 250, 90]]));
    expect(imported.data.map((p: { height: number; quantity: number }) => [p.height, p.quantity])).toEqual([[0, 0], [250, 90], [500, 200]]);
    await call('put', `/basic/fuel-tank/${spare}/calibration`, { points: [{ level: 0, height: 0, quantity: 0 }, { level: 1, height: 400, quantity: 100 }] });

    expect(await call('put', `/basic/vehicle-fuel-tank/${vehicle}`, { tankIds: [tank, spare, blank] })).toMatchObject({ flag: false, errorCode: 1031 });
    expect(await call('put', `/basic/vehicle-fuel-tank/${vehicle}`, { tankIds: [tank, blank] })).toMatchObject({ flag: false, errorCode: 1032 });
    const fitted = await call('put', `/basic/vehicle-fuel-tank/${vehicle}`, { tankIds: [tank, spare] });
    expect(fitted.data.map((t: { slot: number; tankId: number }) => [t.slot, t.tankId])).toEqual([[1, tank], [2, spare]]);
    const last = () => published.filter((entry) => entry.vehicleId === String(vehicle)).pop();
    expect(last()?.tanks.map((t) => [t.slot, t.capacity, t.points.length])).toEqual([[1, 200, 3], [2, 100, 2]]);

    // A new table of a fitted tank reaches the vehicle's record.
    await call('put', `/basic/fuel-tank/${spare}/calibration`, { points: [{ level: 0, height: 0, quantity: 0 }, { level: 1, height: 200, quantity: 60 }, { level: 2, height: 400, quantity: 100 }] });
    expect(last()?.tanks[1].points).toEqual([{ height: 0, quantity: 0 }, { height: 200, quantity: 60 }, { height: 400, quantity: 100 }]);
    expect((await call('put', `/basic/vehicle-fuel-tank/${vehicle}`, { tankIds: [] })).data).toEqual([]);
    expect(last()?.tanks).toEqual([]);
  });
});
