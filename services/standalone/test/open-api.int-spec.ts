// The open API (issue 28, docs/open-api.md) on SQLite and MariaDB: a company administrator (a role
// with the company screen's actions only) issues an app key; a third party signs requests with the
// example client's signer (scripts/open-api-client.js) and reads its company's positions, a track
// and alarms; every refusal code 30171-30186 is raised in its situation; the key is invisible to
// another company's administrator.
import { testStorageEnv } from '@openfleet/storage';
import { createConnection } from 'mysql2/promise';
import { join } from 'node:path';
import request from 'supertest';
import type { RunningPlatform } from '../src';
import { login, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

// The documented example client's signer: the test checks it against the server.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { signedHeaders } = require(join(__dirname, '..', '..', '..', 'scripts', 'open-api-client.js')) as { signedHeaders: (spec: { appId: string; secret: string; path: string; query?: Record<string, string>; timestamp?: number; nonce?: string }) => Record<string, string> };

jest.setTimeout(180_000);

const COMPANY_ACTIONS = ['newCompany', 'newCompany:add', 'newCompany:modify', 'newCompany:delete', 'newCompany:search', 'newCompany:export'];

async function dropSchemas(prefix: string): Promise<void> {
  const connection = await createConnection({ host: '127.0.0.1', user: 'root', password: '' });
  const [rows] = await connection.query('SHOW DATABASES');
  for (const { Database } of rows as { Database: string }[]) if (Database.startsWith(prefix)) await connection.query(`DROP DATABASE \`${Database}\``);
  await connection.end();
}

type Envelope = { flag: boolean; errorCode: number; msg: string; data: unknown };

describe.each(['sqlite', 'mysql'] as const)('open API, on %s', (engine) => {
  const env = testStorageEnv(engine, 'openapi');
  let platform: RunningPlatform;
  let keeper: ApiClient;
  let rival: ApiClient;
  let clerk: ApiClient;
  let mine: ProvisionedVehicle[];
  let theirs: ProvisionedVehicle;
  let key: { id: number; appId: string; secret: string };

  /** A signed GET; `tamper` changes what is sent after signing. */
  async function call(path: string, query: Record<string, string> = {}, options: { appId?: string; secret?: string; timestamp?: number; nonce?: string; drop?: string; headers?: Record<string, string> } = {}): Promise<Envelope> {
    const headers = { ...signedHeaders({ appId: options.appId ?? key.appId, secret: options.secret ?? key.secret, path, query, timestamp: options.timestamp, nonce: options.nonce }), ...options.headers };
    if (options.drop) delete headers[options.drop];
    const response = await request(platform.app.getHttpServer()).get(path).query(query).set(headers).expect(200);
    return response.body as Envelope;
  }
  const modify = async (body: object) => expect((await keeper.put(`/openApi/keys/${key.id}`, body).expect(200)).body).toMatchObject({ flag: true });
  const refusedWith = async (code: number, answer: Promise<Envelope>) => {
    const body = await answer;
    expect(body).toMatchObject({ flag: false, errorCode: code });
    expect(body.msg).toBeTruthy();
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict', env.DATA_DIR, env as Record<string, string>);
    const admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Open API Freight' });
    const otherId = await admin.create('/basic/company', { name: 'Open API Rivals' });
    const user = async (account: string, company: string, actionCodes: string[]) => {
      const roleId = await admin.create('/basic/role', { name: account, companyId: company, roleType: 3, actionCodes });
      await admin.create('/basic/user', { account, name: `Operator ${'ABC'[Number(account.at(-1)) - 1]}`, password: 'Operator123', userType: 1, companyId: company, roleIds: [Number(roleId)] });
      return login(platform, account, 'Operator123');
    };
    keeper = await user('openapi1', companyId, COMPANY_ACTIONS);
    rival = await user('openapi2', otherId, COMPANY_ACTIONS);
    clerk = await user('openapi3', companyId, ['newCompany', 'newCompany:search']);
    mine = [
      await provisionVehicle(admin, companyId, { sim: '13700000061', plate: '京O70061', terminalCode: 'OPN0061', version: '2013' }),
      await provisionVehicle(admin, companyId, { sim: '13700000062', plate: '京O70062', terminalCode: 'OPN0062', version: '2013' }),
    ];
    theirs = await provisionVehicle(admin, otherId, { sim: '13700000063', plate: '京O70063', terminalCode: 'OPN0063', version: '2013' });
    const answer = (await keeper.post('/openApi/keys', { companyId, name: 'Dispatch partner', apis: ['positions', 'track'], ratePerSecond: 50, ratePerDay: 1000 }).expect(200)).body;
    expect(answer).toMatchObject({ flag: true, data: { appId: expect.stringMatching(/^[A-Za-z0-9]{18}$/), secret: expect.any(String) } });
    key = answer.data;
    // The api's registry has the vehicles (the key's scope is checked against it).
    await waitFor('the vehicles in the open API', async () => (await call('/openApi/v1/positions', { vehicleIds: theirs.vehicleId })).errorCode === 30184 && (await call('/openApi/v1/positions', { vehicleIds: mine[1].vehicleId })).flag);
  });

  afterAll(async () => {
    await platform?.app.close();
    if (engine === 'mysql') await dropSchemas(env.MYSQL_DATABASE_PREFIX!);
  });

  it('lists keys to their company only, never with the secret; a narrower role may not add; another company may not touch them', async () => {
    const listed = (await keeper.get('/openApi/keys').expect(200)).body;
    expect(listed.data).toMatchObject({ total: 1, records: [{ appId: key.appId, companyName: 'Open API Freight', apis: ['positions', 'track'], enabled: true, vehicleIds: [] }] });
    expect(JSON.stringify(listed.data)).not.toContain(key.secret);
    expect((await keeper.get('/openApi/keys/export').expect(200)).headers['content-type']).toContain('spreadsheetml');
    expect((await clerk.get('/openApi/keys').expect(200)).body.data.total).toBe(1);
    expect((await clerk.post('/openApi/keys', { companyId: '1', name: 'x', apis: ['positions'] }).expect(200)).body).toMatchObject({ flag: false, errorCode: 403 });
    expect((await rival.get('/openApi/keys').expect(200)).body.data).toMatchObject({ total: 0, records: [] });
    expect((await rival.put(`/openApi/keys/${key.id}`, { enabled: false }).expect(200)).body).toMatchObject({ flag: false, errorCode: 410 });
    expect((await rival.del(`/openApi/keys/${key.id}`).expect(200)).body).toMatchObject({ flag: false, errorCode: 410 });
    const companyId = (listed.data.records[0] as { companyId: string }).companyId;
    expect((await rival.post('/openApi/keys', { companyId, name: 'steal', apis: ['positions'] }).expect(200)).body).toMatchObject({ flag: false, errorCode: 8002 });
    // A vehicle of another company cannot be granted; a bad IP entry is a parameter error.
    expect((await keeper.put(`/openApi/keys/${key.id}`, { vehicleIds: [theirs.vehicleId] }).expect(200)).body).toMatchObject({ flag: false, errorCode: 8002 });
    expect((await keeper.put(`/openApi/keys/${key.id}`, { ipAllowList: ['300.1.1.1'] }).expect(200)).body).toMatchObject({ flag: false, errorCode: 400 });
  });

  it("answers the company's latest positions and a vehicle's track to a good request", async () => {
    const all = await call('/openApi/v1/positions');
    expect(all.flag).toBe(true);
    expect((all.data as { vehicleId: string }[]).map((row) => String(row.vehicleId)).sort()).toEqual(mine.map((vehicle) => vehicle.vehicleId).sort());
    const one = await call('/openApi/v1/positions', { vehicleIds: mine[0].vehicleId, mapType: '4' });
    expect((one.data as { vehicleId: string }[]).map((row) => String(row.vehicleId))).toEqual([mine[0].vehicleId]);
    const now = Date.now();
    const track = await call('/openApi/v1/track', { vehicleId: mine[0].vehicleId, startTime: String(now - 3_600_000), endTime: String(now) });
    expect(track).toMatchObject({ flag: true, errorCode: 200 });
    expect(track.data).toBeTruthy();
  });

  it('refuses missing, malformed, unknown, stale, forged and replayed requests with their codes', async () => {
    const path = '/openApi/v1/positions';
    await refusedWith(30171, call(path, {}, { drop: 'X-App-Id' }));
    await refusedWith(30174, call(path, {}, { drop: 'X-Signature' }));
    await refusedWith(30172, call(path, {}, { nonce: 'short' }));
    await refusedWith(30172, call(path, {}, { drop: 'X-Timestamp' }));
    await refusedWith(30177, call(path, {}, { appId: 'ofUnknownApp000000' }));
    await refusedWith(30176, call(path, {}, { timestamp: Date.now() - 6 * 60_000 }));
    await refusedWith(30175, call(path, {}, { secret: 'not-the-secret' }));
    // Signed over one query, sent with another.
    const headers = signedHeaders({ appId: key.appId, secret: key.secret, path, query: { vehicleIds: mine[0].vehicleId } });
    expect((await request(platform.app.getHttpServer()).get(path).query({ vehicleIds: mine[1].vehicleId }).set(headers).expect(200)).body).toMatchObject({ errorCode: 30175 });
    // The same signed request twice: the second is a replay.
    const nonce = `replay-${Date.now()}`;
    const timestamp = Date.now();
    expect(await call(path, {}, { nonce, timestamp })).toMatchObject({ flag: true });
    await refusedWith(30181, call(path, {}, { nonce, timestamp }));
  });

  it('refuses calls and vehicles outside the grant, too many vehicles and a window over 24 h', async () => {
    const now = Date.now();
    await refusedWith(30183, call('/openApi/v1/alarms', { startTime: String(now - 3_600_000), endTime: String(now) }));
    await refusedWith(30184, call('/openApi/v1/positions', { vehicleIds: theirs.vehicleId }));
    await refusedWith(30184, call('/openApi/v1/track', { vehicleId: '999999999', startTime: String(now - 3_600_000), endTime: String(now) }));
    const many = Array.from({ length: 101 }, (_, i) => String(1_000_000 + i)).join(',');
    await refusedWith(30186, call('/openApi/v1/positions', { vehicleIds: many }));
    await refusedWith(300, call('/openApi/v1/track', { vehicleId: mine[0].vehicleId, startTime: String(now - 25 * 3_600_000), endTime: String(now) }));
    // Narrowed to one vehicle: the other is refused, the whole list is that vehicle; alarms need a vehicle.
    await modify({ vehicleIds: [mine[0].vehicleId], apis: ['positions', 'track', 'alarms'] });
    await refusedWith(30184, call('/openApi/v1/positions', { vehicleIds: mine[1].vehicleId }));
    expect(((await call('/openApi/v1/positions')).data as { vehicleId: string }[]).map((row) => String(row.vehicleId))).toEqual([mine[0].vehicleId]);
    await refusedWith(400, call('/openApi/v1/alarms', { startTime: String(now - 3_600_000), endTime: String(now) }));
    const alarms = await call('/openApi/v1/alarms', { vehicleId: mine[0].vehicleId, startTime: String(now - 3_600_000), endTime: String(now) });
    expect(alarms).toMatchObject({ flag: true, data: { records: [], total: 0 } });
    await modify({ vehicleIds: [] });
  });

  it('refuses a disabled key, an expired key and an address off the list', async () => {
    await modify({ enabled: false });
    await refusedWith(30182, call('/openApi/v1/positions'));
    await modify({ enabled: true, expiresAt: Date.now() - 1000 });
    await refusedWith(30173, call('/openApi/v1/positions'));
    await modify({ expiresAt: null, ipAllowList: ['10.1.2.3'] });
    await refusedWith(30178, call('/openApi/v1/positions'));
    await modify({ ipAllowList: ['10.0.0.0/8', '127.0.0.0/8'] });
    expect(await call('/openApi/v1/positions')).toMatchObject({ flag: true });
    await modify({ ipAllowList: [] });
  });

  it('limits requests per second and per day', async () => {
    await modify({ ratePerSecond: 1 });
    // From the start of a fresh second (earlier calls counted in the current one): three at once span
    // at most two seconds, so two share one and one of them is refused.
    await sleep(1020 - (Date.now() % 1000));
    const answers = await Promise.all([0, 1, 2].map(() => call('/openApi/v1/positions')));
    expect(answers.filter((answer) => answer.errorCode === 30180).length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((answer) => answer.flag).length).toBeGreaterThanOrEqual(1);
    await modify({ ratePerSecond: 50, ratePerDay: 1 });
    await refusedWith(30179, call('/openApi/v1/positions'));
    await modify({ ratePerDay: 100_000 });
    expect(await call('/openApi/v1/positions')).toMatchObject({ flag: true });
  });

  it('a new secret replaces the old one at once; a deleted key is unknown', async () => {
    const reset = (await keeper.post(`/openApi/keys/${key.id}/secret`, {}).expect(200)).body;
    expect(reset).toMatchObject({ flag: true, data: { appId: key.appId, secret: expect.any(String) } });
    await refusedWith(30175, call('/openApi/v1/positions'));
    key = { ...key, secret: reset.data.secret };
    expect(await call('/openApi/v1/positions')).toMatchObject({ flag: true });
    expect((await keeper.del(`/openApi/keys/${key.id}`).expect(200)).body).toMatchObject({ flag: true });
    await refusedWith(30177, call('/openApi/v1/positions'));
  });
});
