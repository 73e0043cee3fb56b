import type { LiveVehicle } from './liveSlice';

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
    { label: t('monitor.field.place'), value: place === '—' ? null : place },
    { label: t('monitor.field.mileage'), value: vehicle.mileage, unit: 'km', digits: 1 },
    { label: t('monitor.field.alarms'), value: vehicle.gpsTime ? vehicle.alarmCount : null },
  ];
}

/** Sensors the live push carries today: altitude and fuel; the rest stay "—" until their reports are decoded. */
export function sensorFields(vehicle: LiveVehicle, t: Translate): InfoField[] {
  return [
    { label: t('monitor.field.altitude'), value: vehicle.high, unit: 'm' },
    { label: t('monitor.field.oil'), value: vehicle.oilMass, unit: 'L', digits: 1 },
    { label: t('monitor.field.temperature'), value: null, unit: '°C' },
    { label: t('monitor.field.humidity'), value: null, unit: '%' },
    { label: t('monitor.field.load'), value: null, unit: 't' },
  ];
}

/** Electrical signals from the status word (bit 0 ACC, 10 oil circuit cut, 11 power cut, 12 doors locked, 13 front door open). */
export function electricalFields(vehicle: LiveVehicle, t: Translate): InfoField[] {
  const flags = vehicle.statusFlags;
  const acc = flags === null ? vehicle.accState : Number(bit(flags, 0));
  return [
    { label: t('monitor.field.acc'), value: acc === null ? null : t(acc === 1 ? 'monitor.acc.on' : 'monitor.acc.off') },
    { label: t('monitor.field.located'), value: yesNo(bit(flags, 1), t) },
    { label: `${t('monitor.field.oil')} ⊘`, value: yesNo(bit(flags, 10), t) },
    { label: t('monitor.field.door'), value: yesNo(bit(flags, 13), t) },
    { label: t('monitor.field.lights'), value: null },
    { label: t('monitor.field.brake'), value: null },
  ];
}

/** Live CAN: not carried by the position push yet, so every field shows "—" (never a fake value). */
export function canFields(t: Translate): InfoField[] {
  return [
    { label: t('monitor.field.engineSpeed'), value: null, unit: 'rpm' },
    { label: t('monitor.field.coolant'), value: null, unit: '°C' },
    { label: t('monitor.field.throttle'), value: null, unit: '%' },
  ];
}

export function satelliteFields(vehicle: LiveVehicle, t: Translate): InfoField[] {
  return [
    { label: t('monitor.field.located'), value: vehicle.locateStatus === null ? null : yesNo(vehicle.locateStatus === 1, t) },
    { label: t('monitor.field.satellites'), value: null },
    { label: t('monitor.field.signal'), value: null },
    { label: t('monitor.field.mode'), value: null },
  ];
}
