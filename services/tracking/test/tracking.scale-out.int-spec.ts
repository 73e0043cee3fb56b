// Two tracking processes in one consumer group on real Kafka and MariaDB, one killed (SIGKILL)
// mid-stream: every position is stored exactly once, each terminal's state ends where its last
// report and session event put it (no member overwrote another's state with a stale one), and the
// survivor takes over the dead member's terminals.
import { KafkaBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type Position, type TerminalSessionEvent } from '@openfleet/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '@openfleet/service-kit';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { position } from './tracking-test-app';

jest.setTimeout(150_000);

const RUN = `${process.pid}${randomBytes(2).toString('hex')}`;
const PREFIX = `openfleet_scale_${RUN}_`;
const SCHEMA = `${PREFIX}tracking`;
const TOPIC_PREFIX = `scale${RUN}.`;
const TERMINALS = Array.from({ length: 24 }, (_, i) => `1390000${String(i).padStart(4, '0')}`);
const ROUNDS = 30;
const T0 = Math.floor(Date.now() / 1000) - 3600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mysql = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };


interface Member {
  name: string;
  port: number;
  child: ChildProcess;
  output: string;
}

async function startMember(name: string): Promise<Member> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, '../dist/main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      BUS: 'kafka',
      KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
      BUS_TOPIC_PREFIX: TOPIC_PREFIX,
      DB_ENGINE: 'mysql',
      MYSQL_HOST: mysql.host,
      MYSQL_PORT: String(mysql.port),
      MYSQL_USER: mysql.user,
      MYSQL_PASSWORD: mysql.password,
      MYSQL_DATABASE_PREFIX: PREFIX,
      AUTH_JWT_SECRET: randomBytes(24).toString('hex'),
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      INSTANCE_ID: `${name}-${RUN}`,
      LOG_LEVEL: 'warn',
      TRACKING_INGEST_FROM: 'earliest',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const member: Member = { name, port, child, output: '' };
  child.stdout!.on('data', (chunk) => (member.output = (member.output + chunk).slice(-10_000)));
  child.stderr!.on('data', (chunk) => (member.output = (member.output + chunk).slice(-10_000)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${member.output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((response) => response.ok, () => false);
    if (ok) return member;
    await sleep(300);
  }
  throw new Error(`${name} not healthy:\n${member.output}`);
}

/** Points this member's ingest wrote, from its /metrics. */
async function ingested(member: Member): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${member.port}/metrics`).then((response) => response.text(), () => '');
  return Number(/^tracking_points_ingested_total (\d+)/m.exec(text)?.[1] ?? 0);
}

describe('tracking with two instances and a rebalance mid-stream', () => {
  const members: Member[] = [];
  const bus = new KafkaBus({ brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), clientId: `scale-out-${RUN}`, logger: silentBusLogger, topicPrefix: TOPIC_PREFIX });
  const session = (terminalPhone: string, state: 'online' | 'offline', at: number): TerminalSessionEvent => ({ terminalPhone, state, gatewayId: 'gw-test', at });
  const publishRound = async (round: number) => {
    const values: Position[] = TERMINALS.map((phone, i) => position(`0${phone}`, T0 + round * 10, 39.9 + i * 0.01 + round * 1e-4, 116.4, 40, { sequence: 0, serial: round }));
    // Keyed like the gateway: the canonical phone.
    await bus.publish(Topics.position, values.map((value) => ({ key: value.terminalPhone.replace(/^0+/, ''), value })));
  };

  beforeAll(async () => {
    // Topics first, so both members join a group whose partitions exist.
    await bus.publish(Topics.terminalSession, TERMINALS.map((phone) => ({ key: phone, value: session(phone, 'online', Date.now()) })));
    members.push(await startMember('a'));
    members.push(await startMember('b'));
  });

  afterAll(async () => {
    for (const member of members) member.child.kill('SIGKILL');
    await bus.close();
    const connection = await createConnection(mysql);
    await connection.query(`DROP DATABASE IF EXISTS \`${SCHEMA}\``);
    await connection.end();
  });

  it('stores every position once and leaves every state right after one member dies', async () => {
    const [a, b] = members;
    let round = 0;
    // Both members take part before the kill.
    for (; round < 10; round++) await publishRound(round);
    const deadline = Date.now() + 60_000;
    while ((await ingested(a)) === 0 || (await ingested(b)) === 0) {
      if (Date.now() > deadline) throw new Error(`not both members ingest: a ${await ingested(a)}, b ${await ingested(b)}\n${a.output}\n${b.output}`);
      await publishRound(round++);
      await sleep(500);
    }
    b.child.kill('SIGKILL');
    for (; round < ROUNDS; round++) await publishRound(round);
    // One terminal leaves after the kill: the survivor must apply it to a terminal it took over.
    const leaving = TERMINALS[5];
    await bus.publish(Topics.terminalSession, { key: leaving, value: session(leaving, 'offline', Date.now() + 1000) });

    const connection = await createConnection({ ...mysql, database: SCHEMA });
    try {
      const until = Date.now() + 90_000;
      let stored = 0;
      while (Date.now() < until) {
        const [[row]] = (await connection.query('SELECT COUNT(*) AS n FROM track_point')) as unknown as [{ n: number }[]];
        stored = Number(row.n);
        const [[offline]] = (await connection.query('SELECT state FROM vehicle_state WHERE terminal_phone = ?', [leaving])) as unknown as [{ state: string }[]];
        if (stored === TERMINALS.length * round && offline && JSON.parse(offline.state).sessionOnline === false) break;
        await sleep(500);
      }
      expect(stored).toBe(TERMINALS.length * round);
      const [rows] = (await connection.query('SELECT terminal_phone, state FROM vehicle_state')) as unknown as [{ terminal_phone: string; state: string }[]];
      expect(rows.map((row) => row.terminal_phone).sort()).toEqual([...TERMINALS].sort());
      for (const row of rows) {
        const state = JSON.parse(row.state) as { latest?: { gpsTime: number }; day?: { points: number }; sessionOnline: boolean | null; lastFix?: { gpsTime: number } };
        // The newest report is the state's, and every point was counted once: no stale overwrite, no double fold.
        expect({ phone: row.terminal_phone, latest: state.latest?.gpsTime, fix: state.lastFix?.gpsTime }).toEqual({ phone: row.terminal_phone, latest: T0 + (round - 1) * 10, fix: T0 + (round - 1) * 10 });
        expect({ phone: row.terminal_phone, online: state.sessionOnline }).toEqual({ phone: row.terminal_phone, online: row.terminal_phone !== leaving });
      }
      const [dayRows] = (await connection.query('SELECT terminal_phone, SUM(points) AS points FROM daily_mileage GROUP BY terminal_phone')) as unknown as [{ terminal_phone: string; points: number }[]];
      for (const day of dayRows) expect({ phone: day.terminal_phone, points: Number(day.points) }).toEqual({ phone: day.terminal_phone, points: round });
    } finally {
      await connection.end();
    }
  });
});
