// The registry on the real Kafka broker of `scripts/infra up`: `ready` waits for the whole topic.
import { KafkaBus, silentBusLogger } from '@openfleet/bus';
import { Topics, type VehicleRegistryEntry } from '@openfleet/contracts';
import { VehicleRegistry } from './vehicle-registry';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const vehicle = (vehicleId: string, terminalPhone: string): VehicleRegistryEntry => ({
  vehicleId, plateCode: `京A${vehicleId}`, plateColor: 1, vin: '', companyId: '1', companyPath: ['1'], fleetPath: [], terminalPhone, deleted: false, updatedAt: Date.now(),
});

describe('VehicleRegistry on Kafka', () => {
  // A deployment of its own on the shared broker: its topics start empty.
  const topicPrefix = `vr-${Date.now()}.`;
  const bus = new KafkaBus({ brokers, clientId: 'vehicle-registry-test', logger: silentBusLogger, topicPrefix });

  afterAll(() => bus.close());

  it('is ready once every record already on the topic is applied, on every partition', async () => {
    const count = 2_000;
    await bus.publish(Topics.vehicleRegistry, Array.from({ length: count }, (_, i) => ({ key: String(i), value: vehicle(String(i), `0138${String(i).padStart(8, '0')}`) })));
    const registry = new VehicleRegistry(bus, { service: 'registry-test' });
    await registry.onModuleInit();
    await registry.ready;
    expect(registry.size).toBe(count);
    expect(registry.byTerminalPhone('00000000013800001999')?.vehicleId).toBe('1999');
    await registry.onModuleDestroy();
  });
});
