// The platform rules' accumulators survive a move of the terminal to another alarm instance (a
// restart, a rebalance): on SQLite and MariaDB, an instance drives a terminal for 9 of the 10
// minutes its fatigue rule allows, a second instance on the same database raises the fatigue alarm
// at minute 10, and a third keeps that alarm open while the vehicle drives on.
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type Position } from '@openfleet/contracts';
import { PlatformConfig, PlatformModule, loadConfig } from '@openfleet/service-kit';
import { dropTestSchema, testStorageEnv } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { AlarmModule } from '../src';
import { AlarmRulesService } from '../src/rules/alarm-rules.service';

jest.setTimeout(60_000);

const admin: AuthUser = { id: '7', companyId: '10', userType: 4, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const PHONE = '13900000031';

describe.each(['sqlite', 'mysql'] as const)('alarm rule accumulators across instances on %s', (engine) => {
  const env: NodeJS.ProcessEnv = { ...testStorageEnv(engine, 'alarmrules'), LOG_LEVEL: 'silent', ALARM_ATTACHMENT_PORT: '0', AUTH_JWT_SECRET: 'alarm-test-secret-alarm-test-secret-0123456789' };
  const t0 = Math.floor(Date.now() / 1000) - 3600;
  let app: INestApplication | undefined;
  let bus: InProcessBus;

  // One instance at a time on the shared database, each with its own bus (all partitions its own).
  const start = async () => {
    await app?.close();
    bus = new InProcessBus({ logger: silentBusLogger });
    await bus.publish(Topics.vehicleRegistry, [
      { key: 'v31', value: { vehicleId: 'v31', plateCode: '京A31', plateColor: 1, vin: '', companyId: '10', companyPath: ['10'], fleetPath: [], terminalPhone: PHONE, deleted: false, updatedAt: Date.now() } },
    ]);
    app = (await Test.createTestingModule({ imports: [PlatformModule.forRoot({ processName: 'alarm-rules-test', config: loadConfig(PlatformConfig, env), bus, env }), AlarmModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
  };
  const drive = async (s: number) =>
    bus.publish(Topics.position, {
      key: PHONE,
      value: {
        terminalPhone: PHONE, vehicleId: 'v31', gpsTimeS: t0 + s, receivedAtMs: Date.now(), latitudeE6: 39_900_000, longitudeE6: 116_400_000, altitudeM: 0, speedDkmh: 400, directionDeg: 0,
        alarmFlags: 0, statusFlags: 3, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: s, sequence: 0, extrasJson: '',
      } satisfies Position,
    });
  const fatigue = async () => {
    const rows: { started_at: number | string; ended_at: number | string }[] = await app!.get<DataSource>(getDataSourceToken('alarm')).query("SELECT started_at, ended_at FROM alarm WHERE terminal_phone = ? AND type = 'platformFatigue'", [PHONE]);
    return rows.map((row) => ({ startedAt: Number(row.started_at), endedAt: Number(row.ended_at) }));
  };
  const stored = async () => {
    const rows: { state: string }[] = await app!.get<DataSource>(getDataSourceToken('alarm')).query('SELECT state FROM alarm_rule_state WHERE terminal_phone = ?', [PHONE]);
    return rows.length ? (JSON.parse(rows[0].state) as { rules: { lastAt: number; drivingSince: number } }).rules : undefined;
  };
  const until = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  afterAll(async () => {
    await app?.close();
    await dropTestSchema(env, 'alarmrules');
  });

  it('continues the fatigue count on the next instance and keeps its alarm open on the one after', async () => {
    await start();
    // Fatigue after 10 minutes of driving without a 5-minute rest.
    await app!.get(AlarmRulesService).set(admin, '', 0, { overspeedKmh: 0, overspeedS: 0, fatigueDriveS: 600, fatigueRestS: 300, nightStart: '', nightEnd: '', offlineS: 0, stoppedS: 0 });
    for (let s = 0; s <= 540; s += 60) await drive(s);
    await until(async () => bus.lag(Topics.position.name, 'alarm-detector') === 0, 'the positions handled');
    expect((await stored())?.drivingSince).toBe(t0 * 1000);
    expect(await fatigue()).toEqual([]);

    // Another instance takes the terminal over: minute 10 is the one the first one counted toward. The
    // first one, stopping, wrote its exact counts (between stops a terminal whose counts did not change
    // is rewritten only every RULE_STATE_REFRESH_MS).
    await start();
    expect(await stored()).toMatchObject({ lastAt: (t0 + 540) * 1000, drivingSince: t0 * 1000 });
    await app!.get(AlarmRulesService).reload();
    await drive(600);
    await until(async () => (await fatigue()).length === 1, 'the fatigue alarm');
    expect(await fatigue()).toEqual([{ startedAt: (t0 + 600) * 1000, endedAt: 0 }]);

    // And a third: the vehicle drives on, so the alarm stays open, and one more position ends nothing.
    await start();
    await app!.get(AlarmRulesService).reload();
    await drive(660);
    await until(async () => bus.lag(Topics.position.name, 'alarm-detector') === 0, 'the position handled');
    await start();
    expect((await stored())?.lastAt).toBe((t0 + 660) * 1000);
    expect(await fatigue()).toEqual([{ startedAt: (t0 + 600) * 1000, endedAt: 0 }]);
  });
});
