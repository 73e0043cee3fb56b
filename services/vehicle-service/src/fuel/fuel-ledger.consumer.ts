import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { AlarmLevel, canonicalTerminalPhone, Topics, type DetectedAlarmEvent, type Position, type VehicleRegistryEntry } from '@openfleet/contracts';
import { BatchStates, BusConsumer, consume, EVENT_BUS, type BatchUpdate } from '@openfleet/service-kit';
import { findByKeys, pathOf, type RowValue } from '@openfleet/storage';
import type { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { DetectedFuelEvent } from './fuel-detector';
import { applyLedger, emptyLedgerState, type FuelTally, type VehicleLedgerState } from './fuel-ledger';
import { accOn, isStopped, readFuel } from './fuel-signals';
import { FuelSettingsService } from './fuel-settings.service';
import { FuelTankDirectory } from './fuel-tank-directory';
import { FuelEventRow, FuelVehicleStateRow } from './fuel.entities';
import { FuelRowWriter, TALLY_COLUMNS } from './fuel-row-writer';

/** The consumer group: members share the vehicles (partitions of tracking.position.v1, keyed by terminal). */
export const FUEL_LEDGER_GROUP = 'vehicle-service-fuel';
/** The alarm type a suspected theft raises (docs/fuel.md, docs/alarms.md). */
export const FUEL_THEFT_ALARM_TYPE = 'fuelTheft';

/**
 * The fuel ledger: every position (tracking.position.v1) of the vehicles this member owns through
 * the detector, into events, the curve, and the day and trip tallies. State per vehicle lives in
 * memory, is written after each batch and reloaded on assignment, like the fence evaluator's.
 * Rows are keyed (event key, vehicle+time, vehicle+day): a replayed batch writes nothing twice,
 * and the detector skips samples not newer than the last. A suspected theft is raised on
 * alarm.detected.v1, the alarm service's contract for alarms other services detect (start and end
 * under one event id, which the alarm service deduplicates), published before the state is saved.
 * A batch whose write fails has its vehicles read again from their stored states (`BatchStates`),
 * as after a crash: handed again, the batch is not skipped as seen, and its events, curve and
 * tallies are written; the tallies since the vehicle's last state write (at most a GNSS minute)
 * are lost, as the crash loses them.
 */
@Injectable()
export class FuelLedgerConsumer extends BusConsumer {
  private readonly states = new BatchStates<VehicleLedgerState>((vehicleIds) => this.read(vehicleIds));
  /** Vehicles whose kept state moved since it was last written (checkpointAt: the GNSS time of that write). */
  private readonly dirty = new Map<string, VehicleRegistryEntry>();
  private readonly checkpointAt = new Map<string, number>();
  private readonly rows: FuelRowWriter;
  /** Positions through the detector since start (the benchmark reads it). */
  processed = 0;

  constructor(
    @InjectRepository(FuelVehicleStateRow, 'vehicle_service') private readonly stored: Repository<FuelVehicleStateRow>,
    @InjectRepository(FuelEventRow, 'vehicle_service') private readonly events: Repository<FuelEventRow>,
    @InjectDataSource('vehicle_service') dataSource: DataSource,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    private readonly tanks: FuelTankDirectory,
    private readonly settings: FuelSettingsService,
  ) {
    super();
    this.rows = new FuelRowWriter(dataSource);
  }

  protected consumes() {
    return [
      consume(Topics.position, {
        group: FUEL_LEDGER_GROUP,
        fromBeginning: false,
        maxBatchSize: 5000,
        handle: (messages) => this.handle(messages),
        onAssigned: (owns) => this.load(owns),
      }),
    ];
  }

  /**
   * Keeps the state of the vehicles this member owns now (their terminal is the partition key). A
   * vehicle the registry does not know yet (it may still be catching up) is kept too: only the
   * owner gets its positions, so a state kept in excess is never used.
   */
  async load(owns: (key: string) => boolean): Promise<void> {
    // What moved under the old assignment is written first: the next owner starts from it.
    await this.checkpoint(true);
    this.states.clear();
    this.checkpointAt.clear();
    for (const row of await this.stored.find()) {
      const phone = this.registry.byVehicleId(row.vehicleId)?.terminalPhone;
      // Positions are keyed by the canonical phone (the registry keeps it as entered).
      if (!phone || owns(canonicalTerminalPhone(phone))) this.states.set(row.vehicleId, row.state as VehicleLedgerState);
    }
  }

  /** The stored states of some vehicles (after a failed batch): they go on from their last write. */
  private async read(vehicleIds: string[]): Promise<Map<string, VehicleLedgerState>> {
    const stored = new Map((await findByKeys(this.stored, 'vehicleId', vehicleIds)).map((row) => [row.vehicleId, row.state as VehicleLedgerState]));
    for (const vehicleId of vehicleIds) {
      this.dirty.delete(vehicleId);
      const state = stored.get(vehicleId);
      if (state) this.checkpointAt.set(vehicleId, state.detector.lastAt);
      else this.checkpointAt.delete(vehicleId);
    }
    return stored;
  }

  /** Writes every state not yet written before the subscription closes (a restart resumes from it). */
  override async onModuleDestroy(): Promise<void> {
    await super.onModuleDestroy();
    await this.checkpoint(true);
  }

  async handle(messages: DeliveredMessage<Position>[]): Promise<void> {
    await this.settings.refreshIfStale();
    await this.states.update(async (vehicleStates) => {
      const batch = new LedgerBatch();
      const positions = messages.map((m) => m.value).sort((a, b) => a.gpsTimeS - b.gpsTimeS);
      for (const position of positions) this.apply(position, batch, vehicleStates);
      await this.save(batch);
    });
  }

  /** One position through its vehicle's ledger; what it produced goes into the batch. */
  apply(position: Position, batch: LedgerBatch, vehicleStates: BatchUpdate<VehicleLedgerState>): void {
    const vehicle = position.vehicleId ? this.registry.byVehicleId(position.vehicleId) : this.registry.byTerminalPhone(canonicalTerminalPhone(position.terminalPhone));
    if (!vehicle) return;
    const reading = readFuel(position, this.tanks.tanksOf(vehicle.vehicleId));
    if (!reading.litres.length) return;
    this.processed++;
    let state = vehicleStates.get(vehicle.vehicleId);
    if (!state) vehicleStates.set(vehicle.vehicleId, (state = emptyLedgerState()));
    const output = applyLedger(
      state,
      {
        at: position.gpsTimeS * 1000,
        litres: reading.litres,
        canTotalL: reading.canTotalL,
        stopped: isStopped(position),
        accOn: accOn(position),
        mileageKm: position.hasMileage ? position.mileageHm / 10 : null,
        latitude: position.latitudeE6 / 1e6,
        longitude: position.longitudeE6 / 1e6,
      },
      this.settings.forVehicle(vehicle),
      this.tanks.capacityOf(vehicle.vehicleId),
    );
    batch.moved.set(vehicle.vehicleId, { vehicle, state });
    // A vehicle that produced a row is written with this batch, so its state and its rows agree.
    if (output.event || output.closedDay || output.closedTrip) batch.due.add(vehicle.vehicleId);
    if (output.curvePoint) batch.curve.push([vehicle.vehicleId, output.curvePoint.at, output.curvePoint.litres]);
    if (output.event) batch.events.push({ vehicle, event: output.event });
    if (output.closedDay) batch.days.push([vehicle.vehicleId, output.closedDay.day, ...tallyValues(vehicle, output.closedDay)]);
    if (output.closedTrip) batch.trips.push([vehicle.vehicleId, output.closedTrip.startedAt, ...tallyValues(vehicle, output.closedTrip)]);
  }

  /** Events and their alarms first, then the rows, the state last: a crash in between replays the batch harmlessly. */
  private async save(batch: LedgerBatch): Promise<void> {
    if (batch.events.length) {
      await inChunks(batch.events.map(eventRow), (rows) => this.events.createQueryBuilder().insert().values(rows as QueryDeepPartialEntity<FuelEventRow>[]).orIgnore().execute());
      const thefts = batch.events.filter(({ event }) => event.kind === 'theft').flatMap(theftAlarm);
      if (thefts.length) await this.bus.publish(Topics.alarmDetected, thefts.map((value) => ({ key: value.vehicleId, value })));
    }
    await this.rows.curvePoints(batch.curve);
    await this.rows.upsert('fuel_day', ['vehicle_id', 'day'], TALLY_COLUMNS, batch.days);
    await this.rows.upsert('fuel_trip', ['vehicle_id', 'started_at'], TALLY_COLUMNS, batch.trips);
    await this.checkpoint(false, batch);
  }

  /**
   * Writes the state and the open day of vehicles last written CHECKPOINT_MS of GNSS time ago (or
   * all with `everything`): two rows a vehicle a minute rather than two a position. A crash loses at
   * most that minute of tallies; events and closed days and trips are written with their batch.
   * With a batch, the vehicles it moved count too; those not written now are dirty once the batch is
   * written. The states are read when written (a failed batch's are read again from storage).
   */
  private async checkpoint(everything: boolean, batch?: LedgerBatch): Promise<void> {
    const isDue = (vehicleId: string, state: VehicleLedgerState) => everything || batch?.due.has(vehicleId) || state.detector.lastAt - (this.checkpointAt.get(vehicleId) ?? 0) >= CHECKPOINT_MS;
    const due: { vehicle: VehicleRegistryEntry; state: VehicleLedgerState }[] = [];
    for (const [vehicleId, moved] of batch?.moved ?? []) if (isDue(vehicleId, moved.state)) due.push(moved);
    for (const [vehicleId, vehicle] of this.dirty) {
      const state = batch?.moved.has(vehicleId) ? undefined : this.states.get(vehicleId);
      if (state && isDue(vehicleId, state)) due.push({ vehicle, state });
    }
    await this.writeStates(due);
    const written = new Set(due.map(({ vehicle }) => vehicle.vehicleId));
    for (const [vehicleId, { vehicle }] of batch?.moved ?? []) if (!written.has(vehicleId)) this.dirty.set(vehicleId, vehicle);
  }

  private async writeStates(due: { vehicle: VehicleRegistryEntry; state: VehicleLedgerState }[]): Promise<void> {
    if (!due.length) return;
    const now = Date.now();
    const days = due.filter(({ state }) => state.day).map(({ vehicle, state }): RowValue[] => [vehicle.vehicleId, state.day!.day, ...tallyValues(vehicle, state.day!)]);
    await this.rows.upsert('fuel_day', ['vehicle_id', 'day'], TALLY_COLUMNS, days);
    await this.rows.upsert('fuel_vehicle_state', ['vehicle_id'], ['state', 'updated_at'], due.map(({ vehicle, state }) => [vehicle.vehicleId, JSON.stringify(state), now]));
    for (const { vehicle, state } of due) {
      this.dirty.delete(vehicle.vehicleId);
      this.checkpointAt.set(vehicle.vehicleId, state.detector.lastAt);
    }
  }
}

/** GNSS time between two writes of a vehicle's state and open day. */
const CHECKPOINT_MS = 60_000;

/** Rows per statement: SQLite caps the variables of one statement (a day row has 14 columns). */
const CHUNK_ROWS = 500;

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) await write(rows.slice(i, i + CHUNK_ROWS));
}

/** What one batch of positions produced, written together. */
export class LedgerBatch {
  readonly curve: RowValue[][] = [];
  /** The vehicles whose state the batch moved, and those to write with it. */
  readonly moved = new Map<string, { vehicle: VehicleRegistryEntry; state: VehicleLedgerState }>();
  readonly due = new Set<string>();
  readonly events: { vehicle: VehicleRegistryEntry; event: DetectedFuelEvent }[] = [];
  readonly days: RowValue[][] = [];
  readonly trips: RowValue[][] = [];
}

const eventKeyOf = (vehicleId: string, event: DetectedFuelEvent) => `${vehicleId}:${event.kind}:${event.startedAt}`;

function placeOf(vehicle: VehicleRegistryEntry) {
  return { plateCode: vehicle.plateCode, companyId: vehicle.companyId, companyPath: pathOf(vehicle.companyPath.map(String)), fleetPath: pathOf(vehicle.fleetPath.map(String)) };
}

function eventRow({ vehicle, event }: { vehicle: VehicleRegistryEntry; event: DetectedFuelEvent }): Partial<FuelEventRow> {
  return {
    eventKey: eventKeyOf(vehicle.vehicleId, event),
    vehicleId: vehicle.vehicleId,
    ...placeOf(vehicle),
    kind: event.kind,
    startedAt: event.startedAt,
    endedAt: event.endedAt,
    amountL: event.amountL,
    litresBefore: event.litresBefore,
    litresAfter: event.litresAfter,
    latitude: event.latitude,
    longitude: event.longitude,
    whileStopped: event.whileStopped ? 1 : 0,
  };
}

/** A tally's columns after its key, in TALLY_COLUMNS order. */
function tallyValues(vehicle: VehicleRegistryEntry, tally: FuelTally): RowValue[] {
  const place = placeOf(vehicle);
  return [
    place.plateCode, place.companyId, place.companyPath, place.fleetPath,
    tally.firstL, tally.lastL, Math.round(tally.refuelledL * 10) / 10, Math.round(tally.lossL * 10) / 10,
    Math.round((tally.lastOdometerKm - tally.firstOdometerKm) * 1000) / 1000, tally.canFirstL, tally.canLastL, tally.endedAt,
  ];
}

/** A suspected theft as an alarm another service detected: a start and its end, one id. */
function theftAlarm({ vehicle, event }: { vehicle: VehicleRegistryEntry; event: DetectedFuelEvent }): DetectedAlarmEvent[] {
  const base = {
    eventId: `fuel:${eventKeyOf(vehicle.vehicleId, event)}`,
    vehicleId: vehicle.vehicleId,
    source: 'fuel' as const,
    type: FUEL_THEFT_ALARM_TYPE,
    // Intermediate by default; the company's alarm-type configuration may change it.
    level: AlarmLevel.INTERMEDIATE,
    startedAt: event.startedAt,
    latitude: event.latitude,
    longitude: event.longitude,
    speedKmh: 0,
    detail: { amountL: event.amountL, litresBefore: event.litresBefore, litresAfter: event.litresAfter, whileStopped: event.whileStopped },
  };
  return [
    { ...base, phase: 'start', at: event.startedAt },
    { ...base, phase: 'end', at: event.endedAt },
  ];
}
