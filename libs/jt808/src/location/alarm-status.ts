/** Alarm flag bits of 0x0200 (JT/T 808-2019 table 24; 2013 names where 2019 only reworded them). Index = bit. */
export const ALARM_BITS: readonly string[] = [
  'emergency', // 0
  'overspeed',
  'fatigueDriving',
  'dangerousDriving', // 2013: danger warning
  'gnssModuleFault',
  'gnssAntennaDisconnected',
  'gnssAntennaShortCircuit',
  'mainPowerUndervoltage',
  'mainPowerOff', // 8
  'displayFault',
  'ttsModuleFault',
  'cameraFault',
  'icCardModuleFault',
  'overspeedWarning',
  'fatigueDrivingWarning',
  'illegalDriving', // 15, 2019 (reserved in 2013)
  'tyrePressureWarning', // 16, 2019
  'rightTurnBlindSpot', // 17, 2019
  'dailyDrivingTimeout', // 18
  'parkingTimeout',
  'areaInOut',
  'routeInOut',
  'routeDriveTime',
  'routeDeviation',
  'vssFault', // 24
  'fuelAbnormal',
  'vehicleStolen',
  'illegalIgnition',
  'illegalMovement',
  'collisionWarning', // 29 (2011: collision/rollover)
  'rolloverWarning',
  'illegalDoorOpen', // 31
];

/** Status bits of 0x0200 (JT/T 808-2019 table 25). Bits 8-9 together are the load state, see {@link loadState}. */
export const STATUS_BITS: readonly string[] = [
  'accOn', // 0
  'positioned',
  'southLatitude',
  'westLongitude',
  'outOfService',
  'coordinatesEncrypted',
  'forwardCollisionWarning', // 6, 2019
  'laneDepartureWarning', // 7, 2019
  'loadBit0', // 8
  'loadBit1', // 9
  'oilCircuitCut',
  'electricCircuitCut',
  'doorLocked',
  'door1Open', // front
  'door2Open', // middle
  'door3Open', // rear
  'door4Open', // 16, driver
  'door5Open',
  'gpsUsed',
  'beidouUsed',
  'glonassUsed',
  'galileoUsed',
  'moving', // 22, 2019
  'reserved23',
  'reserved24',
  'reserved25',
  'reserved26',
  'reserved27',
  'reserved28',
  'reserved29',
  'reserved30',
  'reserved31',
];

export const STATUS_SOUTH = 1 << 2;
export const STATUS_WEST = 1 << 3;

function names(table: readonly string[], bits: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < 32; i++) if ((bits >>> i) & 1) out.push(table[i]);
  return out;
}

/** Names of the alarm bits set in `alarm`. */
export function alarmNames(alarm: number): string[] {
  return names(ALARM_BITS, alarm);
}

/** Names of the status bits set in `status`. */
export function statusNames(status: number): string[] {
  return names(STATUS_BITS, status);
}

/** Status bits 8-9: 00 empty, 01 half, 10 reserved, 11 full. */
export function loadState(status: number): 'empty' | 'half' | 'reserved' | 'full' {
  return (['empty', 'half', 'reserved', 'full'] as const)[(status >>> 8) & 3];
}
