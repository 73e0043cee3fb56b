// The link-server contract (libs/service-kit/src/link-server/testing/link-contract.ts) on both
// energy gateways over real TCP, SQLite and the in-process bus held like a slow broker: junk
// frames, a trickle that never logs in, a flood of links, a slow bus, half a frame then a close.
import { HeldBus, runLinkContract, type ContractClient, type ContractLimits, type ContractTarget } from '@openfleet/service-kit/link-testing';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import {
  decodeFrame,
  decodeHj1239Frame,
  encodeFrame,
  encodeHj1239Frame,
  encodeHj1239Login,
  encodeHj1239Realtime,
  encodeRealtime,
  encodeVehicleLogin,
  Gb32960Deframer,
} from '@openfleet/gb32960';
import { loadConfig, PlatformConfig, PlatformModule, type LinkServer } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import { EnergyModule, Gb32960Server, Hj1239Server } from '../src';

jest.setTimeout(60_000);

const vinOf = (index: number) => `LSVAU2180N${String(2183000 + index).padStart(7, '0')}`;

async function startEnergy(limits: ContractLimits, which: 'gb32960' | 'hj1239'): Promise<ContractTarget & { app: INestApplication }> {
  const env: NodeJS.ProcessEnv = {
    ...testStorageEnv('sqlite', 'energy'),
    LOG_LEVEL: 'silent',
    ENERGY_32960_PORT: '0',
    ENERGY_HJ1239_PORT: '0',
    AUTH_JWT_SECRET: 'energy-link-contract-secret-0123456789-abcdef',
    ENERGY_IDENTIFY_S: String(limits.identifyWithinS),
    ENERGY_MAX_LINKS: String(limits.maxIdentified),
    ENERGY_MAX_UNIDENTIFIED_LINKS: String(limits.maxUnidentified),
    ENERGY_MAX_UNIDENTIFIED_PER_ADDRESS: String(limits.maxUnidentifiedPerAddress),
    ENERGY_MAX_BAD_FRAMES: String(limits.maxBadFrames),
    ENERGY_MAX_IN_FLIGHT: String(limits.maxInFlight),
  };
  const bus = new HeldBus(new InProcessBus({ logger: silentBusLogger }));
  const now = Date.now();
  await bus.publish(
    Topics.vehicleRegistry,
    [1, 2].map((index) => ({ key: `v${index}`, value: { vehicleId: `v${index}`, plateCode: `京AD1234${index}`, plateColor: 5, vin: vinOf(index), companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: now } })),
  );
  const app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'energy-contract', config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }).compile()).createNestApplication({ logger: false });
  await app.init();
  const gateway = which === 'gb32960' ? app.get(Gb32960Server) : app.get(Hj1239Server);
  return {
    app,
    bus,
    server: gateway.linkServer as LinkServer<unknown, unknown, unknown>,
    port: gateway.port(),
    stop: async () => {
      await app.close();
      await dropTestSchema(env, 'energy');
    },
  };
}

const loggedIn = async (target: () => ContractTarget, client: ContractClient, before: number) => {
  const deadline = Date.now() + 3000;
  while (target().server.counts().identified <= before) {
    if (Date.now() > deadline || client.closed) throw new Error('login not taken');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('energy gateways on the link server', () => {
  let gb: ContractTarget;
  const realtime = (seq: number) =>
    encodeRealtime({ time: `2026-11-27 10:${String(Math.floor(seq / 60) % 60).padStart(2, '0')}:${String(seq % 60).padStart(2, '0')}`, units: [{ type: 1, vehicle: { vehicleState: 1, chargeState: 3, runMode: 1, speedKmh: 40, mileageKm: 100 + seq, voltageV: 350, currentA: -10, socPercent: 80, dcdcState: 1, gear: 0x2e, insulationKOhm: 5000, acceleratorPercent: 20, brakePercent: 0 } }] });
  runLinkContract('GB/T 32960', {
    publishes: true,
    start: async (limits) => (gb = await startEnergy(limits, 'gb32960')),
    async identify(client, index) {
      const before = gb.server.counts().identified;
      client.write(encodeFrame({ command: 0x01, response: 0xfe, vin: vinOf(index), encryption: 1, data: encodeVehicleLogin({ time: '2026-11-27 10:00:00', serial: 1, iccid: '89860012345678901234', subsystemCodes: ['PACK00000001'] }) }));
      await loggedIn(() => gb, client, before);
    },
    dataFrame: (index, seq) => encodeFrame({ command: 0x02, response: 0xfe, vin: vinOf(index), encryption: 1, data: realtime(seq) }),
    badFrame: (seq) => {
      const frame = encodeFrame({ command: 0x02, response: 0xfe, vin: vinOf(1), encryption: 1, data: realtime(seq) });
      frame[frame.length - 1] ^= 0xff;
      return frame;
    },
    acks: (received) => new Gb32960Deframer().push(received).map(decodeFrame).filter((frame) => frame.command === 0x02 && frame.response === 0x01).length,
    delivered: (target) => ((target.bus.values.get(Topics.energyReport.name) ?? []) as { reports: unknown[] }[]).reduce((sum, record) => sum + record.reports.length, 0),
  });

  let hj: ContractTarget;
  const stream = (seq: number) => ({
    speedKmh: 60, atmosphericPressureKpa: 101, engineTorquePercent: 40, frictionTorquePercent: 5, engineRpm: 1500, fuelFlowLph: 12.5, noxUpstreamPpm: 450.5, noxDownstreamPpm: 30 + (seq % 10),
    reagentPercent: 80, intakeAirKgph: 600, scrInletTempC: 300, scrOutletTempC: 280.5, dpfPressureDropKpa: 2.5, coolantTempC: 85, fuelLevelPercent: 50,
    positionStatus: 0, longitude: 116.397128, latitude: 39.916527, odometerKm: 12345.6,
  });
  const hjReport = (index: number, seq: number) => {
    const at = `2026-11-27 10:${String(Math.floor(seq / 60) % 60).padStart(2, '0')}:${String(seq % 60).padStart(2, '0')}`;
    return encodeHj1239Frame({ command: 0x02, vin: vinOf(index), softwareVersion: 2, encryption: 1, data: encodeHj1239Realtime({ sentAt: at, serial: seq, infos: [{ type: 2, collectedAt: at, stream: stream(seq) }] }) });
  };
  runLinkContract('HJ 1239', {
    publishes: true,
    start: async (limits) => (hj = await startEnergy(limits, 'hj1239')),
    async identify(client, index) {
      const before = hj.server.counts().identified;
      client.write(encodeHj1239Frame({ command: 0x01, vin: vinOf(index), softwareVersion: 2, encryption: 1, data: encodeHj1239Login({ time: '2026-11-27 10:00:00', serial: 1, iccid: '89860012345678901234' }) }));
      await loggedIn(() => hj, client, before);
    },
    dataFrame: hjReport,
    badFrame: (seq) => {
      const frame = hjReport(1, seq);
      frame[frame.length - 1] ^= 0xff;
      return frame;
    },
    // HJ 1239 answers no report.
    delivered: (target) => target.bus.accepted.get(Topics.emissionReport.name) ?? 0,
  });

  it('decodes what the adapters send', () => {
    expect(decodeHj1239Frame(hjReport(1, 1)).vin).toBe(vinOf(1));
  });
});
