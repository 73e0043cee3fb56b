// System log: start/stop, migrations, first administrator, login failures and locks, read per tenant.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];
// Lock on the third wrong password; no throttling in between.
const LOCK_ENV = { AUTH_LOCK_AFTER: '3', AUTH_THROTTLE_AFTER: '100' };

interface Row {
  level: string;
  event: string;
  message: string;
  detail: string;
  companyId: number | null;
}

describe.each(engines)('system log on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;

  const search = async (bearer: string, query: Record<string, unknown> = {}) =>
    (await test.http().get('/basic/system-log').query({ size: 100, ...query }).set('Authorization', bearer)).body;
  const login = (username: string, password: string) => test.http().post('/login').send({ username, password });

  beforeAll(async () => {
    test = await startAdmin(engine, LOCK_ENV);
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('records the start, every migration once and the first super administrator (without its password)', async () => {
    const rows: Row[] = (await search(admin)).data.records;
    const events = rows.map((row) => row.event);
    expect(events).toContain('start');
    expect(events).toContain('admin-created');
    const migrations = rows.filter((row) => row.event === 'migration').map((row) => row.message);
    expect(migrations).toEqual(expect.arrayContaining(['CreateAdminTables1732250000000', 'CreateCatalogues1732270000000', 'CreateSystemLog1732290000000']));
    expect(new Set(migrations).size).toBe(migrations.length);
    expect(JSON.stringify(rows)).not.toContain(ADMIN_PASSWORD);
  });

  it('records wrong passwords and the lock for the company of the account, and shows each company only its own events', async () => {
    const sa = (path: string, body: object) => test.http().post(path).set('Authorization', admin).send(body).then((r) => r.body);
    const companies: Record<string, number> = {};
    for (const name of ['Golf', 'Hotel']) {
      companies[name] = (await sa('/basic/company', { name: `${name} Lines` })).data.id;
      const role = (await sa('/basic/role', { name: 'auditor', companyId: companies[name], roleType: 3, actionCodes: ['systemLog:search'] })).data.id;
      await sa('/basic/user', { account: `${name.toLowerCase()}audit`, name: `${name} Audit`, password: 'Audit12345', userType: 1, companyId: companies[name], roleIds: [role] });
    }
    const golf = await loginAs(test, 'golfaudit', 'Audit12345');
    const hotel = await loginAs(test, 'hotelaudit', 'Audit12345');
    expect((await login('golfaudit', 'Wrong12345')).body.errorCode).toBe(3031);
    expect((await login('golfaudit', 'Wrong12345')).body.errorCode).toBe(3031);
    expect((await login('golfaudit', 'Wrong12345')).body.errorCode).toBe(423);
    expect((await login('nobody', 'Wrong12345')).body.errorCode).toBe(3031);

    const golfRows: Row[] = (await search(golf)).data.records;
    expect(golfRows.map((row) => row.event)).toEqual(['account-locked', 'login-failed', 'login-failed']);
    expect(golfRows.every((row) => row.companyId === companies.Golf && row.level === 'warn')).toBe(true);
    expect(JSON.parse(golfRows[1].detail)).toEqual({ account: 'golfaudit', failures: 2 });
    expect((await search(hotel)).data.total).toBe(0);
    // Platform events stay with super administrators, who also filter by event and keyword.
    const unknown: Row[] = (await search(admin, { event: 'login-failed', keyword: 'nobody' })).data.records;
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ companyId: null, message: 'login with an unknown account' });
    expect((await search(admin, { event: 'account-locked' })).data.total).toBe(1);
    expect((await search(admin, { level: 'loud' })).errorCode).toBe(400);
  });

  it('needs systemLog:search (403) and is distinct from the operation log', async () => {
    await test.http().post('/basic/company').set('Authorization', admin).send({ name: 'India Cargo' });
    const operations = (await test.http().get('/basic/operation-log').set('Authorization', admin)).body.data.records;
    expect(operations.some((row: { path: string }) => row.path === '/basic/company')).toBe(true);
    const system: Row[] = (await search(admin)).data.records;
    expect(system.some((row) => row.message.includes('India'))).toBe(false);
    const sa = (path: string, body: object) => test.http().post(path).set('Authorization', admin).send(body).then((r) => r.body);
    const role = (await sa('/basic/role', { name: 'viewer', roleType: 3, actionCodes: ['carList:search'] })).data.id;
    await sa('/basic/user', { account: 'plainviewer', name: 'Plain Viewer', password: 'Viewer12345', userType: 1, roleIds: [role] });
    const viewer = await loginAs(test, 'plainviewer', 'Viewer12345');
    expect((await search(viewer)).errorCode).toBe(403);
  });
});

describe.each(engines)('log exports and operation-log filters on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;

  beforeAll(async () => {
    test = await startAdmin(engine, LOCK_ENV);
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await test?.close();
  });

  const sheetRows = async (response: { body: Buffer }) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
    return rows;
  };
  const download = (path: string, bearer: string, query: Record<string, unknown>) =>
    test.http().get(path).query(query).set('Authorization', bearer).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

  it('filters the operation log by account and time and exports what the filters select', async () => {
    const before = Date.now();
    const sa = (path: string, body: object) => test.http().post(path).set('Authorization', admin).send(body).then((r) => r.body);
    await sa('/basic/company', { name: 'Juliet Freight' });
    await sa('/basic/company', { name: 'Kilo Freight' });
    const page = (query: Record<string, unknown>) => test.http().get('/basic/operation-log').query({ size: 100, ...query }).set('Authorization', admin).then((r) => r.body.data);
    // The audit row is written after the answer (fire and forget): wait for both, bounded.
    let mine = await page({ from: before, keyword: '/basic/company' });
    for (const deadline = Date.now() + 10_000; mine.records.length < 2 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mine = await page({ from: before, keyword: '/basic/company' });
    }
    expect(mine.records.map((row: { path: string; method: string }) => `${row.method} ${row.path}`)).toEqual(['POST /basic/company', 'POST /basic/company']);
    expect((await page({ from: before, to: before - 1 })).total).toBe(0);
    // By account: the admin's requests (logged by user id) and its logins, each row named with the account.
    const admins = await page({ account: 'admin' });
    expect(admins.records.every((row: { account: string }) => row.account === 'admin')).toBe(true);
    expect(admins.records.map((row: { path: string }) => row.path)).toEqual(expect.arrayContaining(['/basic/company', '/login']));
    expect((await page({ account: 'admin', from: before, keyword: '/basic/company' })).total).toBe(2);
    expect((await page({ account: 'nobody', from: before })).total).toBe(0);

    const sheet = await download('/basic/operation-log/export', admin, { from: before, keyword: '/basic/company' });
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(sheet);
    expect(rows[0]).toEqual(['时间', '账号', '方法', '路径', '结果码', 'IP']);
    expect(rows.slice(1).map((row) => [row[1], row[2], row[3], row[4]])).toEqual([['admin', 'POST', '/basic/company', '200'], ['admin', 'POST', '/basic/company', '200']]);
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('exports the system log with its filters, and each export needs its own action code', async () => {
    await test.http().post('/login').send({ username: 'nobody', password: 'Wrong12345' });
    const sheet = await download('/basic/system-log/export', admin, { event: 'login-failed' });
    const rows = await sheetRows(sheet);
    expect(rows[0]).toEqual(['时间', '级别', '事件', '内容', '详情', '来源']);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row[2] === 'login-failed' && row[1] === 'warn')).toBe(true);

    const sa = (path: string, body: object) => test.http().post(path).set('Authorization', admin).send(body).then((r) => r.body);
    const role = (await sa('/basic/role', { name: 'log_reader', roleType: 3, actionCodes: ['systemLog:search', 'operationLog:search'] })).data.id;
    await sa('/basic/user', { account: 'logreader', name: 'Log Reader', password: 'Reader12345', userType: 1, roleIds: [Number(role)] });
    const reader = await loginAs(test, 'logreader', 'Reader12345');
    expect((await test.http().get('/basic/system-log').set('Authorization', reader)).body.errorCode).toBe(200);
    expect((await test.http().get('/basic/system-log/export').set('Authorization', reader)).body.errorCode).toBe(403);
    expect((await test.http().get('/basic/operation-log/export').set('Authorization', reader)).body.errorCode).toBe(403);
    expect((await test.http().get('/basic/operation-log').query({ from: -1 }).set('Authorization', admin)).body.errorCode).toBe(400);
  });
});

describe('system log across a restart (sqlite)', () => {
  it('records the stop of the first run and does not repeat migrations on the second start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-syslog-'));
    const first = await startAdmin('sqlite', { DATA_DIR: dataDir });
    await first.close();
    const second = await startAdmin('sqlite', { DATA_DIR: dataDir });
    try {
      const admin = await loginAs(second, 'admin', ADMIN_PASSWORD);
      const rows: Row[] = (await second.http().get('/basic/system-log').query({ size: 100 }).set('Authorization', admin)).body.data.records;
      // Newest first: start (second run), stop (first run), start (first run) ...
      expect(rows.map((row) => row.event).slice(0, 3)).toEqual(['start', 'stop', 'start']);
      const migrations = rows.filter((row) => row.event === 'migration');
      expect(migrations.length).toBeGreaterThanOrEqual(5);
      expect(new Set(migrations.map((row) => row.message)).size).toBe(migrations.length);
    } finally {
      await second.close();
    }
  });
});
