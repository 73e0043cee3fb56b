/**
 * Collision rescue (/gps/rescue, screen collisionRescue): types only, browser-safe
 * (`@openfleet/contracts/alarm`). A case opens by itself when a collision or rollover alarm starts.
 */

/** Rescue status: 0 待处理 pending, 1 已联系 contacted, 2 救援中 rescuing, 3 已完成 done, 4 误报 false alarm. */
export const RescueStatus = { PENDING: 0, CONTACTED: 1, RESCUING: 2, DONE: 3, FALSE_ALARM: 4 } as const;
export type RescueStatusCode = (typeof RescueStatus)[keyof typeof RescueStatus];

/**
 * The workflow: what each status may move to. Done and false alarm are final. Anything else is
 * refused with 409, as is a change that lost a race with another operator's.
 */
export const RESCUE_TRANSITIONS: Readonly<Record<RescueStatusCode, readonly RescueStatusCode[]>> = {
  0: [RescueStatus.CONTACTED, RescueStatus.FALSE_ALARM],
  1: [RescueStatus.RESCUING, RescueStatus.DONE, RescueStatus.FALSE_ALARM],
  2: [RescueStatus.DONE, RescueStatus.FALSE_ALARM],
  3: [],
  4: [],
};

/** Alarm types that open a rescue case: 0x0200 bits 29 and 30, and the active-safety collision warnings. */
export const RESCUE_ALARM_TYPES: readonly string[] = ['collisionWarning', 'rolloverWarning', 'adasForwardCollision', 'adasPedestrianCollision'];

/** One rescue case of the list (gps/rescue/page). */
export interface RescueCaseRow {
  id: number;
  /** The alarm that opened it (alarm.event.v1 alarmId). */
  alarmId: string;
  type: string;
  level: number;
  terminalPhone: string;
  vehicleId: string;
  plateCode: string;
  /** When the alarm started (epoch ms). */
  startedAt: number;
  latitude: number;
  longitude: number;
  speedKmh: number;
  /** Province, city and district of the alarm's position ('' at sea or abroad). */
  place: string;
  status: RescueStatusCode;
  openedAt: number;
  updatedAt: number;
}

/** One step of a case's timeline: the opening (status 0, operator 'system') and every change. */
export interface RescueStep {
  id: number;
  status: RescueStatusCode;
  /** The previous status; -1 for the opening. */
  fromStatus: number;
  /** The user who moved it; 'system' for the opening. */
  operatorId: string;
  at: number;
  remark: string;
}

/** A vehicle near the accident by tracking's latest positions, one the operator may see. */
export interface RescueNearbyVehicle {
  vehicleId: string;
  plateCode: string;
  distanceM: number;
  vehicleStatus: number;
  gpsTime: string | null;
  latitude: number;
  longitude: number;
}

/** gps/rescue/:id: the case, its timeline, the alarm's evidence and the vehicles nearby. */
export interface RescueCaseDetail extends RescueCaseRow {
  steps: RescueStep[];
  evidence: { alarmNumber: string; expected: number; files: { id: number; name: string; fileType: number; size: number; received: number; complete: boolean }[] } | null;
  /** Null when tracking could not be asked (the rest of the detail still answers). */
  nearby: RescueNearbyVehicle[] | null;
}
