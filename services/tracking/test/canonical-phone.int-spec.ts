// Terminals send their SIM number zero-padded (2013: 12 digits, 2019: 20); the registry holds it as
// entered. Tracking keys everything by the canonical form, and the migration rewrites rows stored
// in the padded form before it did.
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CanonicalTerminalPhones1732310000000 } from '../src/migrations/1732310000000-canonical-terminal-phones';
import { LiveStateService } from '../src/live-state/live-state.service';
import { publishPositions, position, register, startTracking, storedCount, superAdmin, vehicle, waitFor, type Engine, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(60_000);

describe.each<Engine>(['sqlite', 'mysql'])('canonical terminal phones on %s', (engine) => {
  let test: TrackingTestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    test = await startTracking(engine);
    dataSource = test.app.get<DataSource>(getDataSourceToken('tracking'));
  });

  afterAll(async () => {
    await test?.close();
  });

  it('stores and finds a 2013 and a 2019 header phone under the phone the registry holds', async () => {
    await register(test, [vehicle('71', '13900000071', ['1']), vehicle('72', '13900000072', ['1'])]);
    const t0 = Math.floor(Date.now() / 1000) - 600;
    await publishPositions(test.bus, [position('013900000071', t0, 39.9, 116.4, 30), position('00000000013900000072', t0, 39.91, 116.41, 30)]);
    await waitFor(async () => (await storedCount(test, '13900000071')) === 1 && (await storedCount(test, '13900000072')) === 1, 10_000, 'canonical rows');
    expect(await storedCount(test, '013900000071')).toBe(0);
    const live = test.app.get(LiveStateService);
    expect(live.get('13900000072')?.terminalPhone).toBe('13900000072');
    expect(live.get('00000000013900000072')).toBe(live.get('13900000072'));
    const token = await test.tokenFor(superAdmin);
    const latest = await test.http().get('/gps/position/findLatestPositions').set('Authorization', token).expect(200);
    const rows = latest.body.data as { vehicleId: string; terminalPhone: string; latitude: number | null }[];
    expect(rows.filter((row) => row.terminalPhone.endsWith('13900000071'))).toEqual([expect.objectContaining({ vehicleId: '71', terminalPhone: '13900000071', latitude: 39.9 })]);
  });

  it('migrates rows stored under the padded form, keeping one row where both forms exist', async () => {
    const t0 = Math.floor(Date.now() / 1000) - 300;
    const insert = (phone: string, gpsTime: number) =>
      dataSource.query(
        'INSERT INTO track_point (terminal_phone, gps_time, sequence, vehicle_id, received_at, latitude_e6, longitude_e6, map_latitude_e6, map_longitude_e6, speed_dkmh, direction, alarm_flags, status_flags, acc_state, quality, blind_area) VALUES (?, ?, 0, ?, ?, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0)',
        [phone, gpsTime, '', Date.now()],
      );
    await insert('013900000081', t0);
    await insert('013900000081', t0 + 10);
    await insert('13900000081', t0 + 10);
    await insert('00000000013900000082', t0);
    await dataSource.query("INSERT INTO daily_mileage (terminal_phone, day, vehicle_id, mileage_m, computed_m, points, updated_at) VALUES ('013900000081', '2026-01-01', '', 5, 5, 1, 0)");
    const runner = dataSource.createQueryRunner();
    try {
      await new CanonicalTerminalPhones1732310000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await storedCount(test, '13900000081')).toBe(2);
    expect(await storedCount(test, '13900000082')).toBe(1);
    const [padded] = await dataSource.query("SELECT COUNT(*) AS n FROM track_point WHERE terminal_phone LIKE '0%'");
    expect(Number(padded.n)).toBe(0);
    const [mileage] = await dataSource.query("SELECT terminal_phone FROM daily_mileage WHERE day = '2026-01-01'");
    expect(mileage.terminal_phone).toBe('13900000081');
  });
});
