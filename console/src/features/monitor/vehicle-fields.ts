import { decodeCondition, type VehicleConditionView } from '@openfleet/contracts/live';
import type { LiveVehicle } from './liveSlice';
import { LNG_LAT_LABEL_KEY } from '../formats/coordinates';

/** A labelled reading of the info panel; value null means the terminal sent nothing for it. */
export interface InfoField {
  readonly label: string;
  readonly value: number | string | null;
  readonly unit?: string;
  readonly digits?: number;
}

type Translate = (key: string) => string;

/** JT/T 808 status bits the console can read from the pushed position. */
const bit = (flags: number | null, index: number): boolean | null => (flags === null ? null : ((flags >>> index) & 1) === 1);
const yesNo = (value: boolean | null, t: Translate) => (value === null ? null : t(value ? 'monitor.yes' : 'monitor.no'));

export function basicFields(vehicle: LiveVehicle, t: Translate, place: string): InfoField[] {
  return [
    { label: t('monitor.field.plate'), value: vehicle.plateCode || null },
    { label: t('monitor.field.terminal'), value: vehicle.terminalPhone || null },
    { label: t('monitor.field.status'), value: t(`monitor.status.${vehicle.displayStatus}`) },
    { label: t('monitor.field.speed'), value: vehicle.gpsSpeed, unit: 'km/h', digits: 1 },
    { label: t('monitor.field.direction'), value: vehicle.gpsTime ? vehicle.direction : null, unit: '°' },
    { label: t('monitor.field.gpsTime'), value: vehicle.gpsTime },
    { label: `${t('monitor.field.place')}（${t(LNG_LAT_LABEL_KEY)}）`, value: place === '—' ? null : place },
    { label: t('monitor.field.mileage'), value: vehicle.mileage, unit: 'km', digits: 1 },
    { label: t('monitor.field.alarms'), value: vehicle.gpsTime ? vehicle.alarmCount : null },
  ];
}

/** The vehicle condition's words and readings (gps/vehicle-condition), when the vehicle sent them. */
export type ConditionInput = Pick<VehicleConditionView, 'statusFlags' | 'extendedSignals' | 'ioStatus' | 'analog' | 'signalStrength' | 'satellites' | 'can'> | null | undefined;

const onOff = (flag: boolean | null, t: Translate) => (flag === null ? null : t(flag ? 'monitor.acc.on' : 'monitor.acc.off'));

/** Altitude and fuel of the position; the load state (status bits 8-9), analog AD0/AD1 (0x2B) and IO (0x2A) of the condition. */
export function sensorFields(vehicle: LiveVehicle, t: Translate, condition?: ConditionInput): InfoField[] {
  const decoded = decodeCondition(condition?.statusFlags ?? vehicle.statusFlags, condition?.extendedSignals ?? null, condition?.ioStatus ?? null);
  const io = decoded.deepSleep === null ? null : t(decoded.deepSleep ? 'condition.value.deepSleep' : decoded.sleep ? 'condition.value.sleep' : 'condition.value.awake');
  return [
    { label: t('monitor.field.altitude'), value: vehicle.high, unit: 'm' },
    { label: t('monitor.field.oil'), value: vehicle.oilMass, unit: 'L', digits: 1 },
    { label: t('condition.field.load'), value: decoded.load === null ? null : t(`condition.value.load.${decoded.load}`) },
    { label: t('condition.field.ad0'), value: condition?.analog?.ad0 ?? null },
    { label: t('condition.field.ad1'), value: condition?.analog?.ad1 ?? null },
    { label: t('condition.state.io'), value: io },
  ];
}

/** Electrical signals: ACC, fix, circuits, lock and doors of the status word (table 25), lights and brake of item 0x25 (table 31). */
export function electricalFields(vehicle: LiveVehicle, t: Translate, condition?: ConditionInput): InfoField[] {
  const flags = vehicle.statusFlags ?? condition?.statusFlags ?? null;
  const decoded = decodeCondition(flags, condition?.extendedSignals ?? null, null);
  const acc = flags === null ? vehicle.accState : Number(bit(flags, 0));
  const doorNames = ['front', 'middle', 'rear', 'driver', 'custom'];
  const openDoors = decoded.doors.flatMap((open, index) => (open ? [t(`condition.state.door.${doorNames[index]}`)] : []));
  const lights = ([['lowBeam', decoded.lowBeam], ['highBeam', decoded.highBeam], ['leftTurn', decoded.leftTurn], ['rightTurn', decoded.rightTurn], ['fogLight', decoded.fogLight], ['clearanceLights', decoded.clearanceLights]] as const)
    .filter(([, on]) => on)
    .map(([key]) => t(`condition.state.${key}`));
  return [
    { label: t('monitor.field.acc'), value: acc === null ? null : t(acc === 1 ? 'monitor.acc.on' : 'monitor.acc.off') },
    { label: t('monitor.field.located'), value: yesNo(bit(flags, 1), t) },
    { label: t('condition.state.oilCircuit'), value: decoded.oilCircuitCut === null ? null : t(decoded.oilCircuitCut ? 'condition.value.cut' : 'condition.value.normal') },
    { label: t('condition.state.electricCircuit'), value: decoded.electricCircuitCut === null ? null : t(decoded.electricCircuitCut ? 'condition.value.cut' : 'condition.value.normal') },
    { label: t('condition.state.doorLock'), value: decoded.doorLocked === null ? null : t(decoded.doorLocked ? 'condition.value.locked' : 'condition.value.unlocked') },
    { label: t('monitor.field.door'), value: flags === null ? null : openDoors.length ? `${openDoors.join('、')} ${t('condition.value.open')}` : t('condition.allClosed') },
    { label: t('monitor.field.lights'), value: decoded.lowBeam === null ? null : lights.join('、') || t('monitor.acc.off') },
    { label: t('monitor.field.brake'), value: onOff(decoded.brake, t) },
  ];
}

/** Live CAN: every signal of the CAN signal table the vehicle's newest frames carry, decoded. */
export function canFields(t: Translate, condition?: ConditionInput): InfoField[] {
  if (!condition?.can.length) {
    return [{ label: t('condition.field.can'), value: null }];
  }
  return condition.can.map((value) => ({ label: value.name, value: value.value, unit: value.unit || undefined, digits: Number.isInteger(value.value) ? undefined : 2 }));
}

export function satelliteFields(vehicle: LiveVehicle, t: Translate, condition?: ConditionInput): InfoField[] {
  const decoded = decodeCondition(vehicle.statusFlags ?? condition?.statusFlags ?? null, null, null);
  const systems = (['gps', 'beidou', 'glonass', 'galileo'] as const).filter((system) => decoded.gnss[system]).map((system) => t(`condition.gnss.${system}`));
  return [
    { label: t('monitor.field.located'), value: vehicle.locateStatus === null ? null : yesNo(vehicle.locateStatus === 1, t) },
    { label: t('monitor.field.satellites'), value: condition?.satellites ?? null },
    { label: t('monitor.field.signal'), value: condition?.signalStrength ?? null },
    { label: t('monitor.field.mode'), value: decoded.located === null ? null : systems.join(' / ') || null },
  ];
}
