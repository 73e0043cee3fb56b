// Ingest from the real Kafka broker (scripts/infra up, 127.0.0.1:9092) into a fresh MariaDB schema:
// every record stored once, and a restart resumes from the committed offsets without loss.
import { KafkaBus, silentBusLogger } from '@openfleet/bus';
import { position, publishPositions, startTracking, storedCount, superAdmin, waitFor, type TrackingTestApp } from './tracking-test-app';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

describe('tracking ingest with the real Kafka broker and MariaDB', () => {
  const run = Date.now().toString(36);
  const phone = `1${String(Date.now()).slice(-10)}`;
  const t0 = Math.floor(Date.now() / 1000) - 3600;
  const points = Array.from({ length: 600 }, (_, i) => position(phone, t0 + i, 30 + i * 0.0001, 120, 36, { sequence: 0 }));
  const newBus = (name: string) => new KafkaBus({ brokers, clientId: `tracking-test-${name}-${run}`, logger: silentBusLogger, backoff: { initialMs: 20, maxMs: 200 } });
  let producer: KafkaBus;
  let test: TrackingTestApp | undefined;

  beforeAll(() => {
    producer = newBus('producer');
  });

  afterAll(async () => {
    await test?.close();
    await producer.close();
  }, 60_000);

  it('stores every record once and resumes after a restart without loss', async () => {
    const extraEnv = { TRACKING_INGEST_GROUP: `tracking-test-${run}`, TRACKING_INGEST_FROM: 'latest' };
    test = await startTracking('mysql', { bus: newBus('first'), extraEnv });
    // A new group starts at the end of the topic once it has joined: publish until the first batch
    // lands (a repeated record is harmless, that is the point of the key).
    const first = points.slice(0, 300);
    await waitFor(async () => {
      await publishPositions(producer, first);
      return (await storedCount(test as TrackingTestApp, phone)) === 300;
    }, 60_000, 'first 300 rows');
    await test.stop();

    // While the service is down, the rest arrives on Kafka.
    const rest = points.slice(300);
    await publishPositions(producer, rest);
    test = await startTracking('mysql', { bus: newBus('second'), env: test.env });
    await waitFor(async () => (await storedCount(test as TrackingTestApp, phone)) >= 600, 60_000, 'all 600 rows after restart');
    expect(await storedCount(test, phone)).toBe(600);

    // Redelivery of the whole set changes nothing.
    await publishPositions(producer, points);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await storedCount(test, phone)).toBe(600);

    // The live state survived the restart and moved on to the last point.
    const token = await test.tokenFor(superAdmin);
    const latest = await test.http().get(`/gps/position/findLatestPositions?vehicleIds=${phone}`).set('Authorization', token).expect(200);
    expect(latest.body.data[0]).toMatchObject({ terminalPhone: phone, latitude: 30.0599 });
  }, 180_000);
});
