// Every vehicle on the map, whatever it speaks (issue 28): vehicles provisioned through the admin API
// by their VIN report over GB/T 32960 and HJ 1239 on real TCP, and show in tracking like an 808
// terminal: latest positions, the vehicle tree, the home counts, history, online spells. A vehicle
// with an 808 terminal and a GB/T 32960 link is one vehicle: the 808 terminal while it is online,
// the link otherwise. Another company's operator sees none of them. On SQLite and MariaDB.
import { getDataSourceToken } from '@nestjs/typeorm';
import { Gb32960Server, Hj1239Server } from '@openfleet/energy';
import { Gateway808Server } from '@openfleet/gateway-808';
import { locationBody, type TestTerminal } from '@openfleet/gateway-808/testing';
import {
  decodeFrame,
  decodeHj1239Frame,
  Gb32960Deframer,
  encodeFrame,
  encodeHj1239Frame,
  encodeHj1239Login,
  encodeHj1239Realtime,
  encodeRealtime,
  encodeVehicleLogin,
  type DieselStream,
  type Gb32960Frame,
  type Hj1239Frame,
  type RealtimeUnit,
} from '@openfleet/gb32960';
import { formatChinaTime, type LatestPosition, type ScopeOverview } from '@openfleet/contracts';
import { testStorageEnv } from '@openfleet/storage';
import { createConnection } from 'mysql2/promise';
import { connect, type Socket } from 'node:net';
import type { DataSource } from 'typeorm';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(120_000);

const ACTIONS = ['home', 'multiCar', 'historyTrack', 'historyTrack:search'];
const EV_VIN = 'LSJMEV0000000D001';
const HJ_VIN = 'LFWHJ00000000D002';
const MIX_VIN = 'LSJMEV0000000D003';

const evUnits = (longitude: number, latitude: number, speedKmh = 36): RealtimeUnit[] => [
  { type: 1, vehicle: { vehicleState: 1, chargeState: 3, runMode: 1, speedKmh, mileageKm: 1000, voltageV: 350, currentA: 10, socPercent: 80, dcdcState: 1, gear: 0x2e, insulationKOhm: 5000, acceleratorPercent: 20, brakePercent: 0 } },
  { type: 5, position: { status: 0, longitude, latitude } },
];
const dieselStream = (longitude: number, latitude: number): DieselStream => ({
  speedKmh: 50, atmosphericPressureKpa: 101, engineTorquePercent: 40, frictionTorquePercent: 5, engineRpm: 1500, fuelFlowLph: 12.5, noxUpstreamPpm: 450, noxDownstreamPpm: 30,
  reagentPercent: 80, intakeAirKgph: 600, scrInletTempC: 300, scrOutletTempC: 280, dpfPressureDropKpa: 2.5, coolantTempC: 85, fuelLevelPercent: 50,
  positionStatus: 0, longitude, latitude, odometerKm: 8000,
});

/** A vehicle's connection ("##" framing, GB/T 32960 or HJ 1239): frames out, decoded answers in. */
class VehicleSocket<Frame> {
  private readonly deframer = new Gb32960Deframer();
  readonly answers: Frame[] = [];
  closed = false;
  private constructor(readonly socket: Socket, decode: (bytes: Buffer) => Frame) {
    socket.on('data', (chunk: Buffer) => this.answers.push(...this.deframer.push(chunk).map(decode)));
    socket.on('close', () => (this.closed = true));
    socket.on('error', () => undefined);
  }
  static async open<Frame>(port: number, decode: (bytes: Buffer) => Frame): Promise<VehicleSocket<Frame>> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    return new VehicleSocket(socket, decode);
  }
  /** The answer at `index`, once it has come. */
  next(index: number): Promise<Frame> {
    return waitFor('an answer', () => (this.answers.length > index ? this.answers[index] : undefined), 5_000);
  }
}

/** A GB/T 32960 vehicle on TCP: login, reports (each answered), logout. */
class Ev {
  private answered = 0;
  private constructor(private readonly socket: VehicleSocket<Gb32960Frame>, private readonly vin: string) {}
  static async login(port: number, vin: string): Promise<Ev> {
    for (let attempt = 0; attempt < 40; attempt++) {
      const ev = new Ev(await VehicleSocket.open(port, decodeFrame), vin);
      // Refused (0x02) while the registry has not reached the gateway yet.
      if ((await ev.call(0x01, encodeVehicleLogin({ time: formatChinaTime(Date.now()), serial: 1, iccid: '89860012345678901234', subsystemCodes: ['PACK00000001'] }))).response === 1) return ev;
      ev.close();
      await sleep(250);
    }
    throw new Error(`${vin} never logged in`);
  }
  async call(command: number, data: Buffer): Promise<Gb32960Frame> {
    this.socket.socket.write(encodeFrame({ command, response: 0xfe, vin: this.vin, encryption: 1, data }));
    return this.socket.next(this.answered++);
  }
  async report(atMs: number, longitude: number, latitude: number): Promise<void> {
    expect((await this.call(0x02, encodeRealtime({ time: formatChinaTime(atMs), units: evUnits(longitude, latitude) }))).response).toBe(1);
  }
  close(): void {
    this.socket.socket.destroy();
  }
}

/** An HJ 1239 truck on TCP: login (no answer: the link simply stays open), then data streams. */
async function hjTruck(port: number, vin: string): Promise<VehicleSocket<Hj1239Frame>> {
  const truck = await VehicleSocket.open(port, decodeHj1239Frame);
  truck.socket.write(encodeHj1239Frame({ command: 0x01, vin, softwareVersion: 2, encryption: 1, data: encodeHj1239Login({ time: formatChinaTime(Date.now()), serial: 1, iccid: '89860012345678901234' }) }));
  return truck;
}
const hjReport = (vin: string, atMs: number, longitude: number, latitude: number) =>
  encodeHj1239Frame({ command: 0x02, vin, softwareVersion: 2, encryption: 1, data: encodeHj1239Realtime({ sentAt: formatChinaTime(atMs), serial: 2, infos: [{ type: 2, collectedAt: formatChinaTime(atMs), stream: dieselStream(longitude, latitude) }] }) });

async function dropSchemas(prefix: string): Promise<void> {
  const connection = await createConnection({ host: '127.0.0.1', user: 'root', password: '' });
  const [rows] = await connection.query('SHOW DATABASES');
  for (const { Database } of rows as { Database: string }[]) if (Database.startsWith(prefix)) await connection.query(`DROP DATABASE \`${Database}\``);
  await connection.end();
}

describe.each(['sqlite', 'mysql'] as const)('vehicles over GB/T 32960 and HJ 1239 in tracking, on %s', (engine) => {
  const env = testStorageEnv(engine, 'vinlink');
  let platform: RunningPlatform;
  let admin: ApiClient;
  let operator: ApiClient;
  let stranger: ApiClient;
  let mix: ProvisionedVehicle;
  const ids: Record<'ev' | 'hj', string> = { ev: '', hj: '' };
  const closers: (() => void)[] = [];
  const t0 = Math.floor(Date.now() / 1000) * 1000 - 120_000;

  const latest = async (client: ApiClient, vehicleIds = ''): Promise<{ errorCode: number; data: LatestPosition[] }> => (await client.get(`/gps/position/findLatestPositions${vehicleIds ? `?vehicleIds=${vehicleIds}` : ''}`).expect(200)).body;
  const rowOf = async (vehicleId: string) => (await latest(operator)).data.find((row) => String(row.vehicleId) === vehicleId);
  const overview = async (client: ApiClient): Promise<ScopeOverview> => (await client.get('/gps/position/findScopeOverview').expect(200)).body.data;
  const tracking = () => platform.app.get<DataSource>(getDataSourceToken('tracking'), { strict: false });

  beforeAll(async () => {
    platform = await startTestPlatform('strict', env.DATA_DIR, env as Record<string, string>);
    admin = await loginAdmin(platform);
    const companyOf = async (name: string, n: number) => {
      const companyId = await admin.create('/basic/company', { name });
      const roleId = await admin.create('/basic/role', { name: `vinlink-${n}`, companyId, roleType: 3, actionCodes: ACTIONS });
      await admin.create('/basic/user', { account: `vinlink${n}`, name: n === 1 ? 'Operator Alpha' : 'Operator Beta', password: 'Operator123', userType: 1, companyId, roleIds: [Number(roleId)] });
      return { companyId, client: await login(platform, `vinlink${n}`, 'Operator123') };
    };
    const a = await companyOf('VIN Link Logistics', 1);
    const b = await companyOf('Other Haulage', 2);
    operator = a.client;
    stranger = b.client;
    ids.ev = await admin.create('/basic/vehicle', { plateCode: '京AD0001', plateColor: 5, vehicleType: 1, companyId: a.companyId, vin: EV_VIN });
    ids.hj = await admin.create('/basic/vehicle', { plateCode: '京AH0002', plateColor: 2, vehicleType: 1, companyId: a.companyId, vin: HJ_VIN });
    mix = await provisionVehicle(admin, a.companyId, { sim: '13700000003', plate: '京AD0003', terminalCode: 'VIN0003', version: '2013' });
    const vin = await admin.put(`/basic/vehicle/${mix.vehicleId}`, { plateCode: mix.plate, plateColor: 5, vehicleType: 1, companyId: Number(a.companyId), vin: MIX_VIN }).expect(200);
    expect(vin.body.flag).toBe(true);
    // Company B has a vehicle too: its operator's scope is not empty.
    await admin.create('/basic/vehicle', { plateCode: '京BX0009', plateColor: 2, vehicleType: 1, companyId: b.companyId });
  });

  afterAll(async () => {
    closers.forEach((close) => close());
    await platform?.app.close();
    if (engine === 'mysql') await dropSchemas(env.MYSQL_DATABASE_PREFIX!);
  });

  it('puts a GB/T 32960-only vehicle on the map: latest position, tree, home counts, history; its spell ends with the link', async () => {
    const ev = await Ev.login(platform.app.get(Gb32960Server).port(), EV_VIN);
    closers.push(() => ev.close());
    await ev.report(t0, 116.3, 39.9);
    await ev.report(t0 + 10_000, 116.301, 39.9);
    const row = await waitFor('the EV online with its position', async () => {
      const found = await rowOf(ids.ev);
      return found?.vehicleStatus === 1 && found.latitude !== null ? found : undefined;
    });
    expect(row).toMatchObject({ terminalPhone: `EV:${EV_VIN}`, plateCode: '京AD0001', latitude: 39.9, longitude: 116.301, gpsSpeed: 36, locateStatus: 1 });

    type TreeNode = { type: string; id: number; vehicleStatus?: number; children: TreeNode[] };
    const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
    await waitFor('the EV online in the tree', async () => {
      const tree = (await operator.get('/basic/tree/findVehicleTreeInfoList').expect(200)).body.data as TreeNode[];
      return flatten(tree).find((node) => node.type === 'vehicle' && String(node.id) === ids.ev)?.vehicleStatus === 1;
    });
    const counts = await overview(operator);
    expect(counts.total).toBe(3);
    expect(counts.online).toBeGreaterThanOrEqual(1);

    const window = `startTime=${encodeURIComponent(formatChinaTime(t0 - 60_000))}&endTime=${encodeURIComponent(formatChinaTime(t0 + 60_000))}`;
    const history = (await operator.get(`/gps/vtrack/findHistoryTrack?vehicleId=${ids.ev}&isAllLocations=1&${window}`).expect(200)).body;
    expect(history.flag).toBe(true);
    expect(history.data.points.map((point: { longitude: number }) => point.longitude)).toEqual([116.3, 116.301]);

    // Another company's operator: not in its list, and asked by id the same answer as an unknown vehicle.
    expect((await latest(stranger)).data.map((found) => String(found.vehicleId))).not.toContain(ids.ev);
    expect((await latest(stranger, ids.ev)).errorCode).toBe(8002);
    expect((await stranger.get(`/gps/vtrack/findHistoryTrack?vehicleId=${ids.ev}&isAllLocations=1&${window}`).expect(200)).body.errorCode).toBe(8002);

    ev.close();
    await waitFor('the EV offline', async () => (await rowOf(ids.ev))?.vehicleStatus === 0);
    const spells: { started_at: number | string; ended_at: number | string | null }[] = await waitFor('its spell ended', async () => {
      const rows = await tracking().query('SELECT started_at, ended_at FROM online_session WHERE terminal_phone = ?', [`EV:${EV_VIN}`]);
      return rows.length && rows.every((spell: { ended_at: unknown }) => spell.ended_at !== null) ? rows : undefined;
    });
    expect(spells).toHaveLength(1);
    const [spell] = await tracking().query('SELECT vehicle_id FROM online_session WHERE terminal_phone = ?', [`EV:${EV_VIN}`]);
    expect(String(spell.vehicle_id)).toBe(ids.ev);
  });

  it('puts an HJ 1239 truck on the map from its data stream, for its own company only', async () => {
    const truck = await waitFor('the truck logged in', async () => {
      const candidate = await hjTruck(platform.app.get(Hj1239Server).port(), HJ_VIN);
      await sleep(200);
      if (!candidate.closed) return candidate;
      return undefined;
    });
    closers.push(() => truck.socket.destroy());
    truck.socket.write(hjReport(HJ_VIN, t0 + 20_000, 121.47, 31.23));
    const row = await waitFor('the truck online with its position', async () => {
      const found = await rowOf(ids.hj);
      return found?.vehicleStatus === 1 && found.latitude !== null ? found : undefined;
    });
    expect(row).toMatchObject({ terminalPhone: `HJ:${HJ_VIN}`, latitude: 31.23, longitude: 121.47, gpsSpeed: 50, accState: 1 });
    expect((await latest(stranger, ids.hj)).errorCode).toBe(8002);
    expect((await overview(stranger)).total).toBe(1);
  });

  it('shows a vehicle with an 808 terminal and a GB/T 32960 link once: the terminal while online, the link otherwise', async () => {
    const terminal: TestTerminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, mix);
    closers.push(() => terminal.close());
    await terminal.expectAck(terminal.send(0x0200, { ...locationBody(0, new Date(t0 + 30_000)), latitude: 30.5, longitude: 114.3 }));
    await waitFor('the 808 terminal online', async () => {
      const found = await rowOf(mix.vehicleId);
      return found?.vehicleStatus === 1 && found.latitude === 30.5;
    });
    // The energy gateway learns that the terminal is online from tracking's vehicle state.
    await sleep(500);
    const ev = await Ev.login(platform.app.get(Gb32960Server).port(), MIX_VIN);
    closers.push(() => ev.close());
    await ev.report(t0 + 40_000, 100.1, 20.2);
    await sleep(1_000);
    const rows = (await latest(operator)).data.filter((found) => String(found.vehicleId) === mix.vehicleId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ terminalPhone: '13700000003', latitude: 30.5, vehicleStatus: 1 });
    // While the terminal is online the link's positions do not reach tracking at all.
    const [none] = await tracking().query('SELECT COUNT(*) AS n FROM track_point WHERE terminal_phone = ?', [`EV:${MIX_VIN}`]);
    expect(Number(none.n)).toBe(0);
    const counts = await overview(operator);
    expect(counts.total).toBe(3);

    terminal.close();
    await waitFor('the terminal offline, the vehicle still online over its link', async () => {
      const found = await rowOf(mix.vehicleId);
      return found?.vehicleStatus === 1 && found.terminalPhone === `EV:${MIX_VIN}`;
    });
    await sleep(500);
    await ev.report(t0 + 50_000, 100.2, 20.3);
    const moved = await waitFor('the link\'s position shown', async () => {
      const found = await rowOf(mix.vehicleId);
      return found?.latitude === 20.3 ? found : undefined;
    });
    expect(moved).toMatchObject({ terminalPhone: `EV:${MIX_VIN}`, vehicleStatus: 1, longitude: 100.2 });
    expect((await latest(operator)).data.filter((found) => String(found.vehicleId) === mix.vehicleId)).toHaveLength(1);
    expect((await overview(operator)).total).toBe(3);
  });
});
