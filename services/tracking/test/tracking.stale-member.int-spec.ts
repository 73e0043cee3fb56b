// Two tracking members on one database, driven in a fixed order: member A folds a terminal, the
// partition moves to member B (which reads the states again, as after a rebalance) and B folds and
// commits the rest of the day; then A, evicted without knowing it (stalled past the session
// timeout), commits the batch it had in flight. A's write must not replace B's newer rows: the day
// keeps every point and the state its newest report. The order is forced by the calls, not timed.
// Also: after a rebalance a member reads again only the states that changed (LiveStateService.reload):
// a row whose updated_at and latest_gps_time are the ones it knows is not read again, and another
// member's write without new progress (a session event, say) still changes updated_at and is read.
import type { DeliveredMessage } from '@openfleet/bus';
import { Topics, type Position } from '@openfleet/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LiveStateService, PositionIngestService } from '../src';
import { position, startTracking, type Engine, type TrackingTestApp } from './tracking-test-app';

// Noon (China time) of yesterday: every point of the test falls in one reporting day.
const T0 = Date.parse(`${new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10)}T12:00:00+08:00`) / 1000;
const PHONE = '13933330001';
const RELOAD_PHONES = ['13944440001', '13944440002'];

let offset = 0;
function batch(fromRound: number, toRound: number): DeliveredMessage<Position>[] {
  const values: Position[] = [];
  for (let round = fromRound; round <= toRound; round++) values.push(position(PHONE, T0 + round * 10, 30 + round * 1e-4, 120, 40, { serial: round }));
  return values.map((value) => ({ topic: Topics.position.name, partition: 0, offset: String(offset++), key: PHONE, value, headers: {}, timestamp: Date.now() }));
}

function reloadBatch(): DeliveredMessage<Position>[] {
  return RELOAD_PHONES.flatMap((phone, i) => [0, 1, 2].map((round) => position(phone, T0 + round * 10, 30 + i * 0.01 + round * 1e-4, 120, 40, { serial: round }))).map((value) => ({
    topic: Topics.position.name, partition: 1, offset: String(offset++), key: value.terminalPhone, value, headers: {}, timestamp: Date.now(),
  }));
}

describe.each<Engine>(['sqlite', 'mysql'])('two tracking members on one database (%s)', (engine) => {
  let memberA: TrackingTestApp;
  let memberB: TrackingTestApp;

  beforeAll(async () => {
    memberA = await startTracking(engine);
    memberB = await startTracking(engine, { env: memberA.env });
  });

  afterAll(async () => {
    await memberB?.stop();
    await memberA?.close();
  });

  it('a stale member committing after the partition moved keeps the newer day statistics and state whatever order the commits land in', async () => {
    const dataSource = memberB.app.get<DataSource>(getDataSourceToken('tracking'));
    const stored = async () => {
      const [day] = await dataSource.query('SELECT points, driving_s FROM daily_mileage WHERE terminal_phone = ?', [PHONE]);
      const [row] = await dataSource.query('SELECT state FROM vehicle_state WHERE terminal_phone = ?', [PHONE]);
      const state = JSON.parse(row.state) as { latest: { gpsTime: number }; day: { points: number } };
      return { points: Number(day.points), drivingS: Number(day.driving_s), latest: state.latest.gpsTime - T0, statePoints: state.day.points };
    };

    await memberA.app.get(PositionIngestService).ingest(batch(0, 7));
    // The partition moves to B: it reads the states A committed, then folds and commits the rest.
    await memberB.app.get(LiveStateService).takeOwnership(() => true);
    await memberB.app.get(PositionIngestService).ingest(batch(8, 29));
    expect(await stored()).toEqual({ points: 30, drivingS: 290, latest: 290, statePoints: 30 });

    // A's batch in flight (rounds 8-15, folded on its own older state) commits last.
    await memberA.app.get(PositionIngestService).ingest(batch(8, 15));
    expect(await stored()).toEqual({ points: 30, drivingS: 290, latest: 290, statePoints: 30 });

    // The owner's next writes still apply.
    await memberB.app.get(PositionIngestService).ingest(batch(30, 30));
    expect(await stored()).toEqual({ points: 31, drivingS: 300, latest: 300, statePoints: 31 });
  });

  it('re-reads a row whose updated_at moved and keeps the ones it knows', async () => {
    const dataSource = memberB.app.get<DataSource>(getDataSourceToken('tracking'));
    const live = memberB.app.get(LiveStateService);
    await memberA.app.get(PositionIngestService).ingest(reloadBatch());
    await live.takeOwnership(() => true);
    expect(RELOAD_PHONES.map((phone) => live.get(phone)?.latest?.gpsTime)).toEqual([T0 + 20, T0 + 20]);

    // Another writer changes both rows without new progress: the first with a new updated_at (as
    // every write does), the second behind this member's back with the old one (which no writer does:
    // it shows that an unchanged row is not read again).
    const rewrite = async (phone: string, bumpUpdatedAt: boolean) => {
      const [row] = await dataSource.query('SELECT state, updated_at FROM vehicle_state WHERE terminal_phone = ?', [phone]);
      const state = { ...JSON.parse(row.state), vehicleId: `other-${phone}` };
      await dataSource.query('UPDATE vehicle_state SET state = ?, updated_at = ? WHERE terminal_phone = ?', [JSON.stringify(state), Number(row.updated_at) + (bumpUpdatedAt ? 1 : 0), phone]);
    };
    await rewrite(RELOAD_PHONES[0], true);
    await rewrite(RELOAD_PHONES[1], false);
    await live.takeOwnership(() => true);
    expect(live.get(RELOAD_PHONES[0])?.vehicleId).toBe(`other-${RELOAD_PHONES[0]}`);
    expect(live.get(RELOAD_PHONES[1])?.vehicleId).not.toBe(`other-${RELOAD_PHONES[1]}`);
  });
});
