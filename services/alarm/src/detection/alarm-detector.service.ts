import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus, Subscription } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics, type AlarmEvent, type EnergyAlarmEvent, type FenceEvent, type Position } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { pathOf } from '@openfleet/storage';
import type { Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Alarm } from '../alarm/alarm.entity';
import { ALARM_CONFIG, type AlarmConfig } from '../alarm-config';
import { VehicleRegistry } from '@openfleet/auth';
import { AlarmRulesService } from '../rules/alarm-rules.service';
import { AlarmTypeConfigService } from '../rules/alarm-type-config.service';
import { activeRules, initialRuleState, type RuleState } from '../rules/platform-rules';
import { EvidenceService } from '../evidence/evidence.service';
import { ENERGY_ALARM_SOURCE, energyAlarmRow } from './energy-alarms';
import { activeSafetyItems, EXTRA_DETAIL_OF_BIT, parseExtras, videoAlarms } from './terminal-extras';
import { activeSafetyLevel, FENCE_ALARM_TYPES, levelOf, PLATFORM_RULE_TYPES, setBits } from './alarm-types';

/** A lasting alarm is saved and published again at most this often while it goes on. */
const UPDATE_EVERY_MS = 60_000;

interface TerminalState {
  /** GNSS time of the newest position seen: older ones (redelivery, backfill) change nothing. */
  lastAt: number;
  /** Open alarms by type. */
  open: Map<string, Alarm>;
  /** Accumulators of the platform rules (not stored: a restart starts them over). */
  rules: RuleState;
  /** Where the terminal last was (an offline alarm is placed there). */
  lastPosition?: { lat: number; lng: number };
}

/** How often terminals are checked for "offline too long". */
const OFFLINE_SWEEP_MS = 30_000;

/**
 * Alarms from the terminal's alarm bits (tracking.position.v1) and from fence events
 * (fence.event.v1, co-partitioned): one record from start to end. A set bit with no open alarm
 * starts one; a bit that stays set updates it (saved and published at most every minute); a
 * cleared bit ends it. State is the open alarms of the terminals this member owns, reloaded from
 * the table on assignment. Inserts are keyed (terminal, type, start): a replay inserts nothing twice.
 */
@Injectable()
export class AlarmDetectorService implements OnModuleInit, OnModuleDestroy {
  private readonly terminals = new Map<string, TerminalState>();
  private subscription?: Subscription;
  private energySubscription?: Subscription;
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(Alarm, 'alarm') private readonly alarms: Repository<Alarm>,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(ALARM_CONFIG) private readonly config: AlarmConfig,
    private readonly registry: VehicleRegistry,
    private readonly rules: AlarmRulesService,
    private readonly evidence: EvidenceService,
    private readonly typeConfig: AlarmTypeConfigService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(Topics.position, {
      group: this.config.ALARM_DETECTOR_GROUP,
      fromBeginning: false,
      maxBatchSize: 5000,
      handle: (messages) => this.handlePositions(messages),
      joined: [{ topic: Topics.fenceEvent, handle: (messages) => this.handleFenceEvents(messages) }],
      onAssigned: (owns) => this.load(owns),
    });
    // Battery alarms come whole (start and end named by one id) and keyed by VIN: a group of their own.
    this.energySubscription = await this.bus.subscribe(Topics.energyAlarm, { group: this.config.ALARM_ENERGY_GROUP, fromBeginning: false, handle: (messages) => this.handleEnergyAlarms(messages) });
    this.sweepTimer = setInterval(() => void this.sweepOffline().catch(() => undefined), OFFLINE_SWEEP_MS);
    this.sweepTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    await this.subscription?.close();
    await this.energySubscription?.close();
  }

  /** Terminals this member owns that have sent nothing for longer than their rule allows. */
  async sweepOffline(now = Date.now()): Promise<void> {
    const started: Alarm[] = [];
    for (const [phone, state] of this.terminals) {
      if (!state.lastAt || state.open.has('offlineTooLong')) continue;
      const vehicle = this.registry.byTerminalPhone(phone);
      const limit = this.rules.forCompanyPath((vehicle?.companyPath ?? []).map(String), vehicle?.vehicleType ?? 0).offlineS;
      if (!limit || now - state.lastAt < limit * 1000) continue;
      const alarm = this.newAlarm(phone, 'offlineTooLong', -1, 'platform', state.lastAt + limit * 1000, state.lastPosition?.lat ?? 0, state.lastPosition?.lng ?? 0, 0, false, { offlineS: limit });
      state.open.set('offlineTooLong', alarm);
      started.push(alarm);
    }
    await this.save(started, []);
  }

  async load(owns: (key: string) => boolean): Promise<void> {
    this.terminals.clear();
    for (const alarm of await this.alarms.findBy({ endedAt: 0 })) {
      if (alarm.source === ENERGY_ALARM_SOURCE || !owns(alarm.terminalPhone)) continue;
      const state = this.stateOf(alarm.terminalPhone);
      // Terminal and rule alarms are open by type; a route deviation by its fence.
      const openKey = typeof alarm.detail?.openKey === 'string' ? alarm.detail.openKey : undefined;
      state.open.set(openKey ?? (alarm.type === 'routeDeviation' ? `${alarm.terminalPhone}:fence:${String(alarm.detail?.fenceId ?? '')}:${alarm.type}` : alarm.type), alarm);
      state.lastAt = Math.max(state.lastAt, alarm.lastAt);
    }
  }

  async handlePositions(messages: DeliveredMessage<Position>[]): Promise<void> {
    const started: Alarm[] = [];
    const changed: Alarm[] = [];
    const positions = messages.map((m) => m.value).sort((a, b) => a.gpsTimeS - b.gpsTimeS);
    for (const p of positions) {
      const phone = canonicalTerminalPhone(p.terminalPhone);
      const state = this.stateOf(phone);
      const at = p.gpsTimeS * 1000;
      const lat = p.latitudeE6 / 1e6;
      const lng = p.longitudeE6 / 1e6;
      const speed = p.speedDkmh / 10;
      const extras = parseExtras(p.extrasJson);
      // Active-safety events carry their own identity: a backfilled one is still an alarm, stored once.
      if (extras) this.activeSafety(phone, state, at, at <= state.lastAt, lat, lng, speed, p.blindArea, extras, started, changed);
      if (at <= state.lastAt) continue;
      state.lastAt = at;
      const set: { bit: number; type: string; detail?: Record<string, unknown> }[] = setBits(p.alarmFlags >>> 0);
      if (extras) set.push(...videoAlarms(extras));
      const setTypes = new Set(set.map((s) => s.type));
      for (const { bit, type, detail } of set) {
        const open = state.open.get(type);
        if (!open) {
          const extra = EXTRA_DETAIL_OF_BIT[type];
          const withExtra = detail ?? (extra && extras?.[extra] !== undefined ? { [extra]: extras[extra] } : null);
          const alarm = this.newAlarm(phone, type, bit, 'terminal', at, lat, lng, speed, p.blindArea, withExtra);
          if (bit < 0) alarm.level = activeSafetyLevel(type, undefined);
          state.open.set(type, alarm);
          started.push(alarm);
        } else {
          open.maxSpeedKmh = Math.max(open.maxSpeedKmh, speed);
          const due = at - open.lastAt >= UPDATE_EVERY_MS;
          open.speedKmh = speed;
          if (due) {
            open.lastAt = at;
            changed.push(open);
          }
        }
      }
      for (const [type, open] of state.open) {
        if (open.source !== 'terminal' || setTypes.has(type) || type.startsWith('as:')) continue;
        open.endedAt = at;
        open.lastAt = at;
        state.open.delete(type);
        changed.push(open);
      }
      this.platformRules(phone, state, at, lat, lng, speed, p.blindArea, started, changed);
    }
    await this.save(started, changed);
  }

  /**
   * ADAS, DSM, tyre and blind-spot items (0x64-0x67): flag 1 opens an alarm that the item with the
   * same alarm id and flag 2 ends; flag 0 is an event (start = end), as is anything backfilled.
   * The key is the terminal's alarm identification, so a redelivered report inserts nothing.
   */
  private activeSafety(phone: string, state: TerminalState, at: number, old: boolean, lat: number, lng: number, speed: number, blindArea: boolean, extras: Record<string, unknown>, started: Alarm[], changed: Alarm[]): void {
    for (const item of activeSafetyItems(extras)) {
      const openKey = `as:${item.kind}:${item.value.alarmId}`;
      if (item.value.flag === 2) {
        const open = state.open.get(openKey);
        if (open && !old) {
          open.endedAt = at;
          open.lastAt = at;
          state.open.delete(openKey);
          changed.push(open);
        }
        if (open || old) continue;
      }
      const alarm = this.newAlarm(phone, item.type, -1, 'terminal', at, lat, lng, speed, blindArea, { ...item.detail, openKey });
      alarm.level = activeSafetyLevel(item.type, item.level);
      const id = item.value.identification;
      alarm.alarmKey = `${phone}:as:${item.kind}:${id.terminalId}:${id.time}:${id.serial}:${item.value.alarmId}`.slice(0, 128);
      if (item.value.flag === 1 && !old && !state.open.has(openKey)) state.open.set(openKey, alarm);
      else alarm.endedAt = at;
      started.push(alarm);
    }
  }

  /** Platform rules of the vehicle's company: a rule that starts to hold opens an alarm, one that stops ends it; a report after an offline alarm ends that. */
  private platformRules(phone: string, state: TerminalState, at: number, lat: number, lng: number, speed: number, blindArea: boolean, started: Alarm[], changed: Alarm[]): void {
    state.lastPosition = { lat, lng };
    const ending = (type: string) => {
      const open = state.open.get(type);
      if (!open) return;
      open.endedAt = at;
      open.lastAt = at;
      state.open.delete(type);
      changed.push(open);
    };
    ending('offlineTooLong');
    const vehicle = this.registry.byTerminalPhone(phone);
    const rules = this.rules.forCompanyPath((vehicle?.companyPath ?? []).map(String), vehicle?.vehicleType ?? 0);
    const active = activeRules(rules, state.rules, at, speed);
    for (const type of PLATFORM_RULE_TYPES) {
      if (active.has(type) && !state.open.has(type)) {
        // The rule's thresholds stay with the alarm (the overspeed report shows the limit).
        const detail = type === 'platformOverspeed' ? { limitKmh: rules.overspeedKmh, minDurationS: rules.overspeedS } : type === 'platformFatigue' ? { driveS: rules.fatigueDriveS, restS: rules.fatigueRestS } : null;
        const alarm = this.newAlarm(phone, type, -1, 'platform', at, lat, lng, speed, blindArea, detail);
        state.open.set(type, alarm);
        started.push(alarm);
      } else if (!active.has(type)) ending(type);
    }
  }

  async handleFenceEvents(messages: DeliveredMessage<FenceEvent>[]): Promise<void> {
    const started: Alarm[] = [];
    const changed: Alarm[] = [];
    for (const { value: e } of messages) {
      const mapped = FENCE_ALARM_TYPES[e.kind];
      if (!mapped) continue;
      const phone = canonicalTerminalPhone(e.terminalPhone);
      const type = mapped.type;
      const detail = { fenceId: e.fenceId, fenceName: e.fenceName, ...(e.detail ?? {}) };
      const key = `${phone}:fence:${e.fenceId}:${type}`;
      const state = this.stateOf(phone);
      if (mapped.lasting === 'end') {
        const open = state.open.get(key);
        if (open) {
          open.endedAt = e.at;
          open.lastAt = e.at;
          state.open.delete(key);
          changed.push(open);
        }
        continue;
      }
      const alarm = this.newAlarm(phone, type, -1, 'platform', e.at, e.latitude, e.longitude, e.speedKmh, e.blindArea, detail);
      // Instantaneous alarms start and end at once; a deviation lasts until the vehicle is back.
      if (mapped.lasting === 'start') state.open.set(key, alarm);
      else alarm.endedAt = e.at;
      alarm.alarmKey = e.eventId;
      started.push(alarm);
    }
    await this.save(started, changed);
  }

  /** Battery alarms of GB/T 32960 vehicles: a start is stored under its event id, an end closes that row. */
  async handleEnergyAlarms(messages: DeliveredMessage<EnergyAlarmEvent>[]): Promise<void> {
    const started: Alarm[] = [];
    const changed: Alarm[] = [];
    // A redelivered start is neither stored nor announced again.
    const startIds = messages.filter((m) => m.value.phase === 'start').map((m) => m.value.eventId);
    const known = new Set(startIds.length ? (await this.alarms.find({ where: startIds.map((alarmKey) => ({ alarmKey })), select: { alarmKey: true } })).map((a) => a.alarmKey) : []);
    for (const { value: e } of messages) {
      if (e.phase === 'start') {
        if (known.has(e.eventId)) continue;
        known.add(e.eventId);
        started.push(this.alarms.create(energyAlarmRow(e, this.registry.byVehicleId(e.vehicleId))));
        continue;
      }
      const open = started.find((a) => a.alarmKey === e.eventId) ?? (await this.alarms.findOneBy({ alarmKey: e.eventId }));
      if (!open || open.endedAt) continue;
      Object.assign(open, { endedAt: e.at, lastAt: e.at });
      if (!started.includes(open)) changed.push(open);
    }
    await this.save(started, changed);
  }

  private async save(started: Alarm[], changed: Alarm[]): Promise<void> {
    // The company's configuration of each type: its level, and whether it needs handling at all.
    for (const alarm of started) {
      const config = this.configOf(alarm);
      alarm.level = config.level;
      if (!config.needsHandling && alarm.handleStatus === 0) Object.assign(alarm, { handleStatus: 2, handlerId: 'system', handledAt: alarm.startedAt });
    }
    if (started.length) await this.alarms.createQueryBuilder().insert().values(started as QueryDeepPartialEntity<Alarm>[]).orIgnore().execute();
    // Inserted rows have their ids after the insert only on some drivers: read them back by key.
    const ids = started.length ? new Map((await this.alarms.find({ where: started.map((a) => ({ alarmKey: a.alarmKey })), select: { id: true, alarmKey: true } })).map((row) => [row.alarmKey, row.id])) : new Map<string, number>();
    for (const alarm of started) alarm.id = ids.get(alarm.alarmKey) ?? alarm.id;
    for (const alarm of changed) {
      if (alarm.id) await this.alarms.update({ id: alarm.id }, { endedAt: alarm.endedAt, lastAt: alarm.lastAt, speedKmh: alarm.speedKmh, maxSpeedKmh: alarm.maxSpeedKmh });
      else if (alarm.alarmKey) await this.alarms.update({ alarmKey: alarm.alarmKey }, { endedAt: alarm.endedAt, lastAt: alarm.lastAt, speedKmh: alarm.speedKmh, maxSpeedKmh: alarm.maxSpeedKmh });
    }
    const events = [...started, ...changed].map((alarm) => ({ key: alarm.terminalPhone, value: this.eventOf(alarm) }));
    if (events.length) await this.bus.publish(Topics.alarm, events);
    await this.evidence.request(started.filter((alarm) => alarm.source !== ENERGY_ALARM_SOURCE));
  }

  private eventOf(alarm: Alarm): AlarmEvent {
    const config = this.configOf(alarm);
    return {
      alarmId: String(alarm.id || alarm.alarmKey),
      terminalPhone: alarm.terminalPhone,
      ...(alarm.vehicleId ? { vehicleId: alarm.vehicleId } : {}),
      type: alarm.type,
      ...(alarm.bit >= 0 ? { bit: alarm.bit } : {}),
      level: alarm.level as AlarmEvent['level'],
      source: alarm.source as AlarmEvent['source'],
      startedAt: alarm.startedAt,
      ...(alarm.endedAt ? { endedAt: alarm.endedAt } : {}),
      latitude: alarm.latitude,
      longitude: alarm.longitude,
      speedKmh: alarm.speedKmh,
      detail: { ...(alarm.detail ?? {}), plateCode: alarm.plateCode, blindArea: alarm.blindArea === 1, push: config.push, sound: config.sound },
    };
  }

  /** Level, push, sound and handling of the alarm's type for its vehicle's company (the level computed so far is the default). */
  private configOf(alarm: Alarm) {
    return this.typeConfig.effective(alarm.companyPath.split('/').filter(Boolean), alarm.type, alarm.level);
  }

  private newAlarm(phone: string, type: string, bit: number, source: string, at: number, lat: number, lng: number, speed: number, blindArea: boolean, detail: Record<string, unknown> | null = null): Alarm {
    const vehicle = this.registry.byTerminalPhone(phone);
    return this.alarms.create({
      alarmKey: `${phone}:${type}:${at}`,
      type,
      bit,
      level: levelOf(type),
      source,
      terminalPhone: phone,
      vehicleId: vehicle?.vehicleId ?? '',
      plateCode: vehicle?.plateCode ?? '',
      companyPath: pathOf((vehicle?.companyPath ?? []).map(String)),
      fleetPath: pathOf((vehicle?.fleetPath ?? []).map(String)),
      startedAt: at,
      endedAt: 0,
      lastAt: at,
      latitude: lat,
      longitude: lng,
      speedKmh: speed,
      maxSpeedKmh: speed,
      blindArea: blindArea ? 1 : 0,
      detail,
      handleStatus: 0,
      handleResult: 0,
      handleRemark: '',
      handlerId: '',
      handledAt: 0,
    });
  }

  private stateOf(phone: string): TerminalState {
    let state = this.terminals.get(phone);
    if (!state) this.terminals.set(phone, (state = { lastAt: 0, open: new Map(), rules: initialRuleState() }));
    return state;
  }
}
