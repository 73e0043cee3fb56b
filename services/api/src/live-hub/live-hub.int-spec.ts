// socket.io live hub over a real TCP port: token checked at connect, events only for in-scope vehicles.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TokenService, type AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type AlarmEvent, type VehicleRegistryEntry } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { io, type Socket } from 'socket.io-client';
import { ApiModule } from '../api.module';
import { VehicleDirectory } from './vehicle-directory';

const env = { LOG_LEVEL: 'silent', AUTH_JWT_SECRET: 'live-hub-secret-live-hub-secret-0123456789' };
const alpha: AuthUser = { id: '5', companyId: '3', userType: 1, roleIds: [], superAdmin: false, scope: { companies: ['3'], fleets: [] } };

function vehicle(vehicleId: string, terminalPhone: string, companyPath: string[]): VehicleRegistryEntry {
  return { vehicleId, plateCode: `P${vehicleId}`, plateColor: 1, vin: '', companyId: companyPath.at(-1) ?? '', companyPath, fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now() };
}

function alarm(terminalPhone: string): AlarmEvent {
  return { alarmId: `a-${terminalPhone}`, terminalPhone, type: 'overspeed', level: 1, source: 'terminal', startedAt: Date.now(), latitude: 31.2, longitude: 121.5, speedKmh: 90 };
}

describe('api live hub (socket.io)', () => {
  let app: INestApplication;
  let url: string;
  let tokens: TokenService;
  const bus = new InProcessBus({ logger: silentBusLogger });
  const sockets: Socket[] = [];

  const connect = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });

  beforeAll(async () => {
    const config = loadConfig(PlatformConfig, env);
    const moduleRef = await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'api-test', config, bus, env }), ApiModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    tokens = app.get(TokenService);
    await bus.publish(Topics.vehicleRegistry, [
      { key: '1', value: vehicle('1', '13800000001', ['1', '3']) },
      { key: '2', value: vehicle('2', '13800000002', ['1', '4']) },
    ]);
    const directory = app.get(VehicleDirectory);
    while (!directory.find({ vehicleId: '2' })) await new Promise((resolve) => setTimeout(resolve, 10));
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await app.close();
  });

  it('refuses a connection without a valid token', async () => {
    await expect(connect('not-a-token')).rejects.toThrow('401');
    const expired = await tokens.sign(alpha, -5);
    await expect(connect(expired)).rejects.toThrow('401');
  });

  it('delivers only in-scope vehicle events, and everything to a super administrator', async () => {
    const scoped = await connect(await tokens.sign(alpha));
    const admin = await connect(await tokens.sign({ ...alpha, superAdmin: true, scope: { companies: [], fleets: [] } }));
    const scopedAlarms: string[] = [];
    const adminAlarms: string[] = [];
    scoped.on('alarm', (event: AlarmEvent) => scopedAlarms.push(event.terminalPhone));
    admin.on('alarm', (event: AlarmEvent) => adminAlarms.push(event.terminalPhone));
    await bus.publish(Topics.alarm, [alarm('13800000002'), alarm('13800000001')].map((value) => ({ key: value.terminalPhone, value })));
    const started = Date.now();
    while (adminAlarms.length < 2 && Date.now() - started < 3000) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(adminAlarms.sort()).toEqual(['13800000001', '13800000002']);
    expect(scopedAlarms).toEqual(['13800000001']);
  });
});
