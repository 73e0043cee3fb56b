import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics, type AlarmEvent, type DetectedAlarmEvent, type FenceEvent, type Position } from '@openfleet/contracts';
import { BatchStates, BusConsumer, consume, EVENT_BUS, type BatchUpdate } from '@openfleet/service-kit';
import { findByKeys } from '@openfleet/storage';
import type { Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Alarm } from '../alarm/alarm.entity';
import { ALARM_CONFIG, type AlarmConfig } from '../alarm-config';
import { VehicleRegistry } from '@openfleet/auth';
import { AlarmRulesService } from '../rules/alarm-rules.service';
import { AlarmTypeConfigService } from '../rules/alarm-type-config.service';
import { EvidenceService } from '../evidence/evidence.service';
import { detectFenceEvent, detectOffline, detectPosition, emptyDetection, endAlarm, openKeyOf, terminalAlarms, type Detection, type TerminalAlarms, type VehicleContext } from './alarm-detection';
import { detectedAlarmRow, isDetectedAlarm } from './detected-alarms';
import { RuleStateStore, type StoredRuleState } from './rule-state.store';

/** How often terminals are checked for "offline too long". */
const OFFLINE_SWEEP_MS = 30_000;

/**
 * Alarms from the terminal's alarm bits (tracking.position.v1) and from fence events
 * (fence.event.v1, co-partitioned): one record from start to end. What starts, goes on and ends
 * is decided by the pure functions of `alarm-detection.ts`; this class feeds them, saves what they
 * return and publishes it. State is the open alarms of the terminals this member owns and their
 * platform rules' accumulators, both reloaded from their tables on assignment. Inserts are keyed (terminal, type, start): a replay inserts nothing twice.
 * A batch (or sweep) whose write fails has its terminals read again from those tables before the
 * next one (`BatchStates`), so the batch handed again is not skipped as seen and its alarms are
 * stored; the rules' counts go back to their last write, as after a crash.
 */
@Injectable()
export class AlarmDetectorService extends BusConsumer {
  private readonly logger = new Logger(AlarmDetectorService.name);
  private readonly terminals = new BatchStates<TerminalAlarms>((phones) => this.read(phones));
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(Alarm, 'alarm') private readonly alarms: Repository<Alarm>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(ALARM_CONFIG) private readonly config: AlarmConfig,
    private readonly registry: VehicleRegistry,
    private readonly rules: AlarmRulesService,
    private readonly evidence: EvidenceService,
    private readonly typeConfig: AlarmTypeConfigService,
    private readonly ruleStates: RuleStateStore,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.position, {
        group: this.config.ALARM_DETECTOR_GROUP,
        fromBeginning: false,
        maxBatchSize: 5000,
        handle: (messages) => this.handlePositions(messages),
        joined: [{ topic: Topics.fenceEvent, handle: (messages: DeliveredMessage<FenceEvent>[]) => this.handleFenceEvents(messages) }],
        onAssigned: (owns) => this.load(owns),
      }),
      // Other services' alarms come whole (start and end named by one id) and keyed by vehicle: a group of their own.
      consume(Topics.alarmDetected, { group: this.config.ALARM_DETECTED_GROUP, fromBeginning: false, handle: (messages) => this.handleDetectedAlarms(messages) }),
    ];
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    // On every replica, no lease: each sweeps only the terminals of its own partitions, and inserts are keyed (terminal, type, start).
    this.sweepTimer = setInterval(() => void this.sweepOffline().catch(() => undefined), OFFLINE_SWEEP_MS);
    this.sweepTimer.unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    await super.onModuleDestroy();
    // No batch runs any more: the counts written last are exact for whoever takes the terminals over.
    await this.ruleStates.flush().catch((error: Error) => this.logger.warn(`alarm rule counts not written at stop: ${error.message}`));
  }

  /** Terminals this member owns that have sent nothing for longer than their rule allows. */
  async sweepOffline(now = Date.now()): Promise<void> {
    await this.terminals.update(async (batch) => {
      const detection = emptyDetection();
      for (const [phone, state] of this.terminals.entries()) {
        const started = detection.started.length;
        detectOffline(state, now, this.contextOf(phone), detection);
        // Only a terminal the sweep changed is the sweep's: read again if its write fails.
        if (detection.started.length > started) batch.get(phone);
      }
      await this.save(detection);
    });
  }

  async load(owns: (key: string) => boolean): Promise<void> {
    this.terminals.clear();
    const open = (await this.alarms.findBy({ endedAt: 0 })).filter((alarm) => owns(alarm.terminalPhone));
    const rules = new Map([...(await this.ruleStates.all())].filter(([phone]) => owns(phone)));
    for (const [phone, state] of terminalStates(open, rules)) this.terminals.set(phone, state);
  }

  /** The stored open alarms and counts of some terminals (after a failed batch). */
  private async read(phones: string[]): Promise<Map<string, TerminalAlarms>> {
    return terminalStates(await findByKeys(this.alarms, 'terminalPhone', phones, { endedAt: 0 }), await this.ruleStates.of(phones));
  }

  async handlePositions(messages: DeliveredMessage<Position>[]): Promise<void> {
    await this.terminals.update(async (batch) => {
      const detection = emptyDetection();
      const positions = messages.map((m) => m.value).sort((a, b) => a.gpsTimeS - b.gpsTimeS);
      const moved = new Set<TerminalAlarms>();
      for (const position of positions) {
        const phone = canonicalTerminalPhone(position.terminalPhone);
        const state = stateOf(batch, phone);
        detectPosition(state, position, this.contextOf(phone), detection);
        moved.add(state);
      }
      await this.save(detection);
      await this.ruleStates.save([...moved]);
    });
  }

  async handleFenceEvents(messages: DeliveredMessage<FenceEvent>[]): Promise<void> {
    await this.terminals.update(async (batch) => {
      const detection = emptyDetection();
      for (const { value: event } of messages) {
        const phone = canonicalTerminalPhone(event.terminalPhone);
        detectFenceEvent(stateOf(batch, phone), event, this.registry.byTerminalPhone(phone), detection);
      }
      await this.save(detection);
    });
  }

  /** Alarms other services detected (battery alarms, fuel theft ...): a start is stored under its event id, an end closes that row. */
  async handleDetectedAlarms(messages: DeliveredMessage<DetectedAlarmEvent>[]): Promise<void> {
    const detection = emptyDetection();
    // A redelivered start is neither stored nor announced again.
    const startIds = messages.filter((m) => m.value.phase === 'start').map((m) => m.value.eventId);
    const known = new Set(startIds.length ? (await this.alarms.find({ where: startIds.map((alarmKey) => ({ alarmKey })), select: { alarmKey: true } })).map((a) => a.alarmKey) : []);
    for (const { value: e } of messages) {
      if (e.phase === 'start') {
        if (known.has(e.eventId)) continue;
        known.add(e.eventId);
        detection.started.push(this.alarms.create(detectedAlarmRow(e, this.registry.byVehicleId(e.vehicleId))));
        continue;
      }
      const started = detection.started.find((a) => a.alarmKey === e.eventId);
      const open = started ?? (await this.alarms.findOneBy({ alarmKey: e.eventId }));
      if (!open || open.endedAt) continue;
      endAlarm(open, e.at);
      // One that started in this batch is inserted already ended.
      if (!started) detection.ended.push(open);
    }
    await this.save(detection);
  }

  /** Persists then publishes: started ones inserted (a replay inserts nothing), the others updated, all announced. */
  private async save({ started, updated, ended }: Detection): Promise<void> {
    // The company's configuration of each type: its level, and whether it needs handling at all.
    for (const alarm of started) {
      const config = this.configOf(alarm);
      alarm.level = config.level;
      if (!config.needsHandling && alarm.handleStatus === 0) Object.assign(alarm, { handleStatus: 2, handlerId: 'system', handledAt: alarm.startedAt });
    }
    // In the order of the alarm_count rows the insert trigger locks: members inserting at once take them in one order.
    // (bench:alarm, 4 partitions at once on MariaDB: 7 deadlocks a run before, none in two runs after; stop 46.)
    const inserts = [...started].sort((x, y) => countOrder(x).localeCompare(countOrder(y)));
    if (inserts.length) await this.alarms.createQueryBuilder().insert().values(inserts as QueryDeepPartialEntity<Alarm>[]).orIgnore().execute();
    // Inserted rows have their ids after the insert only on some drivers: read them back by key.
    const ids = started.length ? new Map((await this.alarms.find({ where: started.map((a) => ({ alarmKey: a.alarmKey })), select: { id: true, alarmKey: true } })).map((row) => [row.alarmKey, row.id])) : new Map<string, number>();
    for (const alarm of started) alarm.id = ids.get(alarm.alarmKey) ?? alarm.id;
    const changed = [...updated, ...ended];
    for (const alarm of changed) {
      const columns = { endedAt: alarm.endedAt, lastAt: alarm.lastAt, speedKmh: alarm.speedKmh, maxSpeedKmh: alarm.maxSpeedKmh };
      if (alarm.id) await this.alarms.update({ id: alarm.id }, columns);
      else if (alarm.alarmKey) await this.alarms.update({ alarmKey: alarm.alarmKey }, columns);
    }
    const events = [...started, ...changed].map((alarm) => ({ key: alarm.terminalPhone, value: this.eventOf(alarm) }));
    if (events.length) await this.bus.publish(Topics.alarm, events);
    await this.evidence.request(started.filter((alarm) => !isDetectedAlarm(alarm)));
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

  /** The terminal's vehicle and the platform rules of its company and vehicle type. */
  private contextOf(phone: string): VehicleContext {
    const vehicle = this.registry.byTerminalPhone(phone);
    return { vehicle, rules: this.rules.forCompanyPath((vehicle?.companyPath ?? []).map(String), vehicle?.vehicleType ?? 0) };
  }

}

function stateOf(batch: BatchUpdate<TerminalAlarms>, phone: string): TerminalAlarms {
  let state = batch.get(phone);
  if (!state) batch.set(phone, (state = terminalAlarms(phone)));
  return state;
}

/** Terminals' detection states from their open alarms (the detected ones aside: other services end those) and stored counts. */
function terminalStates(open: Alarm[], rules: Map<string, StoredRuleState>): Map<string, TerminalAlarms> {
  const states = new Map<string, TerminalAlarms>();
  const of = (phone: string) => {
    let state = states.get(phone);
    if (!state) states.set(phone, (state = terminalAlarms(phone)));
    return state;
  };
  for (const alarm of open) {
    if (isDetectedAlarm(alarm)) continue;
    const state = of(alarm.terminalPhone);
    state.open.set(openKeyOf(alarm), alarm);
    state.lastAt = Math.max(state.lastAt, alarm.lastAt);
  }
  // Stored after the batch's alarms: a redelivered position older than the counts is already in them.
  for (const [phone, stored] of rules) {
    const state = of(phone);
    state.rules = stored.rules;
    state.lastPosition = stored.lastPosition;
    state.lastAt = Math.max(state.lastAt, stored.rules.lastAt);
  }
  return states;
}

/** The alarm_count row an alarm's insert counts in (company path, hour of start, type, level, handling), then its key. */
function countOrder(alarm: Alarm): string {
  return `${alarm.companyPath}\u0000${String(alarm.startedAt - (alarm.startedAt % 3_600_000)).padStart(15, '0')}\u0000${alarm.type}\u0000${alarm.level}\u0000${alarm.handleStatus}\u0000${alarm.alarmKey}`;
}
