import type { CertificationSettings, Position, TerminalSessionEvent, TerminalUplink } from '@openfleet/contracts';
import { LOCATION_EXTRA_KINDS } from '@openfleet/jt808';
import { satisfied, violated, type TestProgress } from './check-state';

// JT/T 808 checks of a running test: one function per kind of frame, each moving the checks the
// frame can decide. Pure: the monitor loads the progress, applies the frames in order and stores it.

/** A road vehicle's GNSS speed beyond this is a wrong field, not a fast truck (km/h). */
const MAX_SPEED_KMH = 220;
const POSITIONED = 1 << 1;

/**
 * Alarm bits reserved per protocol version (JT/T 808-2011 table 18: 12-17, 30-31; 2013 table 24:
 * 15-17; 2019 defines all 32). A terminal whose version was not seen is judged by 2019: no false failure.
 */
const RESERVED_ALARM_BITS: Record<string, number> = {
  '2011': (0b111111 << 12) | (0b11 << 30),
  '2013': 0b111 << 15,
  '2019': 0,
};

const hex = (n: number) => `0x${(n >>> 0).toString(16).padStart(8, '0')}`;

/** 0x0100 registration or 0x0102 authentication on gateway.uplink.v1. */
export function applyUplink(progress: TestProgress, uplink: TerminalUplink): void {
  if (uplink.msgId !== '0x0100' && uplink.msgId !== '0x0102') return;
  progress.protocolVersion = uplink.version;
  if (uplink.msgId === '0x0100') {
    const plate = typeof uplink.body.plate === 'string' ? uplink.body.plate : '';
    const model = typeof uplink.body.model === 'string' ? uplink.body.model : '';
    satisfied(progress, 'registration', 1, { at: uplink.receivedAt, field: '0x0100', value: `${plate} ${model}`.trim(), note: `registered (JT/T 808-${uplink.version})` });
  }
}

/** The gateway publishes a session online only once the terminal's 0x0102 was accepted. */
export function applySession(progress: TestProgress, event: TerminalSessionEvent): void {
  if (event.state !== 'online') return;
  satisfied(progress, 'authentication', 1, { at: event.at, field: '0x0102', value: event.remoteAddress ?? event.gatewayId, note: 'authenticated, session online' });
}

export function applyPosition(progress: TestProgress, position: Position, settings: CertificationSettings): void {
  const at = position.gpsTimeS * 1000;
  const extras = position.extrasJson ? (JSON.parse(position.extrasJson) as Record<string, unknown>) : {};
  checkFields(progress, position, extras, settings, at);
  const missing = settings.requiredExtras.find((id) => !carries(position, extras, parseInt(id, 16)));
  if (missing) violated(progress, 'requiredExtras', { at, field: missing, value: 'absent' });
  else satisfied(progress, 'requiredExtras', settings.minFrames, { at, field: settings.requiredExtras.join(','), value: 'present' });

  const reserved = position.alarmFlags & (RESERVED_ALARM_BITS[progress.protocolVersion ?? '2019'] ?? 0);
  if (reserved) violated(progress, 'alarmBits', { at, field: `alarm (${progress.protocolVersion ?? '2019'})`, value: hex(position.alarmFlags), note: `reserved bits ${hex(reserved)} set` });
  else satisfied(progress, 'alarmBits', settings.minFrames, { at, field: 'alarm', value: hex(position.alarmFlags) });

  // Blind-area backfill (0x0704) is history: it says nothing of the live interval.
  if (position.blindArea) return;
  const last = progress.lastGpsTimeS;
  if (last === undefined || position.gpsTimeS > last) progress.lastGpsTimeS = position.gpsTimeS;
  if (last === undefined || position.gpsTimeS <= last) return;
  const gap = position.gpsTimeS - last;
  if (gap > settings.maxReportIntervalS) violated(progress, 'reportInterval', { at, field: 'interval', value: `${gap}s`, note: `more than ${settings.maxReportIntervalS}s since the previous position` });
  else satisfied(progress, 'reportInterval', settings.minFrames - 1, { at, field: 'interval', value: `${gap}s` });
}

/** Latitude, longitude, time and speed as the standard allows them; a fix without its positioned bit does not count. */
function checkFields(progress: TestProgress, position: Position, extras: Record<string, unknown>, settings: CertificationSettings, at: number): void {
  const fail = (field: string, value: string, note: string) => violated(progress, 'positionFields', { at, field, value, note });
  if (typeof extras.invalidTimeBcd === 'string') return fail('time', extras.invalidTimeBcd, 'not a BCD date and time');
  const skewS = Math.abs(position.receivedAtMs - at) / 1000;
  if (!position.blindArea && skewS > settings.maxClockSkewS) return fail('time', `${Math.round(skewS)}s`, `more than ${settings.maxClockSkewS}s from the arrival`);
  if (position.speedDkmh > MAX_SPEED_KMH * 10) return fail('speed', `${position.speedDkmh / 10}`, `above ${MAX_SPEED_KMH} km/h`);
  if (!(position.statusFlags & POSITIONED)) return;
  const { latitudeE6: lat, longitudeE6: lon } = position;
  if (Math.abs(lat) > 90e6 || Math.abs(lon) > 180e6 || (lat === 0 && lon === 0)) return fail('latitude,longitude', `${lat / 1e6},${lon / 1e6}`, 'positioned but not a place');
  satisfied(progress, 'positionFields', settings.minFrames, { at, field: 'latitude,longitude,time,speed', value: `${lat / 1e6},${lon / 1e6}` });
}

/** Whether the position carries additional item `id`: the mapped ones by their flags, the rest by their JSON key. */
function carries(position: Position, extras: Record<string, unknown>, id: number): boolean {
  if (id === 0x01) return position.hasMileage;
  if (id === 0x02) return position.hasFuel;
  if (id === 0x03) return position.hasRecordedSpeed;
  const kind = LOCATION_EXTRA_KINDS.get(id);
  return (kind !== undefined && kind in extras) || `raw0x${id.toString(16).padStart(2, '0')}` in extras;
}
