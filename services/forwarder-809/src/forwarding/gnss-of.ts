import { formatChinaTime, type Position } from '@openfleet/contracts';
import { encodeBody } from '@openfleet/jt808';
import type { Gnss, Jt809Edition } from '@openfleet/jt809';

/**
 * A position in the platform's edition: 2011 the 36-byte GNSS block (China-time date, km/h, km),
 * 2019 the JT/T 808 0x0200 body itself, as the 2019 edition carries it.
 */
export function gnssOf(position: Position, edition: Jt809Edition, platformCode = ''): Gnss {
  if (edition === '2019') {
    const data = encodeBody(
      0x0200,
      {
        alarm: position.alarmFlags >>> 0,
        status: position.statusFlags >>> 0,
        latitude: position.latitudeE6 / 1e6,
        longitude: position.longitudeE6 / 1e6,
        altitude: Math.max(0, position.altitudeM),
        speed: position.speedDkmh / 10,
        direction: position.directionDeg,
        time: new Date(position.gpsTimeS * 1000),
        extras: position.hasMileage ? [{ id: 0x01, kind: 'mileageKm', value: position.mileageHm / 10 }] : [],
      },
      '2019',
    );
    return { encrypt: 0, data, platformId1: platformCode, alarm1: 0, platformId2: '', alarm2: 0, platformId3: '', alarm3: 0 };
  }
  const time = formatChinaTime(position.gpsTimeS * 1000);
  return {
    encrypt: 0,
    time,
    lonE6: Math.abs(position.longitudeE6),
    latE6: Math.abs(position.latitudeE6),
    speed: Math.round(position.speedDkmh / 10),
    recorderSpeed: Math.round((position.hasRecordedSpeed ? position.recordedSpeedDkmh : position.speedDkmh) / 10),
    mileage: Math.floor(position.mileageHm / 10),
    direction: position.directionDeg,
    altitude: Math.max(0, Math.min(0xffff, position.altitudeM)),
    state: position.statusFlags >>> 0,
    alarm: position.alarmFlags >>> 0,
  };
}

/** Serialised for the backlog table (the 2019 808 body as hex). */
export function gnssToJson(gnss: Gnss): string {
  return JSON.stringify(gnss, (key, value: unknown) => (key === 'data' && value && typeof value === 'object' && 'data' in value ? Buffer.from((value as { data: number[] }).data).toString('hex') : value));
}

export function gnssFromJson(json: string): Gnss {
  const value = JSON.parse(json) as Gnss & { data?: string };
  return typeof value.data === 'string' ? { ...value, data: Buffer.from(value.data, 'hex') } : value;
}

/** JT/T 809 warning types (2011 table) for our alarm types; 0x000E "other" for the rest. */
export const WARN_TYPES: Record<string, number> = {
  overspeed: 0x0001,
  platformOverspeed: 0x0001,
  fatigueDriving: 0x0002,
  platformFatigue: 0x0002,
  emergency: 0x0003,
  fenceIn: 0x0004,
  areaIn: 0x0004,
  fenceOut: 0x0005,
  areaOut: 0x0005,
  theft: 0x0009,
  routeDeviation: 0x000b,
  illegalMove: 0x000c,
  routeDrivingTime: 0x000d,
};
