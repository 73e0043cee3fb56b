// MariaDB goes away under the tracking ingest: the service's account is locked and its connections
// killed while positions keep arriving. Nothing is written meanwhile, nothing is lost or doubled
// once the database is back. Other clients of the server (other tests, other services) are untouched.
import { createConnection, type Connection } from 'mysql2/promise';
import { position, publishPositions, startTracking, waitFor, type TrackingTestApp } from './tracking-test-app';

const host = process.env.MYSQL_HOST ?? '127.0.0.1';
const port = Number(process.env.MYSQL_PORT ?? 3306);

describe('tracking ingest when MariaDB goes away', () => {
  const tag = `${process.pid}_${Date.now() % 1_000_000}`;
  const account = `ofl_outage_${tag}`;
  const password = `Outage-${tag}`;
  const prefix = `openfleet_outage_test_${tag}_`;
  const schema = `${prefix}tracking`;
  const phone = `1${String(Date.now()).slice(-10)}`;
  const t0 = Math.floor(Date.now() / 1000) - 3600;
  const points = Array.from({ length: 300 }, (_, i) => position(phone, t0 + i, 30 + i * 0.0001, 120, 36));
  let root: Connection;
  let test: TrackingTestApp | undefined;

  const stored = async () => {
    const [rows] = await root.query(`SELECT COUNT(*) AS n FROM \`${schema}\`.track_point WHERE terminal_phone = ?`, [phone]);
    return Number((rows as { n: number }[])[0].n);
  };

  beforeAll(async () => {
    root = await createConnection({ host, port, user: process.env.MYSQL_USER ?? 'root', password: process.env.MYSQL_PASSWORD ?? '' });
    for (const from of ['%', 'localhost']) {
      await root.query(`CREATE USER '${account}'@'${from}' IDENTIFIED BY '${password}'`);
      await root.query(`GRANT ALL PRIVILEGES ON \`${schema}\`.* TO '${account}'@'${from}'`);
    }
  });

  afterAll(async () => {
    for (const from of ['%', 'localhost']) await root.query(`ALTER USER '${account}'@'${from}' ACCOUNT UNLOCK`).catch(() => undefined);
    await test?.stop().catch(() => undefined);
    await root.query(`DROP DATABASE IF EXISTS \`${schema}\``);
    for (const from of ['%', 'localhost']) await root.query(`DROP USER IF EXISTS '${account}'@'${from}'`);
    await root.end();
  }, 60_000);

  it('writes nothing while the database is gone and everything, once, when it is back', async () => {
    test = await startTracking('mysql', { extraEnv: { MYSQL_USER: account, MYSQL_PASSWORD: password, MYSQL_DATABASE_PREFIX: prefix } });
    await publishPositions(test.bus, points.slice(0, 100));
    await waitFor(async () => (await stored()) === 100, 30_000, 'rows before the outage');

    // The outage: the account can no longer log in and its open connections are gone.
    for (const from of ['%', 'localhost']) await root.query(`ALTER USER '${account}'@'${from}' ACCOUNT LOCK`);
    const [sessions] = await root.query('SELECT id FROM information_schema.processlist WHERE user = ?', [account]);
    for (const { id } of sessions as { id: number }[]) await root.query(`KILL CONNECTION ${Number(id)}`).catch(() => undefined);

    await publishPositions(test.bus, points.slice(100));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await stored()).toBe(100);
    const health = await test.http().get('/health');
    expect(health.status).toBe(503);

    for (const from of ['%', 'localhost']) await root.query(`ALTER USER '${account}'@'${from}' ACCOUNT UNLOCK`);
    await waitFor(async () => (await stored()) >= 300, 60_000, 'rows after the database returned');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await stored()).toBe(300);
    expect((await test.http().get('/health')).status).toBe(200);
  }, 120_000);
});
