// GB/T 32960 vehicles and HJ 1239 trucks reporting at the same time over real TCP, on SQLite and
// MariaDB: every report the platform acknowledged (32960) or took (HJ 1239) is stored, and the two
// ingests never start a transaction inside another's on the one SQLite connection (no "cannot start
// a transaction within a transaction", no bus retry).
import type { INestApplication, LoggerService } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { InProcessBus, type BusLogger } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { decodeFrame, decodeHj1239Frame, encodeFrame, encodeHj1239Frame, encodeHj1239Login, encodeHj1239Realtime, encodeRealtime, encodeVehicleLogin, type Gb32960Frame, type RealtimeUnit } from '@openfleet/gb32960';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import { inspect } from 'node:util';
import type { DataSource } from 'typeorm';
import { EnergyModule, Gb32960Server, Hj1239Server } from '../src';
import { eventually, VehicleSocket } from './vehicle-socket';

jest.setTimeout(90_000);

const EVS = 8;
const TRUCKS = 8;
const REPORTS = 15;
const evVin = (i: number) => `LSVCONC${String(i).padStart(10, '0')}`;
const truckVin = (i: number) => `LFWCONC${String(i).padStart(10, '0')}`;
/** The i-th report's time, one second apart. */
const at = (i: number) => `2026-11-26 10:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;

const evUnits: RealtimeUnit[] = [
  { type: 1, vehicle: { vehicleState: 1, chargeState: 3, runMode: 1, speedKmh: 42.5, mileageKm: 12345.6, voltageV: 350.2, currentA: -12.3, socPercent: 80, dcdcState: 1, gear: 0x2e, insulationKOhm: 5000, acceleratorPercent: 20, brakePercent: 0 } },
  { type: 8, voltages: [{ subsystem: 1, voltageV: 350.2, currentA: -12.3, totalCells: 3, firstCell: 1, cellVoltagesV: [3.412, 3.3, 3.35] }] },
];
const stream = {
  speedKmh: 60, atmosphericPressureKpa: 101, engineTorquePercent: 40, frictionTorquePercent: 5, engineRpm: 1500, fuelFlowLph: 12.5, noxUpstreamPpm: 450.5, noxDownstreamPpm: 30,
  reagentPercent: 80, intakeAirKgph: 600, scrInletTempC: 300, scrOutletTempC: 280.5, dpfPressureDropKpa: 2.5, coolantTempC: 85, fuelLevelPercent: 50, positionStatus: 0, longitude: 116.39, latitude: 39.91, odometerKm: 12345.6,
};

/** Everything the platform logged (Nest loggers and the bus), one string a line. */
class LogLines implements LoggerService {
  readonly lines: string[] = [];
  private keep = (...args: unknown[]) => void this.lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '));
  log = this.keep;
  warn = this.keep;
  error = this.keep;
  debug = this.keep;
  verbose = this.keep;
  readonly bus: BusLogger = { info: (detail, message) => this.keep(message, detail), warn: (detail, message) => this.keep(message, detail), error: (detail, message) => this.keep(message, detail) };
}

/** A 32960 vehicle: logs in, then sends its reports one after another, each once the last is acknowledged. */
async function drive(port: number, vin: string): Promise<number> {
  const link = await VehicleSocket.open<Gb32960Frame>(port, decodeFrame);
  const call = async (command: number, data: Buffer) => {
    const before = link.answers.length;
    link.socket.write(encodeFrame({ command, response: 0xfe, vin, encryption: 1, data }));
    return link.next(before);
  };
  try {
    expect((await call(0x01, encodeVehicleLogin({ time: at(0), serial: 1, iccid: '89860012345678901234', subsystemCodes: ['PACK00000001'] }))).response).toBe(1);
    let acked = 0;
    for (let i = 1; i <= REPORTS; i++) if ((await call(0x02, encodeRealtime({ time: at(i), units: evUnits }))).response === 1) acked++;
    return acked;
  } finally {
    link.socket.destroy();
  }
}

/** An HJ 1239 truck: logs in and sends its reports in a burst (HJ 1239 answers none of them). */
async function haul(port: number, vin: string): Promise<VehicleSocket<unknown>> {
  const link = await VehicleSocket.open(port, decodeHj1239Frame);
  const send = (command: number, data: Buffer) => void link.socket.write(encodeHj1239Frame({ command, vin, softwareVersion: 2, encryption: 1, data }));
  send(0x01, encodeHj1239Login({ time: at(0), serial: 1, iccid: '89860012345678901234' }));
  for (let i = 1; i <= REPORTS; i++) {
    send(0x02, encodeHj1239Realtime({ sentAt: at(i), serial: i, infos: [{ type: 2, collectedAt: at(i), stream }] }));
    // A report every few milliseconds: the two ingests' batches interleave.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return link;
}

describe.each(['sqlite', 'mysql'] as const)('GB/T 32960 and HJ 1239 ingest at once on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'energy'), LOG_LEVEL: 'silent', ENERGY_32960_PORT: '0', ENERGY_HJ1239_PORT: '0', AUTH_JWT_SECRET: 'concurrent-test-secret-concurrent-test-secret-01' };
  const logs = new LogLines();
  let app: INestApplication;

  beforeAll(async () => {
    const bus = new InProcessBus({ logger: logs.bus, backoff: { initialMs: 5, maxMs: 50 } });
    const now = Date.now();
    const vehicle = (vehicleId: string, vin: string) => ({ key: vehicleId, value: { vehicleId, plateCode: `京A${vehicleId}`, plateColor: 2, vin, companyId: 'c1', companyPath: ['root', 'c1'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt: now } });
    await bus.publish(Topics.vehicleRegistry, [...Array.from({ length: EVS }, (_, i) => vehicle(`ev${i}`, evVin(i))), ...Array.from({ length: TRUCKS }, (_, i) => vehicle(`hj${i}`, truckVin(i)))]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'concurrent-test', config: loadConfig(PlatformConfig, env), bus, env }), EnergyModule] }).compile()).createNestApplication({ logger: logs });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'energy');
  });

  it('stores every report of both protocols and logs no nested transaction', async () => {
    const dataSource = app.get<DataSource>(getDataSourceToken('energy'));
    const count = async (table: string) => Number((await dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
    const trucks = Array.from({ length: TRUCKS }, (_, i) => haul(app.get(Hj1239Server).port(), truckVin(i)));
    const acked = await Promise.all(Array.from({ length: EVS }, (_, i) => drive(app.get(Gb32960Server).port(), evVin(i))));
    const links = await Promise.all(trucks);
    expect(acked).toEqual(new Array(EVS).fill(REPORTS));
    await eventually(async () => [await count('energy_report'), await count('emission_stream')], ([ev, hj]) => ev === EVS * REPORTS && hj === TRUCKS * REPORTS, 'every report stored', 30_000);
    expect(links.filter((link) => link.closed)).toHaveLength(0);
    for (const link of links) link.socket.destroy();
    expect(logs.lines.filter((line) => /cannot start a transaction|handler failed, retrying|write failed/.test(line))).toEqual([]);
  });
});
