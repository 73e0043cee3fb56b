// Two tenants on one platform, each with an operator narrower than the super administrator:
// whatever one names of the other (a vehicle in a batch, a fence, a company in an export task or a
// report, the alarm list or its export, an export task's id) is answered exactly like something that does not exist, and neither
// the order log, the live events of the console's socket nor terminalProM show a credential.
import type { EventBus } from '@openfleet/bus';
import { Topics, type CommandResult, type InstructionOrderEvent } from '@openfleet/contracts';
import { Gateway808Server } from '@openfleet/gateway-808';
import { EVENT_BUS } from '@openfleet/service-kit';
import ExcelJS from 'exceljs';
import { io } from 'socket.io-client';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

const ACTIONS = [
  'controlInstruction',
  'controlInstruction:search',
  'controlInstruction:send',
  'controlInstruction:export',
  'terminalProM',
  'terminalProM:search',
  'terminalProM:modify',
  'fenceManage',
  'fenceManage:search',
  'fenceManage:add',
  'fenceSend',
  'fenceSend:search',
  'fenceSend:send',
  'mileageStatistics',
  'mileageStatistics:search',
  'mileageStatistics:export',
  'overSpeed',
  'overSpeed:search',
  'fatigueDriving',
  'fatigueDriving:search',
  'newEnergy',
  'newEnergy:search',
  'historyTrack',
  'historyTrack:export',
  'remoteControl',
  'remoteControl:send',
  'alarmHandle',
  'alarmHandle:search',
  'alarmHandle:export',
];
const UNKNOWN = '987654321';
const MASK = '******';
const DAY = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const circle = (name: string) => ({ name, type: 1, geometry: { type: 'circle', center: [116.4, 39.9], radiusM: 500 }, attributes: 8 });

interface Tenant {
  companyId: string;
  fleetId: string;
  vehicle: ProvisionedVehicle;
  operator: ApiClient;
}

type Outcome = { vehicleId: string; plateCode: string; orderId: string | null; status: number; errorCode: number };

describe('tenant isolation: out of scope looks like unknown; secrets stay out of the order log', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let a: Tenant;
  let b: Tenant;

  async function tenant(name: string, n: number): Promise<Tenant> {
    const companyId = await admin.create('/basic/company', { name });
    const fleetId = await admin.create('/basic/fleet', { name: `${name.replace(/ /g, "")}-fleet`, companyId });
    const vehicle = await provisionVehicle(admin, companyId, { sim: `1360000000${n}`, plate: `京T9000${n}`, terminalCode: `ISO000${n}`, version: '2013' });
    const moved = await admin.put(`/basic/vehicle/${vehicle.vehicleId}`, { plateCode: vehicle.plate, plateColor: 2, vehicleType: 1, companyId: Number(companyId), fleetId: Number(fleetId) }).expect(200);
    expect(moved.body.flag).toBe(true);
    const roleId = await admin.create('/basic/role', { name: `operator-${n}`, companyId, roleType: 3, actionCodes: ACTIONS });
    await admin.create('/basic/user', { account: `isoop${n}`, name: `Operator ${n === 1 ? 'Alpha' : 'Beta'}`, password: 'Operator123', userType: 1, companyId, roleIds: [Number(roleId)] });
    return { companyId, fleetId, vehicle, operator: await login(platform, `isoop${n}`, 'Operator123') };
  }

  const send = async (client: ApiClient, body: object) => (await client.post('/gps/sendOrder/send', body).expect(200)).body;
  const withoutId = ({ vehicleId: _id, ...rest }: Outcome) => rest;

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    admin = await loginAdmin(platform);
    a = await tenant('Alpha Freight', 1);
    b = await tenant('Beta Freight', 2);
    // The instruction, fence and tracking services learn the vehicles (and their fleets) from the registry topic.
    for (const { operator, vehicle } of [a, b]) {
      await waitFor('own vehicle known to instruction', async () => ((await send(operator, { commandType: 'rollcall', vehicleIds: [vehicle.vehicleId] })).errorCode === 7205 ? true : undefined));
      await waitFor('own fleet known to tracking', async () => {
        const body = (await operator.get(`/gps/report/mileage?startTime=${DAY}&endTime=${DAY}&fleetId=${(operator === a.operator ? a : b).fleetId}`).expect(200)).body;
        return body.data?.records?.length ? true : undefined;
      });
    }
  });

  afterAll(async () => {
    await platform?.app.close();
  });

  it.each(['text', 'photo', 'queryParams'])('answers a foreign vehicle in a %s batch exactly like an unknown one, without its plate', async (commandType) => {
    const params = commandType === 'text' ? { text: '请注意' } : commandType === 'photo' ? { channel: 1 } : {};
    for (const [self, other] of [[a, b], [b, a]] as const) {
      const body = await send(self.operator, { commandType, params, vehicleIds: [self.vehicle.vehicleId, other.vehicle.vehicleId, UNKNOWN] });
      expect(body.flag).toBe(true);
      const outcomes = body.data as Outcome[];
      const foreign = outcomes.find((outcome) => outcome.vehicleId === other.vehicle.vehicleId)!;
      const unknown = outcomes.find((outcome) => outcome.vehicleId === UNKNOWN)!;
      expect(withoutId(foreign)).toEqual(withoutId(unknown));
      expect(foreign).toMatchObject({ plateCode: '', orderId: null, errorCode: 8002 });
      expect(outcomes.find((outcome) => outcome.vehicleId === self.vehicle.vehicleId)).toMatchObject({ plateCode: self.vehicle.plate });
      expect(JSON.stringify(body)).not.toContain(other.vehicle.plate);
    }
  });

  it('refuses remote control and the lock wizard on a foreign vehicle exactly as on an unknown one', async () => {
    const answer = async (path: string, body?: object) => {
      const response = body ? await a.operator.post(path, body).expect(200) : await a.operator.get(path).expect(200);
      expect(JSON.stringify(response.body)).not.toContain(b.vehicle.plate);
      // The id the caller sent is echoed back: compare everything else.
      return JSON.stringify(response.body).split(`"${b.vehicle.vehicleId}"`).join(`"${UNKNOWN}"`);
    };
    const remote = await answer('/gps/remoteControl/send', { vehicleId: b.vehicle.vehicleId, operation: 'doorLock' });
    expect(remote).toBe(await answer('/gps/remoteControl/send', { vehicleId: UNKNOWN, operation: 'doorLock' }));
    expect(JSON.parse(remote)).toMatchObject({ flag: false, errorCode: 8002 });
    const lock = await answer('/gps/vehicleLimit/start', { vehicleId: b.vehicle.vehicleId, action: 'lock', reason: 'test' });
    expect(lock).toBe(await answer('/gps/vehicleLimit/start', { vehicleId: UNKNOWN, action: 'lock', reason: 'test' }));
    expect(JSON.parse(lock)).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await answer(`/gps/vehicleLimit/${b.vehicle.vehicleId}`)).toBe(await answer(`/gps/vehicleLimit/${UNKNOWN}`));
    // The log filtered by a foreign vehicle is as empty as by an unknown one.
    expect(await answer(`/gps/sendOrder/page?vehicleId=${b.vehicle.vehicleId}`)).toBe(await answer(`/gps/sendOrder/page?vehicleId=${UNKNOWN}`));
  });

  it('reads, issues and revokes fences of another company as fences and vehicles that do not exist', async () => {
    const fenceA = await a.operator.create('/gps/fence', circle('Depot'));
    const fenceB = await b.operator.create('/gps/fence', circle('Depot'));
    expect(fenceB).not.toBe(fenceA);
    for (const path of ['', '/issues']) {
      const foreign = (await b.operator.get(`/gps/fence/${fenceA}${path}`).expect(200)).body;
      const unknown = (await b.operator.get(`/gps/fence/${UNKNOWN}${path}`).expect(200)).body;
      expect({ ...foreign, data: null }).toEqual({ ...unknown, data: null });
      expect(foreign).toMatchObject({ flag: false, errorCode: 7008 });
    }
    const issue = async (vehicleId: string) => (await b.operator.post(`/gps/fence/${fenceB}/issue`, { vehicleIds: [vehicleId] }).expect(200)).body;
    const [foreignIssue, unknownIssue] = [await issue(a.vehicle.vehicleId), await issue(UNKNOWN)];
    expect({ ...foreignIssue, data: null }).toEqual({ ...unknownIssue, data: null });
    expect(foreignIssue.errorCode).toBe(8002);
    expect(JSON.stringify(foreignIssue)).not.toContain(a.vehicle.plate);
    // A revoke naming a foreign vehicle is refused whole: its own vehicle is not touched either.
    const revoke = (await b.operator.post(`/gps/fence/${fenceB}/revoke`, { vehicleIds: [b.vehicle.vehicleId, a.vehicle.vehicleId] }).expect(200)).body;
    expect(revoke).toMatchObject({ flag: false, errorCode: 8002 });
    const states = (await b.operator.get(`/gps/fence/${fenceB}/issues`).expect(200)).body.data as { vehicleId: string; state: string }[];
    expect(states.find((row) => row.vehicleId === b.vehicle.vehicleId)?.state ?? 'none').not.toBe('deleting');
  });

  it('refuses an export task naming another company, fleet or vehicle (8002) as it refuses unknown ones', async () => {
    const task = async (params: object, kind = 'mileage') => (await a.operator.post('/gps/export-task', { kind, params: { startTime: DAY, endTime: DAY, ...params } }).expect(200)).body;
    for (const [field, foreignId] of [['companyId', b.companyId], ['fleetId', b.fleetId], ['vehicleIds', b.vehicle.vehicleId]] as const) {
      const foreign = await task({ [field]: foreignId });
      const unknown = await task({ [field]: UNKNOWN });
      expect(foreign).toMatchObject({ flag: false, errorCode: 8002 });
      expect(foreign).toEqual(unknown);
    }
    expect(await task({ vehicleIds: `${a.vehicle.vehicleId},${b.vehicle.vehicleId}` })).toMatchObject({ flag: false, errorCode: 8002 });
    expect(await task({ companyId: a.companyId, fleetId: a.fleetId, vehicleIds: a.vehicle.vehicleId })).toMatchObject({ flag: true });
    const track = await task({ vehicleIds: b.vehicle.vehicleId, startTime: `${DAY} 00:00:00`, endTime: `${DAY} 23:59:59` }, 'track');
    expect(track).toMatchObject({ flag: false, errorCode: 8002 });
  });

  it('masks the FTP user and password of a 0x9206 order in the log, its detail and its export', async () => {
    const requestId = `video-iso-${Date.now()}`;
    const secret = { user: 'vdeadbeef0001', password: 'S3cretFtpPassw0rd' };
    await platform.app.get<EventBus>(EVENT_BUS).publish(Topics.instructionRequest, {
      key: a.vehicle.sim,
      value: {
        requestId,
        source: 'video',
        commandType: 'videoUpload',
        vehicleId: a.vehicle.vehicleId,
        msgId: '0x9206',
        body: { serverAddress: '127.0.0.1', port: 2121, ...secret, path: '/', channel: 1, startTime: '261127000000', endTime: '261127001000', alarmFlags: '0000000000000000', mediaType: 0, streamType: 0, storageLocation: 0, taskConditions: 7 },
        operatorId: 'video',
        offlinePolicy: 'fail',
        timeoutS: 15,
        requestedAt: Date.now(),
      },
    });
    const page = await waitFor('the 0x9206 order in the log', async () => {
      const body = (await a.operator.get(`/gps/sendOrder/page?batchId=${requestId}`).expect(200)).body;
      return body.data.records.length ? body : undefined;
    });
    const listed = page.data.records[0];
    expect(listed.body).toMatchObject({ user: '******', password: '******', serverAddress: '127.0.0.1', channel: 1 });
    const detail = (await a.operator.get(`/gps/sendOrder/${listed.id}`).expect(200)).body;
    expect(detail.data.body).toMatchObject({ user: '******', password: '******' });
    for (const text of [JSON.stringify(page), JSON.stringify(detail)]) for (const value of Object.values(secret)) expect(text).not.toContain(value);

    const file = await a.operator
      .get(`/gps/sendOrder/export?batchId=${requestId}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as never);
    const sheet = workbook.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const content = String(sheet.getRow(2).getCell(headers.indexOf('指令内容')).value);
    // The export writes the body it built key by key (issue 28: never JSON), credentials masked.
    expect(content).toEqual(expect.stringContaining('user=******'));
    expect(content).toEqual(expect.stringContaining('password=******'));
    expect(content).toEqual(expect.stringContaining('port=2121'));
    const cells = JSON.stringify(sheet.getSheetValues());
    for (const value of Object.values(secret)) expect(cells).not.toContain(value);
  });

  it('masks the dial user and password of a parameter query in the live events of the console socket and in terminalProM', async () => {
    const secrets = { user: 'dialer-iso-7', password: 'DialPassw0rd-iso' };
    const terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, a.vehicle);
    const url = `http://127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    const socket = io(url, { path: '/socket.io', auth: { token: a.operator.token.slice('Bearer '.length) }, transports: ['websocket'], reconnection: false });
    const seen: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
    try {
      await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
      const orderId = await waitFor('the terminal online for the instruction service', async () => {
        const body = await send(a.operator, { commandType: 'queryParams', vehicleIds: [a.vehicle.vehicleId] });
        return body.flag ? (body.data[0].orderId as string) : undefined;
      });
      const query = await terminal.expect((m) => m.msgId === 0x8104);
      const items = [
        { id: 0x0011, type: 'string', value: secrets.user },
        { id: 0x0012, type: 'string', value: secrets.password },
        { id: 0x0013, type: 'string', value: 'gps.alpha.example' },
      ];
      terminal.send(0x0104, { replySerial: query.serial, items });

      const orderEvent = await waitFor('the answered order on the socket', () =>
        seen.find(({ event, payload }) => event === 'instructionOrder' && (payload as InstructionOrderEvent).orderId === orderId && (payload as InstructionOrderEvent).replyBody)?.payload as InstructionOrderEvent | undefined,
      );
      expect(orderEvent.replyBody?.items).toEqual(expect.arrayContaining([
        expect.objectContaining({ id: 0x0011, value: MASK }),
        expect.objectContaining({ id: 0x0012, value: MASK }),
        expect.objectContaining({ id: 0x0013, value: 'gps.alpha.example' }),
      ]));
      const result = await waitFor('the command result on the socket', () => seen.find(({ event, payload }) => event === 'commandResult' && (payload as CommandResult).replyMsgId === '0x0104')?.payload as CommandResult | undefined);
      expect(result.replyBody?.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: 0x0012, value: MASK })]));

      const params = (await a.operator.get(`/gps/terminalParams/${a.vehicle.vehicleId}`).expect(200)).body;
      const byId = new Map((params.data.parameters as { id: number; value: unknown }[]).map((row) => [row.id, row.value]));
      expect([byId.get(0x0011), byId.get(0x0012), byId.get(0x0013)]).toEqual([MASK, MASK, 'gps.alpha.example']);
      for (const text of [JSON.stringify(seen), JSON.stringify(params)]) for (const value of Object.values(secrets)) expect(text).not.toContain(value);
    } finally {
      socket.close();
      terminal.close();
    }
  });

  it("answers another user's export task id exactly like a missing one", async () => {
    const created = (await a.operator.post('/gps/export-task', { kind: 'mileage', params: { startTime: DAY, endTime: DAY, companyId: a.companyId } }).expect(200)).body;
    expect(created).toMatchObject({ flag: true });
    const id = created.data.id as number;
    const missing = 987_654;
    const answer = async (path: (taskId: number) => string, method: 'get' | 'post' | 'del', taskId: number) => {
      const response = await (method === 'post' ? b.operator.post(path(taskId), {}) : b.operator[method](path(taskId))).buffer(true);
      return { status: response.status, body: JSON.parse(response.text) };
    };
    for (const [path, method] of [[(taskId: number) => `/gps/export-task/${taskId}/file`, 'get'], [(taskId: number) => `/gps/export-task/${taskId}/pause`, 'post'], [(taskId: number) => `/gps/export-task/${taskId}`, 'del']] as const) {
      const foreign = await answer(path, method, id);
      expect(foreign.body).toMatchObject({ flag: false, errorCode: 410 });
      expect(foreign).toEqual(await answer(path, method, missing));
    }
    // Its owner still has it.
    expect((await a.operator.get('/gps/export-task?size=100').expect(200)).body.data.records.some((row: { id: number }) => row.id === id)).toBe(true);
  });

  it('refuses reports filtered by another company, fleet or vehicle (tracking, alarm, energy) with 8002, as unknown ones', async () => {
    const report = async (path: string) => {
      const body = (await a.operator.get(path).expect(200)).body;
      expect(JSON.stringify(body)).not.toContain(b.vehicle.plate);
      // An id the caller sent may be echoed back: compare everything else.
      return JSON.stringify(body).split(`"${b.vehicle.vehicleId}"`).join(`"${UNKNOWN}"`);
    };
    const window = `startTime=${encodeURIComponent(`${DAY} 00:00:00`)}&endTime=${encodeURIComponent(`${DAY} 23:59:59`)}`;
    const cases: [path: string, field: string, foreignId: string][] = [
      [`/gps/report/mileage?startTime=${DAY}&endTime=${DAY}`, 'companyId', b.companyId],
      [`/gps/report/mileage?startTime=${DAY}&endTime=${DAY}`, 'fleetId', b.fleetId],
      [`/gps/report/mileage?startTime=${DAY}&endTime=${DAY}`, 'vehicleIds', b.vehicle.vehicleId],
      [`/gps/alarm/report/overspeed?${window}`, 'companyId', b.companyId],
      [`/gps/alarm/report/overspeed?${window}`, 'fleetId', b.fleetId],
      [`/gps/alarm/report/overspeed/top?${window}`, 'vehicleId', b.vehicle.vehicleId],
      [`/energy/history?${window}`, 'vehicleId', b.vehicle.vehicleId],
    ];
    for (const [path, field, foreignId] of cases) {
      const foreign = await report(`${path}&${field}=${foreignId}`);
      expect({ path, field, answer: JSON.parse(foreign) }).toMatchObject({ path, field, answer: { flag: false, errorCode: 8002 } });
      expect(foreign).toBe(await report(`${path}&${field}=${UNKNOWN}`));
    }
    // Its own company, fleet and vehicle still answer.
    const own = (await a.operator.get(`/gps/report/mileage?startTime=${DAY}&endTime=${DAY}&companyId=${a.companyId}&fleetId=${a.fleetId}&vehicleIds=${a.vehicle.vehicleId}`).expect(200)).body;
    expect(own).toMatchObject({ flag: true, data: { total: 1 } });
    expect((await a.operator.get(`/gps/alarm/report/overspeed?${window}&companyId=${a.companyId}&fleetId=${a.fleetId}&vehicleId=${a.vehicle.vehicleId}`).expect(200)).body).toMatchObject({ flag: true });
  });

  it('refuses the alarm list and its export filtered by another company, fleet or vehicle with 8002, as unknown ones', async () => {
    const window = `startTime=${encodeURIComponent(`${DAY} 00:00:00`)}&endTime=${encodeURIComponent(`${DAY} 23:59:59`)}`;
    const answer = async (path: string) => {
      const response = await a.operator.get(path).buffer(true).expect(200);
      expect(response.text).not.toContain(b.vehicle.plate);
      return response.text.split(`"${b.vehicle.vehicleId}"`).join(`"${UNKNOWN}"`);
    };
    for (const path of [`/gps/alarm/page?${window}`, `/gps/alarm/export?${window}`]) {
      for (const [field, foreignId] of [['companyId', b.companyId], ['fleetId', b.fleetId], ['vehicleId', b.vehicle.vehicleId]] as const) {
        const foreign = await answer(`${path}&${field}=${foreignId}`);
        expect({ path, field, answer: JSON.parse(foreign) }).toMatchObject({ path, field, answer: { flag: false, errorCode: 8002 } });
        expect(foreign).toBe(await answer(`${path}&${field}=${UNKNOWN}`));
      }
    }
    // Its own company, fleet and vehicle still answer (the alarm service learns them from the registry topic).
    const own = `companyId=${a.companyId}&fleetId=${a.fleetId}&vehicleId=${a.vehicle.vehicleId}`;
    await waitFor('own vehicle known to alarm', async () => ((await a.operator.get(`/gps/alarm/page?${window}&${own}`).expect(200)).body.flag ? true : undefined));
    expect((await a.operator.get(`/gps/alarm/page?${window}&${own}`).expect(200)).body).toMatchObject({ flag: true, data: { total: 0 } });
    const file = await a.operator.get(`/gps/alarm/export?${window}&${own}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as never);
    expect(workbook.worksheets[0].name).toBe('报警');
  });
});
