// The forwarder against the superior-platform simulator over real TCP, on SQLite and MariaDB, in
// both editions (2019 with the body cipher on): login, both links, positions of the forwarding
// group only, an outage reissued by 0x1203 in order, duty checks answered and missed, supervision,
// start/stop, static information, login refusals and company scope, through the HTTP API.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type Position, type RawFrame } from '@openfleet/contracts';
import { decodeFrame, decodeLinkBody, encodeFrame, encodeLinkBody, SuperiorPlatformSimulator, type BusinessBody, type Gnss2011, type Gnss2019 } from '@openfleet/jt809';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { Forwarder809Module, LinkManager } from '../src';
import { InboundService } from '../src/inbound/inbound.service';

jest.setTimeout(120_000);

const keys = { m1: 0xfffffff0, ia1: 0xfffffff1, ic1: 0xfffffff2 };
const operator = (companies: string[]): AuthUser => ({ id: '21', companyId: companies[0], userType: 1, roleIds: ['platform809'], superAdmin: false, scope: { companies, fleets: [] } });

describe.each([
  ['sqlite', '2011'],
  ['mysql', '2019'],
] as const)('forwarder-809 on %s, JT/T 809-%s', (engine, edition) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, `fwd${edition}`), LOG_LEVEL: 'silent', FORWARDER_809_SLAVE_PORT: '0', FORWARDER_809_RECONNECT_MIN_MS: '50', FORWARDER_809_RECONNECT_MAX_MS: '200', AUTH_JWT_SECRET: 'forwarder-test-secret-forwarder-test-secret-01' };
  const superior = new SuperiorPlatformSimulator({ edition, accounts: [{ userId: 5001, password: 'pw5001', accessCode: 880001 }], keys, encrypt: edition === '2019' });
  let bus: InProcessBus;
  let app: INestApplication;
  let token: string;
  let otherToken: string;
  let platformId: number;
  let slavePort: number;
  const t0 = Math.floor(Date.now() / 1000) - 3600;
  /** What the links published for the frame archive. */
  const rawFrames: RawFrame[] = [];

  const position = (terminalPhone: string, vehicleId: string, s: number): Position => ({
    terminalPhone, vehicleId, gpsTimeS: t0 + s, receivedAtMs: Date.now(), latitudeE6: 39_909_230, longitudeE6: 116_397_128 + s, altitudeM: 50, speedDkmh: 600, directionDeg: 90,
    alarmFlags: 0, statusFlags: 3, mileageHm: 123_456, hasMileage: true, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: s, sequence: 0, extrasJson: '',
  });
  /** Longitude of each forwarded position (the test encodes the sequence number in it). */
  const longitudes = (gnss: (Gnss2011 | Gnss2019)[]) => gnss.map((g) => ('lonE6' in g ? g.lonE6 : (g.data as Buffer).readUInt32BE(12)) - 116_397_128);
  const realtime = () => superior.messages(0x1200, 0x1202).map((m) => (m.body as BusinessBody).data.position as Gnss2011);
  const reissued = () => superior.messages(0x1200, 0x1203).flatMap((m) => (m.body as BusinessBody).data.positions as Gnss2011[]);
  const platformBody = (overrides: Record<string, unknown> = {}) => ({
    name: '省级监管平台', edition, mainIp: '127.0.0.1', mainPort: superior.port, slaveIp: '127.0.0.1', slavePort, userId: 5001, password: 'pw5001', accessCode: 880001,
    platformCode: '12345678901', ...keys, encrypt: edition === '2019', keepAliveS: 5, ...overrides,
  });
  const api = () => request(app.getHttpServer());
  const status = async () => ((await api().get('/platform809/platforms/status').set('Authorization', token).expect(200)).body.data as { platformId: number; main: string; slave: string; loginResult: number; backlog: number }[]).find((s) => s.platformId === platformId)!;
  const waitFor = async (check: () => Promise<boolean> | boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    await superior.listen();
    bus = new InProcessBus({ logger: silentBusLogger });
    await bus.subscribe(Topics.rawFrames, { group: 'test-raw-frames', handle: async (messages) => void rawFrames.push(...messages.flatMap((m) => m.value.frames)) });
    await bus.publish(Topics.rolePermissions, [
      { key: 'platform809', value: { roleId: 'platform809', actionCodes: ['superiorPlatformM', 'superiorPlatformM:search', 'superiorPlatformM:add', 'superiorPlatformM:modify', 'superiorPlatformM:delete', 'platform', 'inspectionLog:search', 'inspectionLog:export'], deleted: false, updatedAt: Date.now() } },
    ]);
    await bus.publish(Topics.vehicleRegistry, [
      { key: 'v1', value: { vehicleId: 'v1', plateCode: '京A00001', plateColor: 1, vin: 'LVIN0000000000001', companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '13900000001', deleted: false, updatedAt: Date.now() } },
      { key: 'v2', value: { vehicleId: 'v2', plateCode: '京B00002', plateColor: 2, vin: 'LVIN0000000000002', companyId: 'c2', companyPath: ['root', 'c2'], fleetPath: [], terminalPhone: '13900000002', deleted: false, updatedAt: Date.now() } },
    ]);
    // The answering operator (user 21) as admin's user directory names it.
    await bus.publish(Topics.userDirectory, [{ key: '21', value: { userId: '21', name: '周值班', account: 'zhou', companyId: 'c1', companyPath: ['root', 'c1'], deleted: false, updatedAt: Date.now() } }]);
    await bus.publish(Topics.terminalRegistry, [
      { key: '13900000001', value: { terminalPhone: '13900000001', terminalId: 't1', terminalCode: 'T000001', vehicleId: 'v1', plateCode: '京A00001', plateColor: 1, companyId: 'c1', authCode: 'a', registrationState: 1, deviceId: 'DEVICE-0000000000001', protocolVersion: edition === '2019' ? '2019' : '2013', deleted: false, updatedAt: Date.now() } },
    ]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'forwarder-test', config: loadConfig(PlatformConfig, env), bus, env }), Forwarder809Module] }).compile()).createNestApplication({ logger: false });
    await app.init();
    slavePort = app.get(LinkManager).slavePort;
    token = `Bearer ${await app.get(TokenService).sign(operator(['c1']))}`;
    otherToken = `Bearer ${await app.get(TokenService).sign(operator(['c2']))}`;
  });

  afterAll(async () => {
    await app?.close();
    await superior.close();
    await dropTestSchema(env, 'forwarder_809');
  });

  it('logs in on the main link, is logged in on the slave link, and never returns the password', async () => {
    const created = await api().post('/platform809/platforms').set('Authorization', token).send(platformBody()).expect(200);
    platformId = created.body.data.id;
    expect(created.body.data.passwordSealed).toBeUndefined();
    expect(created.body.data.hasPassword).toBe(true);
    await api().put(`/platform809/platforms/${platformId}/targets`).set('Authorization', token).send({ targets: [{ kind: 'company', refId: 'c1' }] }).expect(200);
    await waitFor(async () => (await status())?.main === 'online' && (await status()).slave === 'online', 'both links online');
    const login = superior.messages(0x1001)[0].body as Record<string, unknown>;
    expect(login).toMatchObject({ userId: 5001, password: 'pw5001', downLinkIp: '127.0.0.1', downLinkPort: slavePort });
    expect(superior.messages(0x1001)[0].header.centerId).toBe(880001);
    expect(superior.loginResults).toEqual([0]);
    expect(superior.badFrames).toBe(0);
    const listed = await api().get('/platform809/platforms').set('Authorization', token).expect(200);
    expect(JSON.stringify(listed.body.data)).not.toContain('pw5001');
  });

  it('publishes both links’ frames for the frame archive, under 809:<platform id>', async () => {
    await waitFor(() => rawFrames.some((f) => f.direction === 'up'), 'a captured frame from the superior');
    const ours = rawFrames.filter((f) => f.terminalPhone === `809:${platformId}`);
    expect(ours.every((f) => f.protocol === 'jt809')).toBe(true);
    // Our 0x1001 login (down: sent by the platform) and the superior's 0x1002 answer (up), each as the bytes on the wire.
    const msgIdOf = (f: RawFrame) => decodeFrame(Buffer.from(f.hex, 'hex'), edition, keys).header.msgId;
    expect(ours.filter((f) => f.direction === 'down').map(msgIdOf)).toContain(0x1001);
    expect(ours.filter((f) => f.direction === 'up').map(msgIdOf)).toContain(0x1002);
  });

  it('forwards positions of the group only, as 0x1202 in the edition’s layout', async () => {
    await bus.publish(Topics.position, [
      { key: '13900000001', value: position('13900000001', 'v1', 1) },
      { key: '13900000002', value: position('13900000002', 'v2', 2) },
      { key: '13900000001', value: position('13900000001', 'v1', 3) },
    ]);
    await superior.waitFor(() => realtime().length >= 2, 'two positions');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const messages = superior.messages(0x1200, 0x1202);
    expect(messages.map((m) => (m.body as BusinessBody).vehicleNo)).toEqual(['京A00001', '京A00001']);
    expect(longitudes(realtime())).toEqual([1, 3]);
    if (edition === '2011') expect(realtime()[0]).toMatchObject({ speed: 60, mileage: 12_345, direction: 90, state: 3, time: new Date((t0 + 1) * 1000 + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19) });
    else expect(messages[0].header.encrypted).toBe(true);
  });

  it('keeps every position of an outage and reissues them in order with 0x1203 after reconnecting', async () => {
    await superior.goDown();
    await waitFor(async () => (await status()).main !== 'online' && (await status()).slave !== 'online', 'links down');
    for (let s = 100; s < 160; s++) await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 'v1', s) });
    // An alarm raised during the outage waits in the same backlog.
    await bus.publish(Topics.alarm, { key: 'v1', value: { alarmId: 'a1', terminalPhone: '13900000001', vehicleId: 'v1', type: 'overspeed', level: 1, source: 'terminal', startedAt: (t0 + 130) * 1000, latitude: 39.9, longitude: 116.4, speedKmh: 95 } });
    await waitFor(async () => (await status()).backlog === 61, '60 positions and an alarm held');
    expect(superior.messages(0x1400, 0x1402)).toHaveLength(0);
    await superior.listen();
    await superior.waitFor(() => reissued().length >= 60, 'the backlog reissued');
    const alarm = await superior.waitFor(() => superior.messages(0x1400, 0x1402)[0], 'the held alarm');
    expect((alarm.body as BusinessBody).data).toMatchObject({ warnType: 1, warnTime: t0 + 130 });
    expect(longitudes(reissued())).toEqual(Array.from({ length: 60 }, (_, i) => 100 + i));
    expect(superior.messages(0x1200, 0x1203).every((m) => ((m.body as BusinessBody).data.positions as unknown[]).length <= 5)).toBe(true);
    await waitFor(async () => (await status()).backlog === 0, 'backlog empty');
    // Live again: a new position goes as 0x1202.
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 'v1', 200) });
    await superior.waitFor(() => longitudes(realtime()).includes(200), 'live again');
  });

  it('tells the superior on the slave link when the main link drops (0x1007) and sends positions that way meanwhile', async () => {
    superior.setBusy(true);
    superior.dropMain();
    await superior.waitFor(() => superior.received.find((m) => m.msgId === 0x1007 && m.link === 'slave'), '0x1007 on the slave link');
    await waitFor(async () => (await status()).main !== 'online', 'main link down');
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 'v1', 250) });
    const viaSlave = await superior.waitFor(() => superior.messages(0x1200, 0x1202).find((m) => m.link === 'slave'), 'a position on the slave link');
    expect(longitudes([(viaSlave.body as BusinessBody).data.position as Gnss2011])).toEqual([250]);
    superior.setBusy(false);
    await waitFor(async () => (await status()).main === 'online', 'main link back');
  });

  it('keeps a duty check for the operator, answers it with 0x1301, and marks a missed one', async () => {
    await superior.waitFor(() => superior.slaveUp, 'slave link');
    superior.dutyCheck(77, '请回复在岗人员', 10, '880001');
    await waitFor(async () => (await api().get('/platform809/duty-checks?status=0').set('Authorization', token)).body.data.length === 1, 'duty check listed');
    const [check] = (await api().get('/platform809/duty-checks?status=0').set('Authorization', token)).body.data as { id: number; question: string; deadlineAt: number; receivedAt: number }[];
    expect(check.question).toBe('请回复在岗人员');
    expect(check.deadlineAt - check.receivedAt).toBe(10 * 60_000);
    expect((await api().get('/platform809/duty-checks').set('Authorization', otherToken).expect(200)).body.data).toEqual([]);
    expect((await api().post(`/platform809/duty-checks/${check.id}/answer`).set('Authorization', otherToken).send({ answer: '在岗' })).body.errorCode).toBe(410);
    await api().post(`/platform809/duty-checks/${check.id}/answer`).set('Authorization', token).send({ answer: '张三在岗', responder: '张三', responderTel: '13800000000' }).expect(200);
    const answer = await superior.waitFor(() => superior.messages(0x1300, 0x1301)[0], '0x1301');
    const data = (answer.body as BusinessBody).data;
    expect(data.infoContent).toBe('张三在岗');
    if (edition === '2011') expect(data.infoId).toBe(77);
    else expect(data).toMatchObject({ responder: '张三', sourceDataType: 0x9301 });
    expect((await api().post(`/platform809/duty-checks/${check.id}/answer`).set('Authorization', token).send({ answer: 'again' })).body.errorCode).toBe(400);

    superior.dutyCheck(78, '第二次查岗', 10, '880001');
    await waitFor(async () => (await api().get('/platform809/duty-checks?status=0').set('Authorization', token)).body.data.length === 1, 'second check');
    await app.get(InboundService).markMissed(Date.now() + 11 * 60_000);
    const [missed] = (await api().get('/platform809/duty-checks?status=2').set('Authorization', token)).body.data as { id: number; infoId: number }[];
    expect(missed.infoId).toBe(78);
    expect((await api().post(`/platform809/duty-checks/${missed.id}/answer`).set('Authorization', token).send({ answer: 'late' })).body.errorCode).toBe(400);

    // The inspection log: today's checks, answered and missed, paged and filtered; another company sees none.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const log = (await api().get(`/platform809/duty-checks/log?startTime=${today}&endTime=${today}`).set('Authorization', token).expect(200)).body.data;
    expect(log.total).toBe(2);
    expect(log.records.map((row: { infoId: number; status: number; answer: string }) => [row.infoId, row.status, row.answer])).toEqual([[78, 2, ''], [77, 1, '张三在岗']]);
    expect((await api().get(`/platform809/duty-checks/log?startTime=${today}&endTime=${today}&status=1`).set('Authorization', token)).body.data.total).toBe(1);
    expect((await api().get(`/platform809/duty-checks/log?startTime=2026-01-01&endTime=${today}`).set('Authorization', token)).body).toMatchObject({ flag: false, errorCode: 300 });
    expect((await api().get(`/platform809/duty-checks/log?startTime=${today}&endTime=${today}`).set('Authorization', otherToken)).body.data.total).toBe(0);
    // A colleague in c1 exports: 应答人 is the answering user's name, never the id (issue 28).
    const colleague = `Bearer ${await app.get(TokenService).sign({ ...operator(['c1']), id: '22' })}`;
    const sheet = await api()
      .get(`/platform809/duty-checks/log/export?startTime=${today}&endTime=${today}`)
      .set('Authorization', colleague)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.body as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => [row[3], row[7]])).toEqual([['第二次查岗', ''], ['请回复在岗人员', '周值班']]);
  });

  it('keeps a supervision with its deadline and answers it with 0x1401', async () => {
    const deadline = Math.floor(Date.now() / 1000) + 1800;
    superior.supervise('京A00001', 1, 0x0a0b0c0d, deadline);
    await waitFor(async () => (await api().get('/platform809/supervisions?status=0').set('Authorization', token)).body.data.length === 1, 'supervision listed');
    const [supervision] = (await api().get('/platform809/supervisions?status=0').set('Authorization', token)).body.data as { id: number; deadlineAt: number; supervisor: string }[];
    expect(supervision).toMatchObject({ deadlineAt: deadline * 1000, supervisor: '督办员' });
    await api().post(`/platform809/supervisions/${supervision.id}/answer`).set('Authorization', token).send({ result: 1 }).expect(200);
    const answer = await superior.waitFor(() => superior.messages(0x1400, 0x1401)[0], '0x1401');
    expect((answer.body as BusinessBody).data).toEqual({ supervisionId: 0x0a0b0c0d, result: 1 });
  });

  it('answers static information (0x1601) and stops and restarts a vehicle on request (0x9206/0x9205)', async () => {
    superior.request(0x9600, { vehicleNo: '京A00001', vehicleColor: 1, dataType: 0x9601, data: {} });
    const info = await superior.waitFor(() => superior.messages(0x1600, 0x1601)[0], '0x1601');
    expect(String((info.body as BusinessBody).data.carInfo)).toContain('VIN:=LVIN0000000000001');
    superior.request(0x9200, { vehicleNo: '京A00001', vehicleColor: 1, dataType: 0x9206, data: { reasonCode: 1 } });
    await superior.waitFor(() => superior.messages(0x1200, 0x1206)[0], '0x1206');
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 'v1', 300) });
    superior.request(0x9200, { vehicleNo: '京A00001', vehicleColor: 1, dataType: 0x9205, data: { reasonCode: 1 } });
    await superior.waitFor(() => superior.messages(0x1200, 0x1205)[0], '0x1205');
    await bus.publish(Topics.position, { key: '13900000001', value: position('13900000001', 'v1', 301) });
    await superior.waitFor(() => longitudes(realtime()).includes(301), 'restarted');
    expect(longitudes(realtime())).not.toContain(300);
  });

  it('shows the superior’s refusal of a wrong password and of an unknown access code', async () => {
    const wrong = await api().post('/platform809/platforms').set('Authorization', token).send(platformBody({ name: 'wrong password', password: 'nope' })).expect(200);
    const unknown = await api().post('/platform809/platforms').set('Authorization', token).send(platformBody({ name: 'unknown code', accessCode: 123 })).expect(200);
    const statusOf = async (id: number) => ((await api().get('/platform809/platforms/status').set('Authorization', token)).body.data as { platformId: number; main: string; loginResult: number; lastError: string }[]).find((s) => s.platformId === id)!;
    await waitFor(async () => (await statusOf(wrong.body.data.id)).loginResult === 4 && (await statusOf(unknown.body.data.id)).loginResult === 2, 'refusals');
    expect((await statusOf(wrong.body.data.id)).lastError).toContain('password');
    await api().post('/platform809/platforms/delete').set('Authorization', token).send({ ids: [wrong.body.data.id, unknown.body.data.id] }).expect(200);
  });

  it('files a vehicle of the group with 0x1201 and lists it filed (nationalPlatformFiling)', async () => {
    const list = async (query = '') => (await api().get(`/platform809/filing?platformId=${platformId}${query}`).set('Authorization', token).expect(200)).body.data as { vehicleId: string; filed: boolean }[];
    expect(await list()).toEqual([expect.objectContaining({ vehicleId: 'v1', filed: false })]);
    await api().post('/platform809/filing').set('Authorization', token).send({ platformId, vehicleIds: ['v1'] }).expect(200);
    const registration = await superior.waitFor(() => superior.messages(0x1200, 0x1201)[0], '0x1201');
    expect(registration.body as BusinessBody).toMatchObject({ vehicleNo: '京A00001', vehicleColor: 1 });
    expect((registration.body as BusinessBody).data).toMatchObject(
      edition === '2019' ? { platformId: '12345678901', terminalId: 'DEVICE-0000000000001', simCode: '13900000001' } : { platformId: '12345678901', terminalId: 'T000001', simCode: '13900000001' },
    );
    expect(await list('&filed=1')).toEqual([expect.objectContaining({ vehicleId: 'v1', filed: true })]);
    expect(await list('&filed=0')).toEqual([]);
    expect((await api().get(`/platform809/filing?platformId=${platformId}`).set('Authorization', otherToken)).body.errorCode).toBe(410);
    expect((await api().post('/platform809/filing').set('Authorization', token).send({ platformId, vehicleIds: ['v2'] })).body.errorCode).toBe(410);
  });

  it('shows every other refusal: IP (1), unregistered user (3), busy (5)', async () => {
    const strict = new SuperiorPlatformSimulator({ edition, accounts: [{ userId: 6001, password: 'pw', accessCode: 660001 }, { userId: 6002, password: 'pw', accessCode: 660002 }], keys, encrypt: edition === '2019', allowedIp: '10.9.8.7' });
    const busy = new SuperiorPlatformSimulator({ edition, accounts: [{ userId: 6001, password: 'pw', accessCode: 660001 }], keys, encrypt: edition === '2019', busy: true });
    const open = new SuperiorPlatformSimulator({ edition, accounts: [{ userId: 6001, password: 'pw', accessCode: 660001 }, { userId: 6002, password: 'pw', accessCode: 660002 }], keys, encrypt: edition === '2019' });
    await Promise.all([strict.listen(), busy.listen(), open.listen()]);
    try {
      const add = async (name: string, port: number, overrides: Record<string, unknown> = {}) =>
        (await api().post('/platform809/platforms').set('Authorization', token).send(platformBody({ name, mainPort: port, userId: 6001, password: 'pw', accessCode: 660001, ...overrides })).expect(200)).body.data.id as number;
      const ids = [await add('ip', strict.port), await add('unregistered', open.port, { userId: 6002 }), await add('busy', busy.port)];
      const results = async () => {
        const all = (await api().get('/platform809/platforms/status').set('Authorization', token)).body.data as { platformId: number; loginResult: number; main: string }[];
        return ids.map((id) => all.find((s) => s.platformId === id)?.loginResult);
      };
      await waitFor(async () => JSON.stringify(await results()) === JSON.stringify([1, 3, 5]), 'login results 1, 3, 5');
      await api().post('/platform809/platforms/delete').set('Authorization', token).send({ ids }).expect(200);
    } finally {
      await Promise.all([strict.close(), busy.close(), open.close()]);
    }
  });

  it('refuses a slave link that does not log in with our verify code, and one that floods', async () => {
    const { connect } = await import('node:net');
    const probe = async (bytes: Buffer) => {
      const socket = connect({ host: '127.0.0.1', port: slavePort });
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(bytes);
      await new Promise((resolve) => socket.once('close', resolve));
      return Buffer.concat(received);
    };
    const wrongCode = encodeFrame({ edition, msgId: 0x9001, serial: 1, centerId: 880001, ...(edition === '2019' ? { cipher: { ...keys, key: 5 } } : {}) }, encodeLinkBody(0x9001, { verifyCode: 12345 }, edition));
    const answer = decodeFrame(await probe(wrongCode), edition, keys);
    expect([answer.header.msgId, decodeLinkBody(0x9002, answer.body, edition)]).toEqual([0x9002, { result: 1 }]);
    // 64 KiB without a frame end: closed at once, not buffered until the 10 s handshake timeout.
    const started = Date.now();
    expect((await probe(Buffer.concat([Buffer.from([0x5b]), Buffer.alloc(64 * 1024, 1)]))).length).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await status()).slave).toBe('online');
  });

  it('keeps each company to its own platforms and vehicles', async () => {
    expect((await api().get('/platform809/platforms').set('Authorization', otherToken).expect(200)).body.data).toEqual([]);
    // A role scoped to fleets only sees no company's platforms or checks (and the query stays valid).
    const fleetOnly = `Bearer ${await app.get(TokenService).sign({ ...operator(['c1']), scope: { companies: [], fleets: ['f1'] } })}`;
    for (const path of ['/platform809/platforms', '/platform809/duty-checks', '/platform809/supervisions']) expect((await api().get(path).set('Authorization', fleetOnly).expect(200)).body.data).toEqual([]);
    expect((await api().get(`/platform809/platforms/${platformId}`).set('Authorization', otherToken)).body.errorCode).toBe(410);
    expect((await api().put(`/platform809/platforms/${platformId}/targets`).set('Authorization', token).send({ targets: [{ kind: 'vehicle', refId: 'v2' }] })).body.errorCode).toBe(403);
    expect((await api().post('/platform809/platforms').set('Authorization', token).send({ ...platformBody(), companyId: 'c2' })).body.errorCode).toBe(403);
    expect((await api().post('/platform809/platforms').set('Authorization', token).send({ ...platformBody(), mainIp: 'not-an-ip', mainPort: 70000 })).body.errorCode).toBe(400);
  });
});
