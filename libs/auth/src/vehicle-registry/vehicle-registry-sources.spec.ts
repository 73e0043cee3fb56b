import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import type { VehicleRegistryEntry, VehicleStateEvent } from '@openfleet/contracts';
import { VehicleRegistry } from './vehicle-registry';

const VIN = 'LSJMEV00000000001';
const vehicle: VehicleRegistryEntry = { vehicleId: '1', plateCode: '京AD0001', plateColor: 5, vin: VIN.toLowerCase(), companyId: '2', companyPath: ['2'], fleetPath: [], terminalPhone: '13800000001', deleted: false, updatedAt: 1 };
const state = (terminalPhone: string, vehicleStatus: number, gpsTimeS: number, updatedAt: number, vehicleId = '1'): VehicleStateEvent => ({
  terminalPhone, vehicleId, vehicleStatus, locateStatus: 1, displayStatus: 'driving', gpsTimeS, latitude: 0, longitude: 0, speedKmh: 0, direction: 0, alarmFlags: 0, updatedAt,
});

// Applied directly: the topics' following is covered by vehicle-registry.spec.ts.
describe('VehicleRegistry: a vehicle with an 808 terminal and VIN links is one vehicle', () => {
  let registry: VehicleRegistry;

  beforeEach(() => {
    registry = new VehicleRegistry(new InProcessBus({ logger: silentBusLogger }), { service: 'spec', follow: { states: true } });
    registry.apply(vehicle);
  });

  it('resolves a VIN link key to the vehicle, in any letter case of the registry\'s VIN', () => {
    expect(registry.byTerminalPhone(`EV:${VIN}`)?.vehicleId).toBe('1');
    expect(registry.byTerminalPhone(`HJ:${VIN}`)?.vehicleId).toBe('1');
    expect(registry.find({ terminalPhone: `EV:${VIN}` })?.vehicleId).toBe('1');
    expect(registry.byTerminalPhone('EV:LSJMEV00000000002')).toBeUndefined();
    expect(registry.byTerminalPhone('013800000001')?.vehicleId).toBe('1');
  });

  it('answers the state of the online 808 terminal first, else the online link, else the newest report', () => {
    registry.applyState(state('013800000001', 1, 100, 10));
    registry.applyState(state(`EV:${VIN}`, 1, 200, 20));
    expect(registry.stateByVehicleId('1')?.terminalPhone).toBe('013800000001');
    registry.applyState(state('013800000001', 0, 100, 30));
    expect(registry.stateByVehicleId('1')?.terminalPhone).toBe(`EV:${VIN}`);
    registry.applyState(state(`EV:${VIN}`, 0, 200, 40));
    expect(registry.stateByVehicleId('1')?.terminalPhone).toBe(`EV:${VIN}`);
    registry.applyState(state('013800000001', 0, 300, 50));
    expect(registry.stateByVehicleId('1')?.terminalPhone).toBe('013800000001');
    // The state per source is still there for the 808 consumers (commands, video).
    expect(registry.isOnline('13800000001')).toBe(false);
  });

  it('forgets a source whose newest state names another vehicle or none', () => {
    registry.applyState(state(`EV:${VIN}`, 1, 200, 20));
    registry.applyState(state('013800000001', 1, 100, 10));
    registry.applyState(state('013800000001', 1, 100, 30, ''));
    registry.applyState(state(`EV:${VIN}`, 0, 200, 40));
    expect(registry.stateByVehicleId('1')?.terminalPhone).toBe(`EV:${VIN}`);
    // An older record of a source changes nothing.
    registry.applyState(state(`EV:${VIN}`, 1, 150, 35));
    expect(registry.stateByVehicleId('1')?.vehicleStatus).toBe(0);
  });
});
