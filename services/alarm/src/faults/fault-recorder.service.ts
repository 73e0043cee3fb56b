import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { VehicleRegistry } from '@openfleet/auth';
import { FAULT_KINDS, Topics, type AlarmEvent } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { pathOf } from '@openfleet/storage';
import { In, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FaultRecord } from './fault-record.entity';

/** Consumer group of the fault recorder (env ALARM_FAULTS_GROUP overrides, as for every group). */
export const FAULT_GROUP = 'alarm-faults';

/**
 * Keeps the fault list from alarm.event.v1: an alarm of a fault kind (FAULT_KINDS: the terminal's
 * module faults from the 0x0200 alarm bits, the JT/T 1078 video device faults) is a fault from its
 * start to its end. Keyed by the alarm's id: a redelivered start records nothing twice, an end
 * closes the fault once.
 */
@Injectable()
export class FaultRecorderService extends BusConsumer {
  constructor(
    @InjectRepository(FaultRecord, 'alarm') private readonly faults: Repository<FaultRecord>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    return [consume(Topics.alarm, { group: FAULT_GROUP, fromBeginning: false, handle: (messages) => this.record(messages) })];
  }

  async record(messages: DeliveredMessage<AlarmEvent>[]): Promise<void> {
    const events = messages.map((m) => m.value).filter((e) => FAULT_KINDS[e.type]);
    if (!events.length) return;
    const ids = [...new Set(events.map((e) => e.alarmId))];
    const known = new Set((await this.faults.find({ where: { alarmId: In(ids) }, select: { alarmId: true } })).map((f) => f.alarmId));
    const fresh = new Map<string, Partial<FaultRecord>>();
    for (const e of events) if (!known.has(e.alarmId) && !fresh.has(e.alarmId)) fresh.set(e.alarmId, this.faultOf(e));
    if (fresh.size) await this.faults.createQueryBuilder().insert().values([...fresh.values()] as QueryDeepPartialEntity<FaultRecord>[]).orIgnore().execute();
    // An end closes its fault once, whether it came in this batch or long after the start.
    for (const e of events) {
      if (e.endedAt) await this.faults.createQueryBuilder().update().set({ endedAt: e.endedAt }).where('alarm_id = :id AND ended_at = 0', { id: e.alarmId }).execute();
    }
  }

  private faultOf(e: AlarmEvent): Partial<FaultRecord> {
    const vehicle = (e.vehicleId && this.registry.byVehicleId(e.vehicleId)) || this.registry.byTerminalPhone(e.terminalPhone);
    const kind = FAULT_KINDS[e.type];
    return {
      alarmId: e.alarmId,
      kind: e.type,
      source: kind.source,
      bit: e.bit ?? kind.bit ?? -1,
      terminalPhone: e.terminalPhone.slice(0, 20),
      vehicleId: e.vehicleId ?? vehicle?.vehicleId ?? '',
      plateCode: vehicle?.plateCode ?? (typeof e.detail?.plateCode === 'string' ? e.detail.plateCode : ''),
      companyPath: pathOf((vehicle?.companyPath ?? []).map(String)),
      fleetPath: pathOf((vehicle?.fleetPath ?? []).map(String)),
      startedAt: e.startedAt,
      endedAt: 0,
    };
  }
}
