// The forwarder's link lease on both engines, two replicas (two DataSources) on one database: one
// holder at a time, the holder renews, another claims only once the lease has expired by the
// database's clock, a released lease is free at once, and the holder's verify code reaches the other.
import { dropTestSchema, openDataSource, testStorageEnv, type StorageConfig } from '@openfleet/storage';
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { LinkLease } from '../src/link/link-lease';
import { CreateLinkLease1732570000000 } from '../src/migrations/1732570000000-create-link-lease';

jest.setTimeout(60_000);

const TTL_MS = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function configOf(env: NodeJS.ProcessEnv): StorageConfig {
  return env.DB_ENGINE === 'sqlite'
    ? { engine: 'sqlite', directory: env.DATA_DIR! }
    : { engine: 'mysql', host: env.MYSQL_HOST!, port: Number(env.MYSQL_PORT), user: env.MYSQL_USER!, password: env.MYSQL_PASSWORD!, databasePrefix: env.MYSQL_DATABASE_PREFIX! };
}

describe.each(['sqlite', 'mysql'] as const)('the 809 link lease on %s', (engine) => {
  const env = testStorageEnv(engine, 'fwdlease');
  let replicaA: DataSource;
  let replicaB: DataSource;
  let a: LinkLease;
  let b: LinkLease;

  beforeAll(async () => {
    replicaA = await openDataSource('forwarder_809', configOf(env), { entities: [], migrations: [CreateLinkLease1732570000000] });
    replicaB = await openDataSource('forwarder_809', configOf(env), { entities: [], migrations: [] });
    a = new LinkLease(replicaA, 'a:1', TTL_MS);
    b = new LinkLease(replicaB, 'b:1', TTL_MS);
  });

  afterAll(async () => {
    await replicaA?.destroy();
    await replicaB?.destroy();
    await dropTestSchema(env, 'forwarder_809');
  });

  it('has one holder at a time, taken over only after expiry, at once after a release', async () => {
    const before = performance.now();
    const first = await a.claim(7, 1234, '{"main":"online"}');
    expect(first).toMatchObject({ owned: true, holder: 'a:1' });
    // The holder stops acting before the database lets anyone else in.
    expect(first.ownedUntil).toBeGreaterThan(before);
    expect(first.ownedUntil).toBeLessThan(performance.now() + TTL_MS);

    // B sees A's lease, its verify code and status, and does not get it; A renews it.
    expect(await b.claim(7, 0, '{}')).toMatchObject({ owned: false, holder: 'a:1', verifyCode: 1234, status: '{"main":"online"}', ownedUntil: 0 });
    expect(await b.verifyCodes()).toEqual(new Map([[7, 1234]]));
    await sleep(TTL_MS / 2);
    expect((await a.claim(7, 1234, '{}')).owned).toBe(true);
    await sleep(TTL_MS / 2 + 200);
    // Renewed: still A's after the first TTL has passed.
    expect((await b.claim(7, 0, '{}')).holder).toBe('a:1');

    // A stops renewing (killed): B gets it once it expired, and A then does not.
    await sleep(TTL_MS + 200);
    expect(await b.claim(7, 99, '{}')).toMatchObject({ owned: true, holder: 'b:1' });
    expect(await a.claim(7, 1234, '{}')).toMatchObject({ owned: false, holder: 'b:1', verifyCode: 99 });

    // A graceful stop frees it at once; another platform's lease is independent.
    expect((await a.claim(8, 5, '{}')).owned).toBe(true);
    await b.release(7);
    expect((await a.claim(7, 1234, '{}')).owned).toBe(true);
    expect((await b.claim(8, 0, '{}')).owned).toBe(false);
    await a.forget(8);
    expect((await b.claim(8, 0, '{}')).owned).toBe(true);
  });

  it('gives a lease claimed by both at once to exactly one', async () => {
    const claims = await Promise.all([a.claim(20, 1, '{}'), b.claim(20, 2, '{}'), a.claim(21, 1, '{}'), b.claim(21, 2, '{}')]);
    expect(claims.filter((claim) => claim.owned)).toHaveLength(2);
    expect(claims[0].owned).not.toBe(claims[1].owned);
    expect(claims[2].owned).not.toBe(claims[3].owned);
  });
});
