// The alarm detector's decisions, pure: the open alarms of one terminal and what it reported in,
// the alarms started, updated and ended out. No I/O and no Nest: the detector service persists
// and publishes what these return (see docs/alarms.md "Detection").

import { type FenceEvent, type Position, type VehicleRegistryEntry } from '@openfleet/contracts';
import { pathOf } from '@openfleet/storage';
import { Alarm } from '../alarm/alarm.entity';
import { activeRules, initialRuleState, type RuleSet, type RuleState } from '../rules/platform-rules';
import { activeSafetyLevel, FENCE_ALARM_TYPES, levelOf, PLATFORM_RULE_TYPES, setBits } from './alarm-types';
import { activeSafetyItems, EXTRA_DETAIL_OF_BIT, parseExtras, videoAlarms } from './terminal-extras';

/** A lasting alarm is saved and published again at most this often while it goes on. */
export const UPDATE_EVERY_MS = 60_000;

/** What the detector remembers of one terminal (canonical phone). */
export interface TerminalAlarms {
  phone: string;
  /** GNSS time of the newest position seen: older ones (redelivery, backfill) change nothing. */
  lastAt: number;
  /** Open alarms by open key: the type, `as:<kind>:<alarm id>` for active safety, the fence for a route deviation. */
  open: Map<string, Alarm>;
  /** Accumulators of the platform rules (stored per batch in alarm_rule_state: the next owner continues them). */
  rules: RuleState;
  /** Where the terminal last was (an offline alarm is placed there). */
  lastPosition?: { lat: number; lng: number };
}

/** What one call decided. An alarm that starts and ends within one batch is in both lists (same object). */
export interface Detection {
  started: Alarm[];
  updated: Alarm[];
  ended: Alarm[];
}

/** What the detector knows of the terminal's vehicle: its registry entry and its company's platform rules. */
export interface VehicleContext {
  vehicle?: VehicleRegistryEntry;
  /** The platform rules, and how long a terminal may stay silent (0: no limit). */
  rules: RuleSet & { offlineS: number };
}

export function terminalAlarms(phone: string): TerminalAlarms {
  return { phone, lastAt: 0, open: new Map(), rules: initialRuleState() };
}

export function emptyDetection(): Detection {
  return { started: [], updated: [], ended: [] };
}

/** The key an open alarm is remembered under (also when reloaded from the table). */
export function openKeyOf(alarm: Pick<Alarm, 'type' | 'terminalPhone' | 'detail'>): string {
  if (typeof alarm.detail?.openKey === 'string') return alarm.detail.openKey;
  return alarm.type === 'routeDeviation' ? fenceOpenKey(alarm.terminalPhone, String(alarm.detail?.fenceId ?? ''), alarm.type) : alarm.type;
}

function fenceOpenKey(phone: string, fenceId: string | number, type: string): string {
  return `${phone}:fence:${fenceId}:${type}`;
}

/** The one way an alarm ends: stamped with the end time. */
export function endAlarm(alarm: Alarm, at: number): Alarm {
  alarm.endedAt = at;
  alarm.lastAt = at;
  return alarm;
}

/** Ends the open alarm under `key`, if any: no longer open, listed as ended. */
function endOpen(state: TerminalAlarms, key: string, at: number, into: Detection): void {
  const open = state.open.get(key);
  if (!open) return;
  state.open.delete(key);
  into.ended.push(endAlarm(open, at));
}

/**
 * One position of the terminal: a set alarm bit with no open alarm starts one; a bit that stays
 * set updates it (listed at most every {@link UPDATE_EVERY_MS}); a cleared bit ends it. Then the
 * platform rules of the vehicle's company. A position not newer than the last one seen changes
 * nothing, except its active-safety items, which carry their own identity.
 */
export function detectPosition(state: TerminalAlarms, p: Position, context: VehicleContext, into = emptyDetection()): Detection {
  const at = p.gpsTimeS * 1000;
  const where: Where = { at, lat: p.latitudeE6 / 1e6, lng: p.longitudeE6 / 1e6, speed: p.speedDkmh / 10, blindArea: p.blindArea };
  const extras = parseExtras(p.extrasJson);
  // Active-safety events carry their own identity: a backfilled one is still an alarm, stored once.
  if (extras) activeSafety(state, where, at <= state.lastAt, extras, context.vehicle, into);
  if (at <= state.lastAt) return into;
  state.lastAt = at;
  const set: { bit: number; type: string; detail?: Record<string, unknown> }[] = setBits(p.alarmFlags >>> 0);
  if (extras) set.push(...videoAlarms(extras));
  const setTypes = new Set(set.map((s) => s.type));
  for (const { bit, type, detail } of set) {
    const open = state.open.get(type);
    if (!open) {
      const extra = EXTRA_DETAIL_OF_BIT[type];
      const withExtra = detail ?? (extra && extras?.[extra] !== undefined ? { [extra]: extras[extra] } : null);
      const alarm = newAlarm(state.phone, context.vehicle, type, bit, 'terminal', where, withExtra);
      if (bit < 0) alarm.level = activeSafetyLevel(type, undefined);
      state.open.set(type, alarm);
      into.started.push(alarm);
      continue;
    }
    open.maxSpeedKmh = Math.max(open.maxSpeedKmh, where.speed);
    open.speedKmh = where.speed;
    if (at - open.lastAt >= UPDATE_EVERY_MS) {
      open.lastAt = at;
      into.updated.push(open);
    }
  }
  for (const [key, open] of [...state.open]) {
    if (open.source === 'terminal' && !setTypes.has(key) && !key.startsWith('as:')) endOpen(state, key, at, into);
  }
  platformRules(state, where, context, into);
  return into;
}

/**
 * ADAS, DSM, tyre and blind-spot items (0x64-0x67): flag 1 opens an alarm that the item with the
 * same alarm id and flag 2 ends; flag 0 is an event (start = end), as is anything backfilled.
 * The key is the terminal's alarm identification, so a redelivered report inserts nothing.
 */
function activeSafety(state: TerminalAlarms, where: Where, old: boolean, extras: Record<string, unknown>, vehicle: VehicleRegistryEntry | undefined, into: Detection): void {
  for (const item of activeSafetyItems(extras)) {
    const openKey = `as:${item.kind}:${item.value.alarmId}`;
    if (item.value.flag === 2) {
      const open = state.open.has(openKey);
      if (open && !old) endOpen(state, openKey, where.at, into);
      if (open || old) continue;
    }
    const alarm = newAlarm(state.phone, vehicle, item.type, -1, 'terminal', where, { ...item.detail, openKey });
    alarm.level = activeSafetyLevel(item.type, item.level);
    const id = item.value.identification;
    alarm.alarmKey = `${state.phone}:as:${item.kind}:${id.terminalId}:${id.time}:${id.serial}:${item.value.alarmId}`.slice(0, 128);
    if (item.value.flag === 1 && !old && !state.open.has(openKey)) state.open.set(openKey, alarm);
    else endAlarm(alarm, where.at);
    into.started.push(alarm);
  }
}

/** Platform rules of the vehicle's company: a rule that starts to hold opens an alarm, one that stops ends it; a report after an offline alarm ends that. */
function platformRules(state: TerminalAlarms, where: Where, { vehicle, rules }: VehicleContext, into: Detection): void {
  state.lastPosition = { lat: where.lat, lng: where.lng };
  endOpen(state, 'offlineTooLong', where.at, into);
  const active = activeRules(rules, state.rules, where.at, where.speed);
  for (const type of PLATFORM_RULE_TYPES) {
    if (!active.has(type)) {
      endOpen(state, type, where.at, into);
      continue;
    }
    if (state.open.has(type)) continue;
    // The rule's thresholds stay with the alarm (the overspeed report shows the limit).
    const detail = type === 'platformOverspeed' ? { limitKmh: rules.overspeedKmh, minDurationS: rules.overspeedS } : type === 'platformFatigue' ? { driveS: rules.fatigueDriveS, restS: rules.fatigueRestS } : null;
    const alarm = newAlarm(state.phone, vehicle, type, -1, 'platform', where, detail);
    state.open.set(type, alarm);
    into.started.push(alarm);
  }
}

/** A fence event (co-partitioned with positions): an instantaneous alarm, or a route deviation that lasts until back on route. */
export function detectFenceEvent(state: TerminalAlarms, e: FenceEvent, vehicle: VehicleRegistryEntry | undefined, into = emptyDetection()): Detection {
  const mapped = FENCE_ALARM_TYPES[e.kind];
  if (!mapped) return into;
  const key = fenceOpenKey(state.phone, e.fenceId, mapped.type);
  if (mapped.lasting === 'end') {
    endOpen(state, key, e.at, into);
    return into;
  }
  const where: Where = { at: e.at, lat: e.latitude, lng: e.longitude, speed: e.speedKmh, blindArea: e.blindArea };
  const alarm = newAlarm(state.phone, vehicle, mapped.type, -1, 'platform', where, { fenceId: e.fenceId, fenceName: e.fenceName, ...(e.detail ?? {}) });
  // Instantaneous alarms start and end at once; a deviation lasts until the vehicle is back.
  if (mapped.lasting === 'start') state.open.set(key, alarm);
  else endAlarm(alarm, e.at);
  alarm.alarmKey = e.eventId;
  into.started.push(alarm);
  return into;
}

/** "Offline too long": a terminal silent for longer than its rule allows (none when the rule is off or one is open). */
export function detectOffline(state: TerminalAlarms, now: number, { vehicle, rules }: VehicleContext, into = emptyDetection()): Detection {
  const limitS = rules.offlineS;
  if (!state.lastAt || !limitS || state.open.has('offlineTooLong') || now - state.lastAt < limitS * 1000) return into;
  const where: Where = { at: state.lastAt + limitS * 1000, lat: state.lastPosition?.lat ?? 0, lng: state.lastPosition?.lng ?? 0, speed: 0, blindArea: false };
  const alarm = newAlarm(state.phone, vehicle, 'offlineTooLong', -1, 'platform', where, { offlineS: limitS });
  state.open.set('offlineTooLong', alarm);
  into.started.push(alarm);
  return into;
}

interface Where {
  at: number;
  lat: number;
  lng: number;
  speed: number;
  blindArea: boolean;
}

function newAlarm(phone: string, vehicle: VehicleRegistryEntry | undefined, type: string, bit: number, source: string, where: Where, detail: Record<string, unknown> | null): Alarm {
  return Object.assign(new Alarm(), {
    alarmKey: `${phone}:${type}:${where.at}`,
    type,
    bit,
    level: levelOf(type),
    source,
    terminalPhone: phone,
    vehicleId: vehicle?.vehicleId ?? '',
    plateCode: vehicle?.plateCode ?? '',
    companyPath: pathOf((vehicle?.companyPath ?? []).map(String)),
    fleetPath: pathOf((vehicle?.fleetPath ?? []).map(String)),
    startedAt: where.at,
    endedAt: 0,
    lastAt: where.at,
    latitude: where.lat,
    longitude: where.lng,
    speedKmh: where.speed,
    maxSpeedKmh: where.speed,
    blindArea: where.blindArea ? 1 : 0,
    detail,
    handleStatus: 0,
    handleResult: 0,
    handleRemark: '',
    handlerId: '',
    handledAt: 0,
  });
}
