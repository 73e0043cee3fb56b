// The big screen's push over a real socket.io connection: the api module with the in-process bus
// (the hub has no tables), fed the registry, tracking's states, positions, alarms and a GB/T 32960
// report; a company user gets only its company's figures, a super administrator everything.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import {
  HubCommand, HubEvent, Topics,
  type AlarmEvent, type ClientToServerEvents, type DashboardPayload, type Position, type ServerToClientEvents, type VehicleRegistryEntry, type VehicleStateEvent,
} from '@openfleet/contracts';
import { encodeRealtime } from '@openfleet/gb32960';
import { placeIndexReady } from '@openfleet/geo';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { io, type Socket as IoSocket } from 'socket.io-client';
import { ApiModule } from '../../api.module';

type Socket = IoSocket<ServerToClientEvents, ClientToServerEvents>;

const TICK_MS = 300;
const env = { LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'dashboard-secret-dashboard-secret-0123456789', DASHBOARD_TICK_MS: String(TICK_MS) };
const companyThree: AuthUser = { id: '5', companyId: '3', userType: 1, roleIds: [], superAdmin: false, scope: { companies: ['3'], fleets: [] } };
const superAdmin: AuthUser = { ...companyThree, id: '1', superAdmin: true, scope: { companies: [], fleets: [] } };

const phone = (id: string) => `1380000000${id}`;
function vehicle(id: string, company: string): VehicleRegistryEntry {
  return { vehicleId: id, plateCode: `沪A0000${id}`, plateColor: 1, vin: `LSJMEV0000000000${id}`, companyId: company, companyPath: ['1', company], fleetPath: [], terminalPhone: phone(id), deleted: false, updatedAt: Date.now() };
}
function state(id: string, online: boolean, speedKmh: number): VehicleStateEvent {
  return { terminalPhone: phone(id), vehicleId: id, vehicleStatus: online ? 1 : 0, locateStatus: 1, displayStatus: 'online', gpsTimeS: 1, latitude: 31.23, longitude: 121.47, speedKmh, direction: 0, alarmFlags: 0, updatedAt: Date.now() };
}
function position(id: string, mileageHm: number, lon: number, lat: number): Position {
  return {
    terminalPhone: phone(id), vehicleId: '', gpsTimeS: Math.floor(Date.now() / 1000), receivedAtMs: Date.now(), latitudeE6: lat * 1e6, longitudeE6: lon * 1e6, altitudeM: 4,
    speedDkmh: 400, directionDeg: 0, alarmFlags: 0, statusFlags: 3, mileageHm, hasMileage: true, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false,
    blindArea: false, serial: 1, sequence: 0, extrasJson: '',
  };
}
function alarm(alarmId: string, id: string, type: string, level: 0 | 1 | 2 | 3): AlarmEvent {
  return { alarmId, terminalPhone: phone(id), type, level, source: 'terminal', startedAt: Date.now(), latitude: 31.23, longitude: 121.47, speedKmh: 40 };
}
const wholeVehicle = { vehicleState: 1, chargeState: 1, runMode: 1, speedKmh: 0, mileageKm: 100, voltageV: 350, currentA: -10, socPercent: 45, dcdcState: 1, gear: 0x2e, insulationKOhm: 5000, acceleratorPercent: 0, brakePercent: 0 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('api hub: the dashboard event', () => {
  let app: INestApplication;
  let url: string;
  let tokens: TokenService;
  const bus = new InProcessBus({ logger: silentBusLogger });
  const sockets: Socket[] = [];

  const follow = async (user: AuthUser) => {
    const socket: Socket = io(url, { path: '/socket.io', auth: { token: await tokens.sign(user) }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise((resolve, reject) => (socket.on('connect', () => resolve(undefined)), socket.on('connect_error', reject)));
    const pushes: DashboardPayload[] = [];
    socket.on(HubEvent.dashboard, (payload) => pushes.push(payload));
    expect(await socket.emitWithAck(HubCommand.dashboard, { follow: true })).toMatchObject({ flag: true, errorCode: 200 });
    return { socket, pushes };
  };

  beforeAll(async () => {
    await placeIndexReady(); // provinces from the boundary index, not the stand-in of the first seconds
    const config = loadConfig(PlatformConfig, env);
    const moduleRef = await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'api-dashboard-test', config, bus, env }), ApiModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    tokens = app.get(TokenService);
    // Vehicles 1 and 3 belong to company 3, vehicle 2 to company 4.
    await bus.publish(Topics.vehicleRegistry, ['1', '2', '3'].map((id) => ({ key: id, value: vehicle(id, id === '2' ? '4' : '3') })));
    await bus.publish(Topics.vehicleState, [state('1', true, 40), state('2', true, 40), state('3', false, 0)].map((value) => ({ key: value.terminalPhone, value })));
    const registry = app.get(VehicleRegistry);
    while (!registry.stateByVehicleId('3')) await sleep(10);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await app.close();
  });

  it('pushes the figures of the user’s companies only, and everything to a super administrator', async () => {
    const scoped = await follow(companyThree);
    const admin = await follow(superAdmin);
    // Vehicle 1 drives 12.5 km in Beijing, vehicle 2 (company 4) 30 km in Shanghai.
    await bus.publish(Topics.position, [position('1', 1000, 116.4, 39.9), position('1', 1125, 116.4, 39.9), position('2', 5000, 121.47, 31.23), position('2', 5300, 121.47, 31.23)].map((value) => ({ key: value.terminalPhone, value })));
    await bus.publish(Topics.alarm, [alarm('a1', '1', 'overspeed', 1), alarm('a2', '2', 'emergency', 0), alarm('a3', '2', 'emergency', 0)].map((value) => ({ key: value.terminalPhone, value })));
    await bus.publish(Topics.energyReport, [{ key: phone('3'), value: { reports: [{ vin: 'LSJMEV00000000003', vehicleId: '3', collectedAt: Date.now(), receivedAt: Date.now(), reissued: false, data: encodeRealtime({ time: '2026-11-27 10:00:00', units: [{ type: 1, vehicle: wholeVehicle }] }) }] } }]);
    await sleep(TICK_MS * 2.5);

    const mine = scoped.pushes.at(-1)!;
    expect(mine.vehicles).toEqual({ total: 2, online: 1, moving: 1, offline: 1 });
    expect(mine.mileageKm).toBe(12.5);
    expect(mine.alarms).toEqual({ total: 1, byLevel: [0, 1, 0, 0], byType: [{ key: 'overspeed', count: 1 }] });
    expect(mine.ticker.map((item) => [item.alarmId, item.plateCode])).toEqual([['a1', '沪A00001']]);
    expect(mine.provinces).toEqual([{ key: '11', count: 1 }, { key: '31', count: 1 }]);
    expect(mine.topCompaniesByMileage).toEqual([{ companyId: '3', value: 12.5 }]);
    expect(mine.energy).toEqual({ vehicles: 1, charging: 1, socBuckets: [0, 0, 1, 0, 0] });

    const everything = admin.pushes.at(-1)!;
    expect(everything.vehicles).toEqual({ total: 3, online: 2, moving: 2, offline: 1 });
    expect(everything.mileageKm).toBe(42.5);
    expect(everything.alarms.byType).toEqual([{ key: 'emergency', count: 2 }, { key: 'overspeed', count: 1 }]);
    expect(everything.topCompaniesByAlarms).toEqual([{ companyId: '4', value: 2 }, { companyId: '3', value: 1 }]);
  });

  it('pushes once per tick while followed, and stops after follow false; a bad request is refused', async () => {
    const { socket, pushes } = await follow(companyThree);
    await sleep(TICK_MS * 4.5);
    expect(pushes.length).toBeGreaterThanOrEqual(4); // the first at once, then one per tick
    expect(pushes.length).toBeLessThanOrEqual(6);
    expect(await socket.emitWithAck(HubCommand.dashboard, 'nonsense' as never)).toMatchObject({ flag: false, errorCode: 400 });
    expect(await socket.emitWithAck(HubCommand.dashboard, { follow: false })).toMatchObject({ flag: true });
    const stopped = pushes.length;
    await sleep(TICK_MS * 3);
    expect(pushes.length).toBe(stopped);
  });
});
