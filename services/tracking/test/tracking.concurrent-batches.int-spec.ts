// Two ingest batches of one member, of two partitions, in flight at once (Kafka hands a member up to
// four partitions concurrently; the in-process bus one loop per partition). One batch redelivers a
// point already stored, so its day is folded again from track_point. That refold must run in the
// batch's own transaction: run in the other batch's, it missed this batch's uncommitted points and
// the terminal's day ended with 1 point instead of 30 (the scale-out test's failure after a takeover).
// The order is forced, not timed: on SQLite the transactions queue in call order; on MariaDB a lock
// on the redelivered row holds the first batch until the second has committed.
import type { DeliveredMessage } from '@openfleet/bus';
import { Topics, type Position } from '@openfleet/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import { createConnection } from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { PositionIngestService } from '../src';
import { position, startTracking, type Engine, type TrackingTestApp } from './tracking-test-app';

const ROUNDS = 30;
// Noon (China time) of yesterday: every point of the test falls in one reporting day.
const T0 = Date.parse(`${new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10)}T12:00:00+08:00`) / 1000;

let offset = 0;
function delivered(partition: number, values: Position[]): DeliveredMessage<Position>[] {
  return values.map((value) => ({ topic: Topics.position.name, partition, offset: String(offset++), key: value.terminalPhone, value, headers: {}, timestamp: Date.now() }));
}

const roundOf = (phone: string, round: number) => position(phone, T0 + round * 10, 30 + round * 1e-4, 120, 40, { serial: round });

describe.each<Engine>(['sqlite', 'mysql'])('ingest batches of two partitions at once (%s)', (engine) => {
  let test: TrackingTestApp;
  const moving = '13922220001';
  const other = '13922220002';

  beforeAll(async () => {
    test = await startTracking(engine);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('folds a redelivered day again in its own batch: the day keeps every point', async () => {
    const ingest = test.app.get(PositionIngestService);
    const dataSource = test.app.get<DataSource>(getDataSourceToken('tracking'));
    await ingest.ingest(delivered(0, [roundOf(moving, 0)]));

    // Partition 0 again: round 0 redelivered (a new owner starts from the committed offset), then the rest.
    const redelivery = delivered(0, Array.from({ length: ROUNDS }, (_, round) => roundOf(moving, round)));
    const otherPartition = delivered(1, [roundOf(other, 0)]);
    const blocker = engine === 'mysql' ? await holdStoredRow(test, moving, T0) : undefined;
    try {
      // Partition 1's batch commits first, while partition 0's is still in flight.
      const first = ingest.ingest(otherPartition);
      const second = ingest.ingest(redelivery);
      await first;
      await blocker?.release();
      await second;
    } finally {
      await blocker?.release();
    }

    const [day] = await dataSource.query('SELECT points, driving_s FROM daily_mileage WHERE terminal_phone = ?', [moving]);
    expect({ points: Number(day.points), drivingS: Number(day.driving_s) }).toEqual({ points: ROUNDS, drivingS: (ROUNDS - 1) * 10 });
    const [row] = await dataSource.query('SELECT state FROM vehicle_state WHERE terminal_phone = ?', [moving]);
    const state = JSON.parse(row.state) as { day: { points: number; last: { gpsTime: number } }; lastFix: { gpsTime: number } };
    expect({ points: state.day.points, last: state.day.last.gpsTime, fix: state.lastFix.gpsTime }).toEqual({ points: ROUNDS, last: T0 + (ROUNDS - 1) * 10, fix: T0 + (ROUNDS - 1) * 10 });
  });
});

/** Locks a stored track point from another connection: a batch writing that key waits until release. */
async function holdStoredRow(test: TrackingTestApp, terminalPhone: string, gpsTime: number): Promise<{ release: () => Promise<void> }> {
  const env = test.env;
  const connection = await createConnection({ host: env.MYSQL_HOST, port: Number(env.MYSQL_PORT), user: env.MYSQL_USER, password: env.MYSQL_PASSWORD, database: `${env.MYSQL_DATABASE_PREFIX}tracking` });
  // READ COMMITTED and the whole key: the one record is locked, no gap beside it (other terminals' inserts go on).
  await connection.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
  await connection.query('START TRANSACTION');
  const [rows] = await connection.query('SELECT gps_time FROM track_point WHERE terminal_phone = ? AND gps_time = ? AND sequence = 0 FOR UPDATE', [terminalPhone, gpsTime]);
  expect(rows).toHaveLength(1);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await connection.query('COMMIT');
      await connection.end();
    },
  };
}
