// The info panel's condition fields: filled from the vehicle condition wherever the vehicle sent the
// item (status word table 25, 0x25 table 31, 0x2A, 0x2B, 0x30, 0x31, CAN values), "—" (null) only
// where it did not.
import { DisplayStatus } from '@openfleet/contracts/display-status';
import type { LiveVehicle } from './liveSlice';
import { canFields, electricalFields, satelliteFields, sensorFields } from './vehicle-fields';

const t = (key: string) => key;
const vehicle: LiveVehicle = {
  vehicleId: '1', terminalPhone: '13800000001', plateCode: '京A00001', vehicleStatus: 1, locateStatus: 1, alarmCount: 0, alarmFlags: 0,
  // ACC on, located, front door open, GPS + BeiDou (bits 18, 19).
  statusFlags: 0x000c2003, gpsSpeed: 30, direction: 90, lng: 116.4, lat: 39.9, high: 50, mileage: 100, oilMass: 40, accState: 1,
  gpsTime: '2026-11-27 10:00:00', displayStatus: DisplayStatus.ONLINE, videoAlarms: null,
};
const condition = {
  statusFlags: 0x000c2003, extendedSignals: 0x19, ioStatus: 0, analog: { ad0: 500, ad1: 100 }, signalStrength: 28, satellites: 11,
  can: [{ signalId: 1, name: 'engine speed', unit: 'rpm', value: 621, time: '2026-11-27 10:00:30' }],
};
const valueOf = (fields: { label: string; value: unknown }[], label: string) => fields.find((field) => field.label === label)?.value;

describe('info panel fields from the vehicle condition', () => {
  it('fills the electrical signals: doors, lights and brake', () => {
    const fields = electricalFields(vehicle, t, condition);
    expect(valueOf(fields, 'monitor.field.acc')).toBe('monitor.acc.on');
    expect(valueOf(fields, 'monitor.field.door')).toBe('condition.state.door.front condition.value.open');
    expect(valueOf(fields, 'monitor.field.lights')).toBe('condition.state.lowBeam、condition.state.leftTurn');
    expect(valueOf(fields, 'monitor.field.brake')).toBe('monitor.acc.on');
    expect(valueOf(fields, 'condition.state.doorLock')).toBe('condition.value.unlocked');
  });

  it('fills satellites, signal strength and the GNSS mode, and the sensors', () => {
    const satellite = satelliteFields(vehicle, t, condition);
    expect(valueOf(satellite, 'monitor.field.satellites')).toBe(11);
    expect(valueOf(satellite, 'monitor.field.signal')).toBe(28);
    expect(valueOf(satellite, 'monitor.field.mode')).toBe('condition.gnss.gps / condition.gnss.beidou');
    const sensors = sensorFields(vehicle, t, condition);
    expect(valueOf(sensors, 'condition.field.ad0')).toBe(500);
    expect(valueOf(sensors, 'condition.field.load')).toBe('condition.value.load.empty');
    expect(valueOf(sensors, 'condition.state.io')).toBe('condition.value.awake');
  });

  it('lists the CAN values, and leaves "—" only for what was never sent', () => {
    expect(canFields(t, condition)).toEqual([{ label: 'engine speed', value: 621, unit: 'rpm', digits: undefined }]);
    expect(canFields(t, undefined)).toEqual([{ label: 'condition.field.can', value: null }]);
    const bare = electricalFields(vehicle, t, undefined);
    expect(valueOf(bare, 'monitor.field.lights')).toBeNull();
    expect(valueOf(bare, 'monitor.field.door')).toBe('condition.state.door.front condition.value.open');
    expect(valueOf(satelliteFields(vehicle, t, undefined), 'monitor.field.satellites')).toBeNull();
  });
});
