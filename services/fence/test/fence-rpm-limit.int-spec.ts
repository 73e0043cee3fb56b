// The fence rpm limit on SQLite and on MariaDB (issue 28): a fence stored before the limit existed
// survives the migration with no limit; a fence with one, positions with engine speed through the
// in-process bus (protobuf-encoded like Kafka's) raise exactly one over-rpm event per stretch, and
// positions without engine speed (an 808 terminal) raise none.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type FenceEvent, type Position } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig, storageConfigOf } from '@openfleet/service-kit';
import { dropTestSchema, openDataSource, testStorageEnv } from '@openfleet/storage';
import request from 'supertest';
import { FenceModule } from '../src';
import { FenceCatalogue } from '../src/fence/fence-catalogue';
import { CreateFenceTables1732410000000 } from '../src/migrations/1732410000000-create-fence-tables';

jest.setTimeout(60_000);

const admin: AuthUser = { id: '1', companyId: '10', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const waitFor = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const VIN = 'LFWHJ000000000001';
const square = { type: 'polygon', points: [[116.3, 39.9], [116.4, 39.9], [116.4, 40], [116.3, 40]] };

describe.each(['sqlite', 'mysql'] as const)('fence rpm limit on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'fencerpm'), LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'fence-test-secret-fence-test-secret-0123456789' };
  let bus: InProcessBus;
  let app: INestApplication;
  let token: string;
  const events: FenceEvent[] = [];

  beforeAll(async () => {
    // The schema as it was before the rpm limit, with a fence in it.
    const before = await openDataSource('fence', storageConfigOf(loadConfig(PlatformConfig, env)), { entities: [], migrations: [CreateFenceTables1732410000000] }, { attempts: 1 });
    await before.query(`INSERT INTO fence (name, type, geometry, attributes, company_id, company_path, created_at, updated_at) VALUES ('legacy', 3, '${JSON.stringify(square)}', 8, '10', '/10/', 1, 1)`);
    await before.destroy();

    bus = new InProcessBus({ logger: silentBusLogger });
    await bus.subscribe(Topics.fenceEvent, { group: 'probe', handle: async (messages) => void events.push(...messages.map((m) => m.value)) });
    await bus.publish(Topics.vehicleRegistry, { key: 'v1', value: { vehicleId: 'v1', plateCode: '京A1', plateColor: 1, vin: VIN, companyId: '10', companyPath: ['10'], fleetPath: ['f1'], terminalPhone: '13900000001', deleted: false, updatedAt: Date.now() } });
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'fence-rpm-test', config: loadConfig(PlatformConfig, env), bus, env }), FenceModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    token = `Bearer ${await app.get(TokenService).sign(admin)}`;
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'fence');
  });

  const http = () => request(app.getHttpServer());
  const position = (terminalPhone: string, gpsTimeS: number, lng: number, engineRpm?: number): Position => ({
    terminalPhone, vehicleId: 'v1', gpsTimeS, receivedAtMs: Date.now(), latitudeE6: 39_950_000, longitudeE6: Math.round(lng * 1e6), altitudeM: 0, speedDkmh: 300, directionDeg: 0,
    alarmFlags: 0, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: gpsTimeS, sequence: 0, extrasJson: '',
    ...(engineRpm === undefined ? {} : { engineRpm }),
  });
  const drive = (p: Position) => bus.publish(Topics.position, { key: p.terminalPhone, value: p });

  it('keeps a fence from before the migration without a limit, validates and stores the limit', async () => {
    const list = (await http().get('/gps/fence?current=1&size=20').set('Authorization', token).expect(200)).body.data.records;
    expect(list.find((f: { name: string }) => f.name === 'legacy')).toMatchObject({ rpmLimit: 0, overRpmDurationS: 0 });
    const refused = await http().post('/gps/fence').set('Authorization', token).send({ name: 'too high', type: 3, geometry: square, attributes: 8, companyId: '10', rpmLimit: 20_001 }).expect(400);
    expect(refused.body.flag).toBe(false);
    const created = (await http().post('/gps/fence').set('Authorization', token).send({ name: 'quarry', type: 3, geometry: square, attributes: 8, companyId: '10', rpmLimit: 2500, overRpmDurationS: 10 }).expect(200)).body.data;
    expect((await http().get(`/gps/fence/${created.id}`).set('Authorization', token).expect(200)).body.data).toMatchObject({ rpmLimit: 2500, overRpmDurationS: 10 });
  });

  it('raises one over-rpm event for a stretch over the limit, none for positions without engine speed', async () => {
    const fenceId = (await http().get('/gps/fence?current=1&size=20&keyword=quarry').set('Authorization', token).expect(200)).body.data.records[0].id as number;
    await http().post(`/gps/fence/${fenceId}/bind`).set('Authorization', token).send({ vehicleIds: ['v1'] }).expect(200);
    await waitFor(() => app.get(FenceCatalogue).isBound('v1', fenceId), 'binding');
    const t0 = Math.floor(Date.now() / 1000) - 600;
    const hj = `HJ:${VIN}`;
    // The 808 terminal has no engine speed: in and around the fence for a minute, no over-rpm.
    for (let s = 0; s <= 60; s += 10) await drive(position('13900000001', t0 + s, s === 0 ? 116.2 : 116.35));
    // The HJ 1239 link: at the limit for a while, then over it for 30 s (one event), then back to it.
    await drive(position(hj, t0, 116.2, 3000));
    for (let s = 10; s <= 40; s += 10) await drive(position(hj, t0 + s, 116.35, 2500));
    for (let s = 50; s <= 80; s += 5) await drive(position(hj, t0 + s, 116.35, 2800));
    await drive(position(hj, t0 + 90, 116.35, 2400));
    // A position without a reading, then leaving the fence over the limit: nothing more.
    await drive(position(hj, t0 + 100, 116.35));
    await drive(position(hj, t0 + 110, 116.45, 3000));
    await waitFor(() => events.some((e) => e.terminalPhone === hj && e.kind === 'exit'), 'the HJ link leaving the fence');
    const overRpm = events.filter((e) => e.kind === 'overRpm');
    expect(overRpm).toHaveLength(1);
    expect(overRpm[0]).toMatchObject({ terminalPhone: hj, vehicleId: 'v1', fenceId: String(fenceId), fenceName: 'quarry', at: (t0 + 60) * 1000, detail: { limitRpm: 2500, rpm: 2800, overS: 10 } });
    expect(events.filter((e) => e.terminalPhone === '13900000001').map((e) => e.kind)).toEqual(['enter']);
    const cst = (s: number) => new Date(s * 1000 + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    const history = (await http().get(`/gps/fence/events?vehicleId=v1&startTime=${encodeURIComponent(cst(t0 - 5))}&endTime=${encodeURIComponent(cst(t0 + 200))}`).set('Authorization', token).expect(200)).body.data;
    expect(history.filter((e: { kind: string }) => e.kind === 'overRpm')).toHaveLength(1);
  });
});
