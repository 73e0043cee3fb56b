// Online spells of many terminals at once, as after a restart or a backlog: the recorder opens and
// closes them a statement per chunk, not per terminal; each row must still get its own start, end
// and cause, and a terminal that stays online keeps its spell open. SQLite and MariaDB.
import { getDataSourceToken } from '@nestjs/typeorm';
import { Topics, type TerminalSessionEvent } from '@openfleet/contracts';
import type { DataSource } from 'typeorm';
import { register, startTracking, vehicle, waitFor, type Engine, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(60_000);

describe.each<Engine>(['sqlite', 'mysql'])('online spells of a whole batch on %s', (engine) => {
  let test: TrackingTestApp;
  // 1,203 terminals: more than two statements' worth (500 spells each) in one batch.
  const phones = Array.from({ length: 1203 }, (_, i) => `0139100${String(i).padStart(5, '0')}`);
  const canonical = (phone: string) => phone.replace(/^0+/, '');

  beforeAll(async () => {
    test = await startTracking(engine);
    await register(test, [vehicle('801', phones[0], ['80']), vehicle('802', phones[1], ['80'])]);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('opens and closes every spell of one batch with its own times and causes', async () => {
    const dataSource = test.app.get<DataSource>(getDataSourceToken('tracking'));
    type Spell = { terminal_phone: string; vehicle_id: string; started_at: number | string; ended_at: number | string | null; end_cause: string | null };
    const spells = async () => new Map(((await dataSource.query('SELECT terminal_phone, vehicle_id, started_at, ended_at, end_cause FROM online_session')) as Spell[]).map((row) => [row.terminal_phone, row]));
    const at = Date.now() - 120_000;
    const event = (phone: string, i: number, value: Partial<TerminalSessionEvent>) => ({ key: phone, value: { terminalPhone: phone, gatewayId: 'g', state: 'online', at: at + i, ...value } as TerminalSessionEvent });
    await test.bus.publish(Topics.terminalSession, phones.map((phone, i) => event(phone, i, { vehicleId: i < 2 ? `80${i + 1}` : undefined })));
    await waitFor(async () => (await spells()).size === phones.length, 20_000, 'every opened spell');
    const opened = await spells();
    phones.forEach((phone, i) => {
      const row = opened.get(canonical(phone))!;
      expect([Number(row.started_at), row.ended_at]).toEqual([at + i, null]);
    });
    expect(opened.get(canonical(phones[1]))!.vehicle_id).toBe('802');

    // All but the last go offline, each at its own time and with one of two reasons.
    const closing = phones.slice(0, -1);
    await test.bus.publish(Topics.terminalSession, closing.map((phone, i) => event(phone, i, { state: 'offline', at: at + 60_000 + i, reason: i % 2 ? 'idle-timeout' : 'closed' })));
    await waitFor(async () => [...(await spells()).values()].filter((row) => row.ended_at !== null).length === closing.length, 20_000, 'the closed spells');
    const closed = await spells();
    closing.forEach((phone, i) => {
      const row = closed.get(canonical(phone))!;
      expect([Number(row.ended_at), row.end_cause]).toEqual([at + 60_000 + i, i % 2 ? 'idle-timeout' : 'closed']);
    });
    expect(closed.get(canonical(phones.at(-1)!))).toMatchObject({ ended_at: null, end_cause: null });
    expect(closed.size).toBe(phones.length);
  });
});
