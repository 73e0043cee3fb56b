import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

/**
 * Latest known state of a vehicle (topic tracking.vehicle-state.v1, compacted, key terminal phone).
 * The tracking service publishes it when the online state or the display status changes, so the
 * admin vehicle tree or the api can show status icons and online counts without calling tracking.
 */
export interface VehicleStateEvent {
  terminalPhone: string;
  /** Empty when the terminal is not bound to a vehicle. */
  vehicleId: string;
  /** 0 offline, 1 online. */
  vehicleStatus: number;
  /** LocateStatus: 0 abnormal, 1 located, 2 not located. */
  locateStatus: number;
  /** One of DisplayStatus. */
  displayStatus: string;
  gpsTimeS: number;
  /** WGS-84 degrees. */
  latitude: number;
  longitude: number;
  speedKmh: number;
  direction: number;
  alarmFlags: number;
  updatedAt: number;
}

export const vehicleStateCodec = jsonCodec<VehicleStateEvent>((value) =>
  checkFields(value, {
    terminalPhone: 'string',
    vehicleId: 'string',
    vehicleStatus: 'number',
    locateStatus: 'number',
    displayStatus: 'string',
    gpsTimeS: 'number',
    latitude: 'number',
    longitude: 'number',
    speedKmh: 'number',
    direction: 'number',
    alarmFlags: 'number',
    updatedAt: 'number',
  }),
);
