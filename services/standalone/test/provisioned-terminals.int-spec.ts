// The path a deployment takes: an operator provisions vehicles, terminals and SIM cards through the
// admin API, the gateway runs the `strict` policy, and real terminals send their SIM number the way
// the standard pads it (2013: 12 digits, 2019: 20 digits). Their positions must show everywhere the
// console looks: latest positions, history track, daily mileage, the vehicle tree and the live push.
import { Gateway808Server } from '@openfleet/gateway-808';
import type { LivePosition } from '@openfleet/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { locationBody, TestTerminal } from '@openfleet/gateway-808/testing';
import type { RunningPlatform } from '../src';
import { startTestPlatform, TEST_ADMIN_PASSWORD as PASSWORD } from './test-platform';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Provisioned phone (as an operator types it) and the header form each edition sends. */
const TERMINALS = [
  { phone: '13900000001', header: '013900000001', version: '2013' as const, plate: '京A70001', code: 'PRV0001' },
  { phone: '13900000002', header: '00000000013900000002', version: '2019' as const, plate: '京A70002', code: 'PRV0002' },
];

describe('standalone, strict registration: provisioned 2013 and 2019 terminals', () => {
  let platform: RunningPlatform;
  let dataDir: string;
  let token: string;
  const authCodes: string[] = [];
  let socket: Socket | undefined;
  const vehicleIds: string[] = [];
  const terminals: TestTerminal[] = [];
  const pushed: LivePosition[] = [];
  const http = () => request(platform.app.getHttpServer());
  const get = (path: string) => http().get(path).set('Authorization', token);
  const post = (path: string, body: object) => http().post(path).set('Authorization', token).send(body);

  const start = () => startTestPlatform('strict', dataDir);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'openfleet-provisioned-'));
    platform = await start();
    const login = await http().post('/login').send({ username: 'admin', password: PASSWORD }).expect(200);
    token = `Bearer ${login.body.data.access_token}`;
    const created = async (path: string, body: object) => {
      const response = await post(path, body).expect(200);
      if (!response.body.flag) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
      return String(response.body.data.id ?? response.body.data);
    };
    const companyId = await created('/basic/company', { name: 'Provisioned Logistics' });
    for (const terminal of TERMINALS) {
      const vehicleId = await created('/basic/vehicle', { plateCode: terminal.plate, plateColor: 2, vehicleType: 1, companyId });
      await created('/basic/sim-card', { number: terminal.phone, operator: 1, companyId });
      const terminalId = await created('/basic/terminal', { terminalCode: terminal.code, terminalPhone: terminal.phone, companyId });
      const bound = await post(`/basic/vehicle/${vehicleId}/bind`, { terminalId: Number(terminalId) }).expect(200);
      expect(bound.body.flag).toBe(true);
      vehicleIds.push(vehicleId);
    }
    const url = `http://127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    socket = io(url, { path: '/socket.io', auth: { token: token.slice('Bearer '.length) }, transports: ['websocket'], reconnection: false });
    socket.on('positions', (batch: LivePosition[]) => pushed.push(...batch));
    await new Promise<void>((resolve, reject) => socket!.on('connect', resolve).on('connect_error', reject));
  });

  afterAll(async () => {
    socket?.close();
    terminals.forEach((terminal) => terminal.close());
    await platform?.app.close();
  });

  it('registers, authenticates and shows each terminal in every view', async () => {
    const port = platform.app.get(Gateway808Server).address().port;
    const reportTime = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    for (const [index, provisioned] of TERMINALS.entries()) {
      const terminal = await TestTerminal.open(port, provisioned.header, provisioned.version);
      terminals.push(terminal);
      // The registry publishes asynchronously after the bind: retry registration until the gateway knows the phone.
      let authenticated = false;
      for (let attempt = 0; attempt < 40 && !authenticated; attempt++) {
        try {
          authCodes.push(await terminal.login(provisioned.code));
          authenticated = true;
        } catch {
          await sleep(250);
        }
      }
      expect(authenticated).toBe(true);
      for (let i = 0; i < 3; i++) {
        const body = locationBody(index * 10 + i, new Date(reportTime.getTime() + i * 10_000));
        const serial = terminal.send(0x0200, { ...body, extras: [{ id: 0x01, kind: 'mileageKm', value: 1000 + i }] });
        expect((await terminal.expectAck(serial)).body).toMatchObject({ result: 0 });
      }
    }

    type Latest = { vehicleId: string; terminalPhone: string; vehicleStatus: number; latitude: number | null; plateCode: string };
    let latest: Latest[] = [];
    for (let waited = 0; waited < 10_000; waited += 200) {
      latest = (await get('/gps/position/findLatestPositions').expect(200)).body.data as Latest[];
      if (vehicleIds.every((id) => latest.some((row) => String(row.vehicleId) === id && row.latitude !== null && row.vehicleStatus === 1))) break;
      await sleep(200);
    }
    for (const [index, vehicleId] of vehicleIds.entries()) {
      const row = latest.find((candidate) => String(candidate.vehicleId) === vehicleId);
      expect(row).toMatchObject({ terminalPhone: TERMINALS[index].phone, plateCode: TERMINALS[index].plate, vehicleStatus: 1 });
      expect(row!.latitude).toBeCloseTo(39.9 + (index * 10 + 2) * 1e-4, 3);
    }
    // No second row under the padded header phone.
    expect(latest).toHaveLength(vehicleIds.length);

    const window = `startTime=${encodeURIComponent(fmt(reportTime.getTime() - 60_000))}&endTime=${encodeURIComponent(fmt(reportTime.getTime() + 120_000))}`;
    for (const vehicleId of vehicleIds) {
      const history = (await get(`/gps/vtrack/findHistoryTrack?vehicleId=${vehicleId}&isAllLocations=1&${window}`).expect(200)).body;
      expect(history).toMatchObject({ flag: true, data: { pointCount: 3 } });
      expect(history.data.points).toHaveLength(3);
      const mileage = JSON.parse((await get(`/gps/vtrack/findDailyMileage?vehicleId=${vehicleId}&isAllLocations=1&isCompress=0&${window}`).expect(200)).text);
      expect(mileage.flag).toBe(true);
      expect(JSON.parse(mileage.data.listAll)).toHaveLength(3);
      expect(mileage.data.mileageTotal).toBeCloseTo(2, 1);
    }

    type TreeNode = { type: string; id: number; vehicleStatus?: number; children: TreeNode[] };
    const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
    let onlineInTree: number[] = [];
    for (let waited = 0; waited < 10_000; waited += 200) {
      const tree = (await get('/basic/tree/findVehicleTreeInfoList').expect(200)).body.data as TreeNode[];
      onlineInTree = flatten(tree).filter((node) => node.type === 'vehicle' && node.vehicleStatus === 1).map((node) => String(node.id)).map(Number);
      if (onlineInTree.length === vehicleIds.length) break;
      await sleep(200);
    }
    expect(onlineInTree.sort()).toEqual(vehicleIds.map(Number).sort());

    for (let waited = 0; waited < 5_000 && !vehicleIds.every((id) => pushed.some((p) => String(p.vehicleId) === id)); waited += 100) await sleep(100);
    for (const [index, vehicleId] of vehicleIds.entries()) {
      expect(pushed.find((position) => String(position.vehicleId) === vehicleId)).toMatchObject({ terminalPhone: TERMINALS[index].phone, plateCode: TERMINALS[index].plate });
    }
  });

  it('stores the registration: the code still authenticates after a restart, and logoutTerminal voids it', async () => {
    type TerminalRow = { terminalPhone: string; registrationState: number; deviceId?: string };
    const rows = (await get('/basic/terminal?current=1&size=50').expect(200)).body.data.records as TerminalRow[];
    for (const provisioned of TERMINALS) expect(rows.find((row) => row.terminalPhone === provisioned.phone)).toMatchObject({ registrationState: 1 });
    terminals.splice(0).forEach((terminal) => terminal.close());
    socket?.close();
    await platform.app.close();
    platform = await start();
    const login = await http().post('/login').send({ username: 'admin', password: PASSWORD }).expect(200);
    token = `Bearer ${login.body.data.access_token}`;
    const port = () => platform.app.get(Gateway808Server).address().port;
    const authenticate = async (index: number) => {
      const terminal = await TestTerminal.open(port(), TERMINALS[index].header, TERMINALS[index].version);
      terminals.push(terminal);
      const serial = terminal.send(0x0102, TERMINALS[index].version === '2019' ? { authCode: authCodes[index], imei: '123456789012345', softwareVersion: '1.0' } : { authCode: authCodes[index] });
      return ((await terminal.expectAck(serial)).body as { result: number }).result;
    };
    // The registry snapshot admin publishes at start carries the stored code.
    let result = 1;
    for (let attempt = 0; attempt < 20 && result !== 0; attempt++) {
      result = await authenticate(0);
      if (result !== 0) await sleep(250);
    }
    expect(result).toBe(0);
    expect((await get(`/basic/terminal/logoutTerminal?vehicleId=${vehicleIds[0]}`).expect(200)).body.flag).toBe(true);
    for (let attempt = 0; attempt < 20 && result === 0; attempt++) {
      await sleep(100);
      result = await authenticate(0);
    }
    expect(result).toBe(1);
    expect(await authenticate(1)).toBe(0);
  });
});

/** yyyy-MM-dd HH:mm:ss in China time, the form the /gps queries take. */
function fmt(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
