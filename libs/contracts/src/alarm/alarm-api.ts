/**
 * What the alarm service answers the console (/gps/alarm ...): types only, browser-safe
 * (`@openfleet/contracts/alarm`). The live `alarm` event is `LiveAlarm` in live/hub-events.
 */

/** One alarm of the list (gps/alarm/page). */
export interface AlarmRow {
  id: number;
  type: string;
  bit: number;
  level: number;
  source: string;
  terminalPhone: string;
  vehicleId: string;
  plateCode: string;
  startedAt: number;
  endedAt: number;
  lastAt: number;
  latitude: number;
  longitude: number;
  /** Province, city and district of the position ("广东省广州市海珠区"), '' at sea or abroad. */
  place?: string;
  speedKmh: number;
  maxSpeedKmh: number;
  blindArea: number;
  detail: Record<string, unknown> | null;
  handleStatus: number;
  handleResult: number;
  handleRemark: string;
  handlerId: string;
  handledAt: number;
}

/** One evidence file of an active-safety alarm (T/JSATL 12 attachment): 0 image, 1 audio, 2 video, 3 text, 4 other. */
export interface EvidenceFile {
  id: number;
  name: string;
  fileType: number;
  size: number;
  received: number;
  complete: boolean;
}

/** gps/alarm/:id/evidence */
export interface AlarmEvidence {
  alarmNumber: string;
  expected: number;
  files: EvidenceFile[];
}

/** How the company wants one alarm type (alarmConfigNew). */
export interface AlarmTypeSetting {
  type: string;
  level: number;
  push: boolean;
  sound: boolean;
  needsHandling: boolean;
  custom: boolean;
}

/** The platform rules of a company and vehicle type (gps/alarm/rules). */
export interface AlarmRules {
  overspeedKmh: number;
  overspeedS: number;
  fatigueDriveS: number;
  fatigueRestS: number;
  nightStart: string;
  nightEnd: string;
  offlineS: number;
  stoppedS: number;
}

/** Unhandled alarms of the last hours (gps/alarm/count). */
export interface AlarmCount {
  count: number;
  time: number;
}
