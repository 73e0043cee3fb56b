// Two forwarder replicas in one consumer group on the real Kafka broker and one MariaDB schema,
// against the superior-platform simulator over real TCP: one replica holds the platform's link
// lease and sends; what the other consumes reaches the superior through the shared backlog, and so
// does a duty-check answer given on the other replica's API. The holder is then cut off abruptly
// (links closed without 0x1003, its lease not released): within 30 s the other takes the link over
// and reissues what came in meanwhile with 0x1203. Every position arrives once (counted by vehicle
// and time), none is missing.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { KafkaBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type Position } from '@openfleet/contracts';
import { decodeFrame, decodeLinkBody, encodeFrame, encodeLinkBody, Jt809Deframer, SuperiorPlatformSimulator, type BusinessBody, type Gnss2011 } from '@openfleet/jt809';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import { createConnection } from 'mysql2/promise';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import request from 'supertest';
import { Forwarder809Module, LinkManager } from '../src';

jest.setTimeout(240_000);

const RUN = `${process.pid}${randomBytes(2).toString('hex')}`;
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const keys = { m1: 0xfffffff0, ia1: 0xfffffff1, ic1: 0xfffffff2 };
const operator: AuthUser = { id: '21', companyId: 'c1', userType: 1, roleIds: ['platform809'], superAdmin: false, scope: { companies: ['c1'], fleets: [] } };
/** Eight vehicles, so both replicas' partitions carry some. */
const VEHICLES = Array.from({ length: 8 }, (_, i) => ({ vehicleId: `v${i}`, plate: `京A0000${i}`, phone: `1390000000${i}` }));
const BASE_LON = 116_397_128;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Replica {
  name: string;
  app: INestApplication;
}

/** Opens a slave link to a replica with a 0x9001 and collects what comes back. */
async function slaveLogin(port: number, verifyCode: number): Promise<{ socket: Socket; results: number[]; msgIds: number[] }> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined);
  const deframer = new Jt809Deframer();
  const out = { socket, results: [] as number[], msgIds: [] as number[] };
  socket.on('data', (chunk: Buffer) => {
    for (const frame of deframer.push(chunk)) {
      const { header, body } = decodeFrame(frame, '2011', keys);
      out.msgIds.push(header.msgId);
      if (header.msgId === 0x9002) out.results.push(Number(decodeLinkBody(0x9002, body, '2011').result));
    }
  });
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(encodeFrame({ edition: '2011', msgId: 0x9001, serial: 1, centerId: 880001 }, encodeLinkBody(0x9001, { verifyCode }, '2011')));
  const deadline = Date.now() + 5000;
  while (!out.results.length && Date.now() < deadline) await sleep(20);
  return out;
}

describe('forwarder-809 as two replicas, the lease holder killed (Kafka, MariaDB, JT/T 809-2011)', () => {
  const base: NodeJS.ProcessEnv = {
    ...testStorageEnv('mysql', 'fwdrep'),
    LOG_LEVEL: 'silent',
    FORWARDER_809_SLAVE_PORT: '0',
    FORWARDER_809_RECONNECT_MIN_MS: '50',
    FORWARDER_809_RECONNECT_MAX_MS: '200',
    FORWARDER_809_GROUP: `fwdrep-${RUN}`,
    // Both replicas open the passwords the other sealed.
    FORWARDER_809_SECRET: `replica-test-secret-${'x'.repeat(32)}`,
    AUTH_JWT_SECRET: 'forwarder-test-secret-forwarder-test-secret-01',
  };
  const newBus = (name: string) => new KafkaBus({ brokers, clientId: `fwdrep-${name}-${RUN}`, logger: silentBusLogger, topicPrefix: `fwdrep${RUN}.`, backoff: { initialMs: 20, maxMs: 200 } });
  const producer = newBus('producer');
  const superior = new SuperiorPlatformSimulator({ edition: '2011', accounts: [{ userId: 5001, password: 'pw5001', accessCode: 880001 }], keys, encrypt: false });
  const replicas: Replica[] = [];
  const t0 = Math.floor(Date.now() / 1000) - 3600;

  const start = async (name: string): Promise<Replica> => {
    const env = { ...base, INSTANCE_ID: name };
    const app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: `forwarder-${name}`, config: loadConfig(PlatformConfig, env), bus: newBus(name), env }), Forwarder809Module] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const replica = { name, app };
    replicas.push(replica);
    return replica;
  };
  const token = (replica: Replica) => replica.app.get(TokenService).sign(operator).then((signed) => `Bearer ${signed}`);
  const statusOn = async (replica: Replica, platformId: number) =>
    ((await request(replica.app.getHttpServer()).get('/platform809/platforms/status').set('Authorization', await token(replica)).expect(200)).body.data as { platformId: number; main: string; holder: string; backlog: number }[]).find((s) => s.platformId === platformId);
  const waitFor = async <T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 60_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  };
  const position = (vehicle: (typeof VEHICLES)[number], s: number): Position => ({
    terminalPhone: vehicle.phone, vehicleId: vehicle.vehicleId, gpsTimeS: t0 + s, receivedAtMs: Date.now(), latitudeE6: 39_909_230, longitudeE6: BASE_LON + s, altitudeM: 50, speedDkmh: 600, directionDeg: 90,
    alarmFlags: 0, statusFlags: 3, mileageHm: 123_456, hasMileage: true, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: s, sequence: 0, extrasJson: '',
  });
  const publish = (s: number) => producer.publish(Topics.position, VEHICLES.map((vehicle) => ({ key: vehicle.phone, value: position(vehicle, s) })));
  /** Every position the superior received, as `plate|second`, with the message that carried it. */
  const arrived = () => [
    ...superior.messages(0x1200, 0x1202).map((m) => ({ key: `${(m.body as BusinessBody).vehicleNo}|${((m.body as BusinessBody).data.position as Gnss2011).lonE6 - BASE_LON}`, reissued: false })),
    ...superior.messages(0x1200, 0x1203).flatMap((m) => ((m.body as BusinessBody).data.positions as Gnss2011[]).map((g) => ({ key: `${(m.body as BusinessBody).vehicleNo}|${g.lonE6 - BASE_LON}`, reissued: true }))),
  ];
  const expected = (seconds: number[]) => VEHICLES.flatMap((vehicle) => seconds.map((s) => `${vehicle.plate}|${s}`)).sort();

  beforeAll(async () => {
    await superior.listen();
    await producer.publish(Topics.rolePermissions, { key: 'platform809', value: { roleId: 'platform809', actionCodes: ['superiorPlatformM', 'superiorPlatformM:add', 'superiorPlatformM:modify', 'platform', 'nationalPlatformFiling'], deleted: false, updatedAt: Date.now() } });
    await producer.publish(Topics.vehicleRegistry, VEHICLES.map((v) => ({ key: v.vehicleId, value: { vehicleId: v.vehicleId, plateCode: v.plate, plateColor: 1, vin: `LVIN000000000000${v.vehicleId.slice(1)}`, companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: v.phone, deleted: false, updatedAt: Date.now() } })));
    // One after the other: the first runs the migrations.
    await start('a');
    await start('b');
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.app.close().catch(() => undefined);
    await producer.close();
    await superior.close();
    await dropTestSchema(base, 'forwarder_809');
  });

  it('one replica holds the link; on its kill the other takes it over within 30 s and reissues the gap once', async () => {
    const [a, b] = replicas;
    const created = await request(a.app.getHttpServer())
      .post('/platform809/platforms')
      .set('Authorization', await token(a))
      .send({ name: '省级监管平台', edition: '2011', mainIp: '127.0.0.1', mainPort: superior.port, slaveIp: '127.0.0.1', slavePort: a.app.get(LinkManager).slavePort, userId: 5001, password: 'pw5001', accessCode: 880001, platformCode: '12345678901', ...keys, encrypt: false, keepAliveS: 5 })
      .expect(200);
    const platformId = created.body.data.id as number;
    await request(a.app.getHttpServer()).put(`/platform809/platforms/${platformId}/targets`).set('Authorization', await token(a)).send({ targets: [{ kind: 'company', refId: 'c1' }] }).expect(200);

    // A claimed the lease when it created the platform; B learns of it from the database and shows A's link.
    const held = await waitFor(async () => {
      const seen = await statusOn(b, platformId);
      return seen?.main === 'online' && seen.holder.startsWith('a:') ? seen : undefined;
    }, 'B showing the link A holds');
    expect(held.holder).toBe((await statusOn(a, platformId))!.holder);
    expect(superior.loginResults).toEqual([0]);

    // Positions flow whichever replica consumes them: once each.
    const before = Array.from({ length: 10 }, (_, i) => i + 1);
    for (const s of before) await publish(s);
    await waitFor(() => arrived().length >= before.length * VEHICLES.length, 'the first positions');
    await sleep(500);
    expect(arrived().map((p) => p.key).sort()).toEqual(expected(before));

    // A duty check answered on B's API goes out on A's link (through the backlog).
    await waitFor(() => superior.slaveUp || undefined, 'the slave link');
    superior.dutyCheck(77, '请回复在岗人员', 10, '880001');
    const check = await waitFor(async () => ((await request(b.app.getHttpServer()).get('/platform809/duty-checks?status=0').set('Authorization', await token(b))).body.data as { id: number }[])[0], 'the duty check');
    await request(b.app.getHttpServer()).post(`/platform809/duty-checks/${check.id}/answer`).set('Authorization', await token(b)).send({ answer: '张三在岗' }).expect(200);
    const answer = await waitFor(() => superior.messages(0x1300, 0x1301)[0], '0x1301 from the holder');
    expect(answer.link).toBe('main');
    expect((answer.body as BusinessBody).data).toMatchObject({ infoId: 77, infoContent: '张三在岗' });

    // The superior may open the slave link to any replica: B accepts the verify code A published with its lease, and no other.
    const db = await createConnection({ host: base.MYSQL_HOST, port: Number(base.MYSQL_PORT), user: base.MYSQL_USER, password: base.MYSQL_PASSWORD, database: `${base.MYSQL_DATABASE_PREFIX}forwarder_809` });
    const [[lease]] = (await db.query('SELECT verify_code FROM link_lease WHERE platform_id = ?', [platformId])) as unknown as [{ verify_code: number }[]];
    await db.end();
    const slaveOfB = b.app.get(LinkManager).slavePort;
    const wrong = await slaveLogin(slaveOfB, (Number(lease.verify_code) + 1) >>> 0);
    expect(wrong.results).toEqual([1]);
    const right = await slaveLogin(slaveOfB, Number(lease.verify_code));
    expect(right.results).toEqual([0]);
    right.socket.write(encodeFrame({ edition: '2011', msgId: 0x9005, serial: 2, centerId: 880001 }, encodeLinkBody(0x9005, {}, '2011')));
    await waitFor(() => right.msgIds.includes(0x9006) || undefined, '0x9006 from B');
    right.socket.destroy();
    wrong.socket.destroy();

    // A dies: links cut without 0x1003, lease left to expire, its consumers gone.
    const logouts = superior.messages(0x1003).length;
    a.app.get(LinkManager).abandon();
    const killedAt = Date.now();
    await a.app.close();
    replicas.splice(replicas.indexOf(a), 1);
    expect(superior.messages(0x1003).length).toBe(logouts);

    // Meanwhile positions keep coming: no replica holds the link, B keeps them in the backlog.
    const gap = Array.from({ length: 20 }, (_, i) => 100 + i);
    for (const s of gap) {
      await publish(s);
      await sleep(100);
    }
    const taken = await waitFor(async () => {
      const seen = await statusOn(b, platformId);
      return seen?.main === 'online' && seen.holder.startsWith('b:') ? seen : undefined;
    }, 'B holding the link', 40_000);
    const takeoverMs = Date.now() - killedAt;
    console.log(`forwarder-809 replicas: the survivor held the link ${takeoverMs} ms after the kill`);
    expect(taken.holder).not.toBe(held.holder);
    expect(takeoverMs).toBeLessThan(30_000);
    expect(superior.loginResults).toEqual([0, 0]);

    // Live again after the takeover.
    const after = [200, 201, 202];
    for (const s of after) await publish(s);

    const all = expected([...before, ...gap, ...after]);
    await waitFor(() => arrived().length >= all.length || undefined, 'every position', 60_000);
    await sleep(1000);
    const received = arrived();
    const counts = new Map<string, number>();
    for (const { key } of received) counts.set(key, (counts.get(key) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual(all);
    // The gap came back from the backlog, as 0x1203.
    const gapKeys = new Set(expected(gap));
    expect(received.filter((p) => gapKeys.has(p.key)).every((p) => p.reissued)).toBe(true);
    await waitFor(async () => (await statusOn(b, platformId))?.backlog === 0 || undefined, 'the backlog empty');
  });
});
