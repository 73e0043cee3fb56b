// Catalogues (dictionary, manufacturers, device models, brands/models, car factories, engines, fuel
// tanks, vehicle masters): CRUD, paging, validation and duplicate codes, tenant isolation, 403 without
// the action code, and the §7 lookups built on them. SQLite and MariaDB.
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];
// Tenant users hold the per-company catalogues fully, and only search on the shared ones.
const TENANT_CODES = [
  'vehicleMaster:add', 'vehicleMaster:modify', 'vehicleMaster:delete', 'vehicleMaster:search',
  'fuelTank:add', 'fuelTank:modify', 'fuelTank:delete', 'fuelTank:search', 'fuelTank:calibrate',
  'carBrandManagement:search', 'carList:add',
];

// Answers are checked field by field, so the data stays loosely typed here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { flag: boolean; errorCode: number; data: any };

describe.each(engines)('admin catalogues on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  let alpha: string;
  let bravo: string;
  const ids: Record<string, number> = {};

  const call = (bearer: string) => ({
    get: async (path: string, query: Record<string, unknown> = {}): Promise<Body> => (await test.http().get(path).query(query).set('Authorization', bearer)).body,
    post: async (path: string, body: object): Promise<Body> => (await test.http().post(path).set('Authorization', bearer).send(body)).body,
    put: async (path: string, body: object): Promise<Body> => (await test.http().put(path).set('Authorization', bearer).send(body)).body,
    del: async (path: string): Promise<Body> => (await test.http().delete(path).set('Authorization', bearer)).body,
  });
  const idOf = (body: Body) => {
    if (!body.flag) throw new Error(JSON.stringify(body));
    return Number(body.data.id);
  };

  beforeAll(async () => {
    test = await startAdmin(engine);
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
    const sa = call(admin);
    for (const name of ['Alpha', 'Bravo']) {
      ids[name] = idOf(await sa.post('/basic/company', { name: `${name} Haulage` }));
      const role = idOf(await sa.post('/basic/role', { name: 'fleetdesk', companyId: ids[name], roleType: 3, actionCodes: TENANT_CODES }));
      idOf(await sa.post('/basic/user', { account: `${name.toLowerCase()}desk`, name: `${name} Desk`, password: 'Operator123', userType: 1, companyId: ids[name], roleIds: [role] }));
    }
    alpha = await loginAs(test, 'alphadesk', 'Operator123');
    bravo = await loginAs(test, 'bravodesk', 'Operator123');
  });

  afterAll(async () => {
    await test?.close();
  });

  it('keeps dictionaries with unique codes and values, serves items by code and refuses to delete a non-empty one', async () => {
    const sa = call(admin);
    const type = idOf(await sa.post('/basic/dictionary/type', { code: 'fuelType', name: '燃料类型' }));
    expect((await sa.post('/basic/dictionary/type', { code: 'fuelType', name: 'again' })).errorCode).toBe(4046);
    expect((await sa.post('/basic/dictionary/type', { code: '9bad', name: 'bad' })).errorCode).toBe(400);
    idOf(await sa.post('/basic/dictionary/item', { typeId: type, label: '柴油', value: '2', sort: 2 }));
    idOf(await sa.post('/basic/dictionary/item', { typeId: type, label: '汽油', value: '1', sort: 1 }));
    expect((await sa.post('/basic/dictionary/item', { typeId: type, label: 'dup', value: '1' })).errorCode).toBe(4046);
    expect((await sa.post('/basic/dictionary/item', { typeId: 999999, label: 'orphan', value: '1' })).errorCode).toBe(400);
    // Any signed-in user reads items for select boxes, sorted.
    const items = await call(alpha).get('/basic/dictionary/type/items', { code: 'fuelType' });
    expect(items.data.map((item: { label: string }) => item.label)).toEqual(['汽油', '柴油']);
    expect((await sa.get('/basic/dictionary/item', { typeId: type, keyword: '柴' })).data).toMatchObject({ total: 1, records: [{ value: '2' }] });
    expect((await sa.del(`/basic/dictionary/type/${type}`)).errorCode).toBe(9000);
    expect((await call(alpha).post('/basic/dictionary/type', { code: 'other', name: 'other' })).errorCode).toBe(403);
  });

  it('validates manufacturers (number, code, mobile), rejects duplicates with 4043 and device models with 4048', async () => {
    const sa = call(admin);
    const good = { name: '华泰电子', number: '70111', code: 'HT2019', province: '广东', city: '深圳', contact: '王工', mobile: '13800001111', remark: 'JT808' };
    const maker = idOf(await sa.post('/basic/manufacturer', good));
    expect((await sa.post('/basic/manufacturer', { ...good, number: '07011', name: 'x1', code: 'X1' })).errorCode).toBe(400);
    expect((await sa.post('/basic/manufacturer', { ...good, number: '7011', name: 'x2', code: 'X2' })).errorCode).toBe(400);
    expect((await sa.post('/basic/manufacturer', { ...good, number: '70112', name: 'x3', code: 'ABCDEFGHIJ123456' })).errorCode).toBe(400);
    expect((await sa.post('/basic/manufacturer', { ...good, number: '70113', name: 'x4', code: 'X4', mobile: '12800001111' })).errorCode).toBe(400);
    expect((await sa.post('/basic/manufacturer', { ...good, number: '70114', code: 'X5' })).errorCode).toBe(4043);
    expect((await sa.post('/basic/manufacturer', { ...good, name: 'Other', code: 'X6' })).errorCode).toBe(4043);
    expect((await sa.post('/basic/manufacturer', { ...good, name: 'Other', number: '70115' })).errorCode).toBe(4043);
    const second = idOf(await sa.post('/basic/manufacturer', { name: 'Jimi', number: 'A0001', code: 'JM' }));
    expect((await sa.put(`/basic/manufacturer/${second}`, { number: '70111' })).errorCode).toBe(4043);
    // A partial update changes only what was sent.
    expect((await sa.put(`/basic/manufacturer/${second}`, { city: '杭州' })).data).toMatchObject({ city: '杭州', name: 'Jimi', number: 'A0001', code: 'JM' });
    expect((await sa.get(`/basic/manufacturer/${second}`)).data).toMatchObject({ city: '杭州', name: 'Jimi' });
    // Emptied optional fields arrive as null and clear the column; a required one is 400, never a database error.
    expect((await sa.put(`/basic/manufacturer/${second}`, { city: null })).data).toMatchObject({ city: null, name: 'Jimi' });
    const nulled = await sa.put(`/basic/manufacturer/${second}`, { name: null, code: null });
    expect(nulled).toMatchObject({ errorCode: 400, data: ['name cannot be empty', 'code cannot be empty'] });
    const page = await sa.get('/basic/manufacturer', { current: 2, size: 1 });
    expect(page.data).toMatchObject({ total: 2, current: 2, size: 1, records: [{ name: 'Jimi' }] });

    expect((await sa.post('/basic/device-model', { manufacturerId: maker, model: '   ' })).errorCode).toBe(400);
    idOf(await sa.post('/basic/device-model', { manufacturerId: maker, model: 'HT-808' }));
    expect((await sa.post('/basic/device-model', { manufacturerId: maker, model: 'HT-808' })).errorCode).toBe(4048);
    idOf(await sa.post('/basic/device-model', { manufacturerId: second, model: 'HT-808' }));
    expect((await sa.get('/basic/device-model', { manufacturerId: maker })).data.total).toBe(1);
    expect((await sa.del(`/basic/manufacturer/${maker}`)).errorCode).toBe(9000);
  });

  it('keeps brands (4044), models per brand (4047), car factories (4049) and engines (4045) and answers the §7 lookups', async () => {
    const sa = call(admin);
    const sinotruk = idOf(await sa.post('/basic/brand', { name: '中国重汽' }));
    const foton = idOf(await sa.post('/basic/brand', { name: 'Foton' }));
    expect((await sa.post('/basic/brand', { name: '中国重汽' })).errorCode).toBe(4044);
    const factory = idOf(await sa.post('/basic/car-factory', { name: '济南重汽', code: 'JNZQ', mobile: '13900002222' }));
    expect((await sa.post('/basic/car-factory', { name: '济南重汽' })).errorCode).toBe(4049);
    expect((await sa.post('/basic/car-factory', { name: 'Other', code: 'JNZQ' })).errorCode).toBe(4049);
    const engineId = idOf(await sa.post('/basic/engine-model', { model: 'WP10.336E53', manufacturer: '潍柴', displacement: '9.73', power: 247, emissionStandard: 5 }));
    expect((await sa.post('/basic/engine-model', { model: 'WP10.336E53' })).errorCode).toBe(4045);
    expect((await sa.post('/basic/engine-model', { model: 'X', emissionStandard: 7 })).errorCode).toBe(400);
    expect((await sa.post('/basic/engine-model', { model: 'Y', displacement: '9.735' })).errorCode).toBe(400);
    idOf(await sa.post('/basic/vehicle-model', { brandId: sinotruk, name: 'HOWO T7H', engineModelId: engineId, carFactoryId: factory }));
    idOf(await sa.post('/basic/vehicle-model', { brandId: sinotruk, name: 'SITRAK' }));
    idOf(await sa.post('/basic/vehicle-model', { brandId: foton, name: 'SITRAK' }));
    expect((await sa.post('/basic/vehicle-model', { brandId: sinotruk, name: 'SITRAK' })).errorCode).toBe(4047);
    expect((await sa.post('/basic/vehicle-model', { brandId: sinotruk, name: 'Ghost', engineModelId: 999999 })).errorCode).toBe(400);
    expect((await sa.get('/basic/vehicle-model', { brandId: sinotruk })).data.total).toBe(2);
    expect((await sa.del(`/basic/brand/${sinotruk}`)).errorCode).toBe(9000);
    expect((await sa.del(`/basic/engine-model/${engineId}`)).errorCode).toBe(5002);
    expect((await sa.del(`/basic/car-factory/${factory}`)).errorCode).toBe(5002);

    const brands = await call(alpha).get('/basic/vbrand/findBrand');
    expect(brands.data.map((b: { brand: string }) => b.brand)).toEqual(['Foton', '中国重汽']);
    const models = await call(alpha).get('/basic/vmodel/findModel', { brandId: sinotruk });
    expect(models.data.map((m: { model: string }) => m.model).sort()).toEqual(['HOWO T7H', 'SITRAK']);
    expect((await call(alpha).get('/basic/vmodel/findModel', { keyword: 'Foton' })).data).toEqual([expect.objectContaining({ model: 'SITRAK', brand: 'Foton', brandId: foton })]);
    const withEngines = await call(alpha).get('/basic/vmodel/findVehicleModelEngineInfoList', { brandId: sinotruk });
    const howo = withEngines.data.find((m: { model: string }) => m.model === 'HOWO T7H');
    expect(howo).toMatchObject({ brand: '中国重汽', engine: { model: 'WP10.336E53', power: 247, emissionStandard: 5 }, carFactory: { name: '济南重汽' } });
    expect(withEngines.data.find((m: { model: string }) => m.model === 'SITRAK').engine).toBeNull();
    // Shared catalogues: tenants read with their search code, but may not change them.
    expect((await call(alpha).post('/basic/brand', { name: 'Sneaky' })).errorCode).toBe(403);
    expect((await call(alpha).get('/basic/engine-model')).errorCode).toBe(403);
  });

  it('keeps fuel tanks per company with calibration tables (3002 above the tank) and isolates tenants', async () => {
    const a = call(alpha);
    const b = call(bravo);
    const tank = idOf(await a.post('/basic/fuel-tank', { name: '400L方箱', capacity: 400, height: 600 }));
    expect((await a.post('/basic/fuel-tank', { name: '400L方箱', capacity: 300, height: 500 })).errorCode).toBe(4050);
    const bravoTank = idOf(await b.post('/basic/fuel-tank', { name: '400L方箱', capacity: 400, height: 600 }));
    expect((await a.post('/basic/fuel-tank', { name: 'Elsewhere', capacity: 100, height: 100, companyId: ids.Bravo })).errorCode).toBe(403);
    expect((await a.post('/basic/fuel-tank', { name: 'Zero', capacity: 0, height: 100 })).errorCode).toBe(400);

    const points = [
      { level: 100, quantity: 400, height: 600 },
      { level: 0, quantity: 0, height: 0 },
      { level: 50, quantity: 199.5, height: 300 },
    ];
    const saved = await a.put(`/basic/fuel-tank/${tank}/calibration`, { points });
    expect(saved.data.map((p: { level: number; quantity: number }) => [p.level, p.quantity])).toEqual([[0, 0], [50, 199.5], [100, 400]]);
    expect((await a.put(`/basic/fuel-tank/${tank}/calibration`, { points: [{ level: 1, quantity: 401, height: 10 }] })).errorCode).toBe(3002);
    expect((await a.put(`/basic/fuel-tank/${tank}/calibration`, { points: [{ level: 1, quantity: 10, height: 601 }] })).errorCode).toBe(3002);
    expect((await a.put(`/basic/fuel-tank/${tank}/calibration`, { points: [{ level: 1, quantity: 1.234, height: 1 }] })).errorCode).toBe(400);
    // The rejected tables changed nothing; shrinking the tank below its table is 3002 as well.
    expect((await a.get(`/basic/fuel-tank/${tank}/calibration`)).data).toHaveLength(3);
    expect((await a.put(`/basic/fuel-tank/${tank}`, { capacity: 300 })).errorCode).toBe(3002);

    expect((await a.get('/basic/fuel-tank')).data.records.map((t: { id: number }) => t.id)).toEqual([tank]);
    expect((await a.get(`/basic/fuel-tank/${bravoTank}`)).errorCode).toBe(403);
    expect((await a.get(`/basic/fuel-tank/${bravoTank}/calibration`)).errorCode).toBe(403);
    expect((await a.put(`/basic/fuel-tank/${bravoTank}/calibration`, { points })).errorCode).toBe(403);
    expect((await a.put(`/basic/fuel-tank/${bravoTank}`, { name: 'Mine' })).errorCode).toBe(403);
    expect((await a.del(`/basic/fuel-tank/${bravoTank}`)).errorCode).toBe(403);
    expect((await call(admin).get('/basic/fuel-tank')).data.total).toBe(2);
    expect((await a.del(`/basic/fuel-tank/${tank}`)).flag).toBe(true);
  });

  it('keeps vehicle masters per company (4016 phone, 4051 ID card), binds them to vehicles and lists the unbound ones', async () => {
    const a = call(alpha);
    const b = call(bravo);
    const li = idOf(await a.post('/basic/vehicle-master', { name: '李四', phone: '13700001111', idCard: '11010519491231002X', address: '北京' }));
    const wang = idOf(await a.post('/basic/vehicle-master', { name: '王五', phone: '13700002222' }));
    expect((await a.post('/basic/vehicle-master', { name: 'Copy', phone: '13700001111' })).errorCode).toBe(4016);
    expect((await a.post('/basic/vehicle-master', { name: 'Copy', phone: '13700003333', idCard: '11010519491231002X' })).errorCode).toBe(4051);
    expect((await a.post('/basic/vehicle-master', { name: 'Bad', phone: '13700004444', idCard: '110105194912310021' })).errorCode).toBe(400);
    expect((await a.post('/basic/vehicle-master', { name: 'Digits 1', phone: '13700005555' })).errorCode).toBe(400);
    // Another company may register the same person.
    const bravoLi = idOf(await b.post('/basic/vehicle-master', { name: '李四', phone: '13700001111', idCard: '11010519491231002X' }));

    expect((await a.get('/basic/vehicle-master', { keyword: '李' })).data.records.map((m: { id: number }) => m.id)).toEqual([li]);
    expect((await a.get(`/basic/vehicle-master/${bravoLi}`)).errorCode).toBe(403);
    expect((await a.post('/basic/vehicle', { plateCode: '京C00001', plateColor: 2, vehicleType: 1, masterId: bravoLi })).errorCode).toBe(403);
    const car = await a.post('/basic/vehicle', { plateCode: '京C00001', plateColor: 2, vehicleType: 1, masterId: li });
    expect(car.data).toMatchObject({ masterId: li, ownerName: '李四', ownerPhone: '13700001111' });
    // A partial vehicle update keeps every field it did not send (in the answer and in the database).
    const edited = await call(admin).put(`/basic/vehicle/${car.data.id}`, { engineNo: 'E0001' });
    expect(edited.data).toMatchObject({ plateCode: '京C00001', plateColor: 2, masterId: li, ownerName: '李四', engineNo: 'E0001' });

    const unbound = await a.get('/basic/vehicleMaster/getUnbindMasters');
    expect(unbound.data.map((m: { id: number }) => m.id)).toEqual([wang]);
    expect((await b.get('/basic/vehicleMaster/getUnbindMasters')).data.map((m: { id: number }) => m.id)).toEqual([bravoLi]);
    expect((await a.del(`/basic/vehicle-master/${li}`)).errorCode).toBe(4231);
    expect((await a.put(`/basic/vehicle-master/${wang}`, { phone: '13700001111' })).errorCode).toBe(4016);
    expect((await a.del(`/basic/vehicle-master/${wang}`)).flag).toBe(true);
  });

  it('answers 403 without the action code and 401 without a token', async () => {
    const desk = call(alpha);
    expect((await desk.get('/basic/manufacturer')).errorCode).toBe(403);
    expect((await desk.post('/basic/car-factory', { name: 'Nope' })).errorCode).toBe(403);
    expect((await desk.get('/basic/dictionary/type')).errorCode).toBe(403);
    expect((await test.http().get('/basic/brand')).status).toBe(401);
  });

  it('leaves operation-log rows for catalogue changes (the base controller carries the interceptor)', async () => {
    const logged = async () => (await call(admin).get('/basic/operation-log', { size: 1000 })).data.records as { method: string; path: string; errorCode: number }[];
    let rows = await logged();
    // Rows are written after the answer: poll briefly.
    for (let i = 0; i < 50 && !rows.some((row) => row.path === '/basic/manufacturer' && row.errorCode === 4043); i += 1) rows = await logged();
    expect(rows.some((row) => row.method === 'POST' && row.path === '/basic/manufacturer' && row.errorCode === 200)).toBe(true);
    expect(rows.some((row) => row.method === 'POST' && row.path === '/basic/manufacturer' && row.errorCode === 4043)).toBe(true);
    expect(rows.some((row) => row.method === 'PUT' && row.path.startsWith('/basic/fuel-tank/') && row.path.endsWith('/calibration'))).toBe(true);
  });
});
