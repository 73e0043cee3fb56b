import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { VehicleRegistry } from '@openfleet/auth';
import { RESCUE_ALARM_TYPES, RescueStatus, Topics, type AlarmEvent } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { pathOf } from '@openfleet/storage';
import { In, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { RescueCase, RescueStepRow } from './rescue-case.entity';
import { rescueEventOf } from './rescue-view';

/** Consumer group of the case opener (env ALARM_RESCUE_GROUP overrides, as for every group). */
export const RESCUE_GROUP = 'alarm-rescue';
const RESCUE_TYPES: ReadonlySet<string> = new Set(RESCUE_ALARM_TYPES);

/**
 * Opens a rescue case when a collision or rollover alarm starts: it follows alarm.event.v1 (the
 * detector's own announcements) in a group of its own. The case is keyed by the alarm's id, so a
 * redelivered start, its updates and its end open nothing more; a case missed at the start (the
 * group joined later) opens from the alarm's next event. New cases go out on alarm.rescue.v1.
 */
@Injectable()
export class RescueOpenerService extends BusConsumer {
  constructor(
    @InjectRepository(RescueCase, 'alarm') private readonly cases: Repository<RescueCase>,
    @InjectRepository(RescueStepRow, 'alarm') private readonly steps: Repository<RescueStepRow>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    return [consume(Topics.alarm, { group: RESCUE_GROUP, fromBeginning: false, handle: (messages) => this.open(messages) })];
  }

  async open(messages: DeliveredMessage<AlarmEvent>[]): Promise<void> {
    const byAlarm = new Map<string, AlarmEvent>();
    for (const { value } of messages) if (RESCUE_TYPES.has(value.type) && !byAlarm.has(value.alarmId)) byAlarm.set(value.alarmId, value);
    if (!byAlarm.size) return;
    const known = new Set((await this.cases.find({ where: { alarmId: In([...byAlarm.keys()]) }, select: { alarmId: true } })).map((c) => c.alarmId));
    const now = Date.now();
    const fresh = [...byAlarm.values()].filter((e) => !known.has(e.alarmId)).map((e) => this.caseOf(e, now));
    if (!fresh.length) return;
    // Keyed by the alarm: another member racing on the same event inserts nothing.
    await this.cases.createQueryBuilder().insert().values(fresh as QueryDeepPartialEntity<RescueCase>[]).orIgnore().execute();
    const stored = await this.cases.find({ where: { alarmId: In(fresh.map((c) => c.alarmId)) } });
    const opened = stored.filter((c) => c.openedAt === now);
    const withStep = new Set((await this.steps.find({ where: { caseId: In(opened.map((c) => c.id).concat(-1)), fromStatus: -1 }, select: { caseId: true } })).map((s) => s.caseId));
    const toStep = opened.filter((c) => !withStep.has(c.id));
    if (toStep.length) await this.steps.insert(toStep.map((c) => ({ caseId: c.id, status: RescueStatus.PENDING, fromStatus: -1, operatorId: 'system', at: c.openedAt, remark: '' })));
    if (opened.length) await this.bus.publish(Topics.rescueCase, opened.map((c) => ({ key: c.vehicleId || c.terminalPhone, value: rescueEventOf(c, c.openedAt) })));
  }

  private caseOf(event: AlarmEvent, now: number): Partial<RescueCase> {
    const vehicle = (event.vehicleId && this.registry.byVehicleId(event.vehicleId)) || this.registry.byTerminalPhone(event.terminalPhone);
    const plate = typeof event.detail?.plateCode === 'string' ? event.detail.plateCode : '';
    return {
      alarmId: event.alarmId,
      type: event.type,
      level: event.level,
      terminalPhone: event.terminalPhone.slice(0, 20),
      vehicleId: event.vehicleId ?? vehicle?.vehicleId ?? '',
      plateCode: vehicle?.plateCode ?? plate,
      companyPath: pathOf((vehicle?.companyPath ?? []).map(String)),
      fleetPath: pathOf((vehicle?.fleetPath ?? []).map(String)),
      startedAt: event.startedAt,
      latitude: event.latitude,
      longitude: event.longitude,
      speedKmh: event.speedKmh,
      status: RescueStatus.PENDING,
      openedAt: now,
      updatedAt: now,
    };
  }
}
