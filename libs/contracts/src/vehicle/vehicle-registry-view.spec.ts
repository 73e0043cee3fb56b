import type { VehicleRegistryEntry } from '../events/registry';
import { VehicleRegistryView } from './vehicle-registry-view';

const entry = (vehicleId: string, terminalPhone: string, updatedAt: number, deleted = false): VehicleRegistryEntry => ({
  vehicleId,
  plateCode: `P${vehicleId}`,
  plateColor: 1,
  vin: '',
  companyId: '1',
  companyPath: ['1'],
  fleetPath: [],
  terminalPhone,
  deleted,
  updatedAt,
});

describe('VehicleRegistryView', () => {
  it('finds a vehicle by id and by terminal phone, and follows a terminal moving to another vehicle', () => {
    const view = new VehicleRegistryView();
    view.apply(entry('1', '013800000001', 10));
    expect(view.find({ terminalPhone: '013800000001' })?.vehicleId).toBe('1');
    // The 2019 header spelling of the same SIM number.
    expect(view.byTerminalPhone('00000000013800000001')?.vehicleId).toBe('1');
    // The terminal is re-bound to vehicle 2, then vehicle 1's update (without terminal) arrives.
    view.apply(entry('2', '013800000001', 20));
    view.apply(entry('1', '', 21));
    expect(view.byTerminalPhone('013800000001')?.vehicleId).toBe('2');
    expect(view.find({ vehicleId: '1' })?.terminalPhone).toBe('');
    expect(view.size).toBe(2);
  });

  it('never lets an older record overwrite a newer one, and forgets deleted vehicles', () => {
    const view = new VehicleRegistryView();
    view.apply(entry('1', '013800000001', 20));
    view.apply(entry('1', '013800000009', 10));
    expect(view.byVehicleId('1')?.terminalPhone).toBe('013800000001');
    view.apply(entry('1', '013800000001', 30, true));
    expect(view.byVehicleId('1')).toBeUndefined();
    expect(view.byTerminalPhone('013800000001')).toBeUndefined();
    expect([...view.all()]).toEqual([]);
  });
});
