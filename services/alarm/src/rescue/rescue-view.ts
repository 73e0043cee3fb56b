import type { RescueCaseEvent, RescueCaseRow, RescueStatusCode, RescueStep } from '@openfleet/contracts';
import { placeName } from '@openfleet/geo';
import type { RescueCase, RescueStepRow } from './rescue-case.entity';

/** A case as the console gets it: the stored columns the browser needs, and its place name (computed per answer). */
export function rescueRowOf(c: RescueCase): RescueCaseRow {
  return {
    id: c.id,
    alarmId: c.alarmId,
    type: c.type,
    level: c.level,
    terminalPhone: c.terminalPhone,
    vehicleId: c.vehicleId,
    plateCode: c.plateCode,
    startedAt: c.startedAt,
    latitude: c.latitude,
    longitude: c.longitude,
    speedKmh: c.speedKmh,
    place: placeName(c.longitude, c.latitude),
    status: c.status as RescueStatusCode,
    openedAt: c.openedAt,
    updatedAt: c.updatedAt,
  };
}

export function rescueStepOf(s: RescueStepRow): RescueStep {
  return { id: s.id, status: s.status as RescueStatusCode, fromStatus: s.fromStatus, operatorId: s.operatorId, at: s.at, remark: s.remark };
}

/** The live announcement of a case opened or moved (alarm.rescue.v1). */
export function rescueEventOf(c: RescueCase, at: number): RescueCaseEvent {
  return {
    caseId: c.id,
    alarmId: c.alarmId,
    terminalPhone: c.terminalPhone,
    ...(c.vehicleId ? { vehicleId: c.vehicleId } : {}),
    plateCode: c.plateCode,
    type: c.type,
    status: c.status,
    startedAt: c.startedAt,
    latitude: c.latitude,
    longitude: c.longitude,
    at,
  };
}
