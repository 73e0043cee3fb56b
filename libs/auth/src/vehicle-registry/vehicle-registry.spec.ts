import { InProcessBus, silentBusLogger, type EventBus } from '@openfleet/bus';
import { Topics, type TerminalRegistryEntry, type VehicleRegistryEntry, type VehicleStateEvent } from '@openfleet/contracts';
import { ErrorCode } from '@openfleet/errors';
import type { AuthUser } from '../auth-user';
import { VehicleRegistry } from './vehicle-registry';

const vehicle = (vehicleId: string, updatedAt: number, fields: Partial<VehicleRegistryEntry> = {}): VehicleRegistryEntry => ({
  vehicleId, plateCode: `京A0000${vehicleId}`, plateColor: 1, vin: '', companyId: '2', companyPath: ['1', '2'], fleetPath: [], terminalPhone: '', deleted: false, updatedAt, ...fields,
});
const terminal = (terminalPhone: string, updatedAt: number, fields: Partial<TerminalRegistryEntry> = {}): TerminalRegistryEntry => ({
  terminalPhone, terminalId: 't1', terminalCode: 'ABC1234', vehicleId: '1', plateCode: '', plateColor: 1, companyId: '2', authCode: '', registrationState: 1, protocolVersion: '2019', deleted: false, updatedAt, ...fields,
});
const state = (terminalPhone: string, vehicleStatus: number, updatedAt: number): VehicleStateEvent => ({
  terminalPhone, vehicleId: '1', vehicleStatus, locateStatus: 1, displayStatus: 'driving', gpsTimeS: 0, latitude: 0, longitude: 0, speedKmh: 0, direction: 0, alarmFlags: 0, updatedAt,
});
const user = (fields: Partial<AuthUser>): AuthUser => ({ id: 'u', companyId: '9', userType: 1, roleIds: [], superAdmin: false, scope: { companies: [], fleets: [] }, ...fields });

describe('VehicleRegistry', () => {
  let bus: InProcessBus;
  let registry: VehicleRegistry;

  beforeEach(() => {
    bus = new InProcessBus({ logger: silentBusLogger });
    registry = new VehicleRegistry(bus, { service: 'spec', follow: { terminals: true, states: true } });
  });

  afterEach(async () => {
    await registry.onModuleDestroy();
    await bus.close();
  });

  /** Publishes records on a snapshot topic, keyed as admin and tracking key them. */
  const publish = async () => {
    await bus.publish(Topics.vehicleRegistry, [
      // Out of order: the newer record of vehicle 1 arrives before an older one.
      { key: '1', value: vehicle('1', 20, { terminalPhone: '013800000001', vin: 'lfv2a21k8a3000001' }) },
      { key: '1', value: vehicle('1', 10, { terminalPhone: '013899999999', vin: 'OLD' }) },
      { key: '2', value: vehicle('2', 10, { terminalPhone: '013800000002', companyPath: ['1', '3'], fleetPath: ['7'] }) },
    ]);
    await bus.publish(Topics.terminalRegistry, [{ key: '013800000001', value: terminal('013800000001', 10, { videoChannels: 4 }) }]);
    await bus.publish(Topics.vehicleState, [
      { key: '013800000001', value: state('013800000001', 1, 20) },
      { key: '013800000001', value: state('013800000001', 0, 10) },
    ]);
  };

  it('is ready once the records on the topics at start are applied, newer records winning whatever their order', async () => {
    await publish();
    await registry.onModuleInit();
    await registry.ready;
    expect(registry.byVehicleId('1')).toMatchObject({ terminalPhone: '013800000001', updatedAt: 20 });
    expect(registry.byTerminalPhone('013899999999')).toBeUndefined();
    expect(registry.byVin('OLD')).toBeUndefined();
    expect(registry.terminalOf('13800000001')?.videoChannels).toBe(4);
    expect(registry.isOnline('013800000001')).toBe(true);
    expect(registry.stateByVehicleId('1')?.updatedAt).toBe(20);
    expect(registry.size).toBe(2);
  });

  it('is not ready before the last record present at start has been applied', async () => {
    // The in-process bus, with every batch handed over 20 ms late (as a broker fetch would be).
    const late: EventBus = {
      kind: bus.kind,
      publish: (topic, records) => bus.publish(topic, records),
      subscribe: (topic, options) => bus.subscribe(topic, { ...options, maxBatchSize: 10, handle: async (batch) => void (await new Promise((resolve) => setTimeout(resolve, 20)), await options.handle(batch)) }),
      isHealthy: () => bus.isHealthy(),
      close: () => bus.close(),
      watermarks: (topic) => bus.watermarks(topic),
    };
    await bus.publish(Topics.vehicleRegistry, Array.from({ length: 50 }, (_, i) => ({ key: String(i), value: vehicle(String(i), 1) })));
    const following = new VehicleRegistry(late, { service: 'spec-late' });
    await following.onModuleInit();
    await following.ready;
    expect(following.size).toBe(50);
    await following.onModuleDestroy();
  });

  it('is ready at once on empty topics, and keeps following records published later', async () => {
    await registry.onModuleInit();
    await registry.ready;
    expect(registry.size).toBe(0);
    const changed = new Promise<[VehicleRegistryEntry | undefined, VehicleRegistryEntry | undefined]>((resolve) => registry.onVehicleChange((...args) => resolve(args)));
    await bus.publish(Topics.vehicleRegistry, { key: '5', value: vehicle('5', 1) });
    const [current, previous] = await changed;
    expect(current?.vehicleId).toBe('5');
    expect(previous).toBeUndefined();
  });

  it('finds a vehicle by its SIM number spelled in 12 or 20 digits, and by VIN in any case', () => {
    registry.apply(vehicle('1', 1, { terminalPhone: '13800000001', vin: 'LFV2A21K8A3000001' }));
    expect(registry.byTerminalPhone('013800000001')?.vehicleId).toBe('1');
    expect(registry.byTerminalPhone('00000000013800000001')?.vehicleId).toBe('1');
    expect(registry.byVin('lfv2a21k8a3000001')?.vehicleId).toBe('1');
    registry.applyTerminal(terminal('00000000013800000001', 1));
    expect(registry.terminalOf('013800000001')?.terminalId).toBe('t1');
    registry.applyState(state('013800000001', 1, 1));
    expect(registry.isOnline('00000000013800000001')).toBe(true);
  });

  it('forgets a deleted vehicle under every key, and a VIN or phone that moved stays with its new vehicle', () => {
    const changes: (string | undefined)[] = [];
    registry.onVehicleChange((current, previous) => changes.push(current?.vehicleId ?? `-${previous?.vehicleId}`));
    registry.apply(vehicle('1', 1, { terminalPhone: '013800000001', vin: 'VIN1' }));
    registry.apply(vehicle('2', 2, { terminalPhone: '013800000001', vin: 'VIN1' }));
    registry.apply(vehicle('1', 3, { deleted: true }));
    expect(registry.byVehicleId('1')).toBeUndefined();
    expect(registry.byVin('VIN1')?.vehicleId).toBe('2');
    expect(registry.byTerminalPhone('013800000001')?.vehicleId).toBe('2');
    registry.apply(vehicle('2', 4, { deleted: true }));
    expect(registry.byVin('VIN1')).toBeUndefined();
    expect(registry.byTerminalPhone('013800000001')).toBeUndefined();
    // A stale record of a deleted vehicle changes nothing.
    registry.apply(vehicle('2', 3, { vin: 'VIN1' }));
    expect(registry.byVin('VIN1')).toBeUndefined();
    expect(changes).toEqual(['1', '2', '-1', '-2']);
  });

  it('answers in scope by company or fleet, and 8002 for a vehicle outside it as for an unknown one', () => {
    registry.apply(vehicle('1', 1, { companyPath: ['1', '2'], fleetPath: [] }));
    registry.apply(vehicle('2', 1, { companyPath: ['1', '3'], fleetPath: ['7', '8'] }));
    const company2 = user({ scope: { companies: ['2'], fleets: [] } });
    const fleet7 = user({ scope: { companies: [], fleets: ['7'] } });
    expect(registry.inScope(company2, '1').vehicleId).toBe('1');
    expect(registry.visibleTo(company2, '2')).toBeUndefined();
    expect(() => registry.inScope(company2, '2')).toThrow(expect.objectContaining({ errorCode: ErrorCode.VEHICLE_NOT_FOUND }));
    expect(() => registry.inScope(company2, '404')).toThrow(expect.objectContaining({ errorCode: ErrorCode.VEHICLE_NOT_FOUND }));
    expect(registry.inScope(fleet7, '2').vehicleId).toBe('2');
    expect(registry.visibleTo(fleet7, '1')).toBeUndefined();
    expect(registry.inScope(user({ superAdmin: true }), '2').vehicleId).toBe('2');
  });

  it('tells state listeners the state before, and ignores an older state', () => {
    const transitions: string[] = [];
    registry.onStateChange((current, previous) => transitions.push(`${previous?.vehicleStatus ?? '-'}>${current.vehicleStatus}`));
    registry.applyState(state('013800000001', 1, 20));
    registry.applyState(state('00000000013800000001', 0, 10));
    registry.applyState(state('13800000001', 0, 30));
    expect(transitions).toEqual(['->1', '1>0']);
    expect(registry.isOnline('013800000001')).toBe(false);
  });
});
