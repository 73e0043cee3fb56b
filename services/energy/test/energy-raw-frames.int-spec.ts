// The energy gateways' raw-frame capture (gateway.raw-frames.v1, for the frame archive): a GB/T
// 32960 login and its answer arrive as frames of the VIN, protocol gb32960, up and down; a frame with
// a wrong BCC arrives marked BCC_MISMATCH with its bytes; an HJ 1239 frame arrives as hj1239.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type RawFrame } from '@openfleet/contracts';
import { decodeFrame, decodeHj1239Frame, encodeFrame, encodeHj1239Frame, encodeHj1239Login, encodeVehicleLogin } from '@openfleet/gb32960';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { testStorageEnv } from '@openfleet/storage';
import { EnergyModule, Gb32960Server, Hj1239Server } from '../src';
import { eventually, VehicleSocket } from './vehicle-socket';

jest.setTimeout(60_000);

const VIN = 'LSVAU2180N2183294';

describe('energy gateways capture raw frames', () => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv('sqlite', 'energyraw'), LOG_LEVEL: 'silent', ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', AUTH_JWT_SECRET: 'energy-raw-test-secret-energy-raw-test-0123456' };
  let app: INestApplication;
  const captured: RawFrame[] = [];

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.vehicleRegistry, [{ key: 'ev1', value: { vehicleId: 'ev1', plateCode: '京AD12345', plateColor: 5, vin: VIN, companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: Date.now() } }]);
    await bus.subscribe(Topics.rawFrames, { group: 'test-raw', handle: async (messages) => void captured.push(...messages.flatMap((m) => m.value.frames)) });
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'energy-raw-test', config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('publishes a 32960 login and its answer, and a frame with a wrong BCC marked with why', async () => {
    const link = await VehicleSocket.open(app.get(Gb32960Server).port(), decodeFrame);
    const login = encodeFrame({ command: 0x01, response: 0xfe, vin: VIN, encryption: 1, data: encodeVehicleLogin({ time: '2026-11-24 10:00:00', serial: 1, iccid: '89860012345678901234', subsystemCodes: ['PACK00000001'] }) });
    link.socket.write(login);
    await link.next(0);
    const bad = Buffer.from(encodeFrame({ command: 0x07, response: 0xfe, vin: VIN, encryption: 1, data: Buffer.alloc(0) }));
    bad[bad.length - 1] ^= 0xff;
    link.socket.write(bad);
    await eventually(async () => captured.some((frame) => frame.error), Boolean, 'the bad frame');
    const frames = captured.filter((frame) => frame.protocol === 'gb32960');
    expect(frames[0]).toMatchObject({ terminalPhone: VIN, direction: 'up', hex: login.toString('hex') });
    expect(frames.find((frame) => frame.direction === 'down')).toMatchObject({ terminalPhone: VIN, protocol: 'gb32960' });
    expect(frames.find((frame) => frame.error)).toMatchObject({ terminalPhone: VIN, direction: 'up', error: 'BCC_MISMATCH', hex: bad.toString('hex') });
    link.socket.destroy();
  });

  it('publishes HJ 1239 frames as hj1239', async () => {
    const link = await VehicleSocket.open(app.get(Hj1239Server).port(), decodeHj1239Frame);
    const frame = encodeHj1239Frame({ command: 0x01, vin: VIN, softwareVersion: 1, encryption: 1, data: encodeHj1239Login({ time: '2026-11-24 10:00:00', serial: 1, iccid: '89860012345678901234' }) });
    link.socket.write(frame);
    await eventually(async () => captured.some((f) => f.protocol === 'hj1239'), Boolean, 'the HJ 1239 frame');
    expect(captured.find((f) => f.protocol === 'hj1239')).toMatchObject({ terminalPhone: VIN, direction: 'up', hex: frame.toString('hex') });
    link.socket.destroy();
  });
});
