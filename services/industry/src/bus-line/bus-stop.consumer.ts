import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics, type Position, type VehicleRegistryEntry } from '@openfleet/contracts';
import { BatchStates, BusConsumer, consume, EVENT_BUS, type BatchUpdate } from '@openfleet/service-kit';
import { findByKeys, pathOf } from '@openfleet/storage';
import type { Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { BusLineCatalogue } from './bus-line-catalogue';
import { BusSegmentTimeRow, BusStopEventRow, BusVehicleStateRow, type BusLineRow } from './bus-line.entities';
import { applyPosition, newVehicleState, type BusVehicleState, type StopEvent } from './stop-detector';

/** The consumer group: members share the vehicles (partitions of tracking.position.v1, keyed by terminal). */
export const BUS_STOP_GROUP = 'industry-bus-stops';

/** Rows per statement: SQLite caps the variables of one statement. */
const CHUNK_ROWS = 400;

/**
 * Arrivals and departures of the buses this member owns, from their positions: each vehicle on a
 * line goes through the stop detector; arrivals and skipped stops are inserted once (`event_key`),
 * departures complete their arrival's row, runs and dwells become the segment times the predictor
 * learns from, and each bus's state is written after every batch (the strip reads it from there,
 * so any instance answers it) and reloaded on assignment, as the fence evaluator's.
 */
@Injectable()
export class BusStopConsumer extends BusConsumer {
  /** Per bus; a failed batch's buses are read again from their stored states before the batch is handed again. */
  private readonly states = new BatchStates<BusVehicleState>(async (vehicleIds) => new Map((await findByKeys(this.stored, 'vehicleId', vehicleIds)).map((row) => [row.vehicleId, row.state as BusVehicleState])));

  constructor(
    @InjectRepository(BusStopEventRow, 'industry') private readonly events: Repository<BusStopEventRow>,
    @InjectRepository(BusSegmentTimeRow, 'industry') private readonly segments: Repository<BusSegmentTimeRow>,
    @InjectRepository(BusVehicleStateRow, 'industry') private readonly stored: Repository<BusVehicleStateRow>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    private readonly catalogue: BusLineCatalogue,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.position, {
        group: BUS_STOP_GROUP,
        fromBeginning: false,
        maxBatchSize: 5000,
        handle: (messages) => this.handle(messages),
        onAssigned: (owns) => this.load(owns),
      }),
    ];
  }

  /** Keeps the states of the buses this member owns now (a vehicle the registry does not know yet is kept: only its owner gets its positions). */
  async load(owns: (key: string) => boolean): Promise<void> {
    this.states.clear();
    for (const row of await this.stored.find()) {
      const phone = this.registry.byVehicleId(row.vehicleId)?.terminalPhone;
      if (!phone || owns(canonicalTerminalPhone(phone))) this.states.set(row.vehicleId, row.state as BusVehicleState);
    }
  }

  async handle(messages: DeliveredMessage<Position>[]): Promise<void> {
    await this.states.update(async (vehicleStates) => {
      const batch = new StopBatch();
      const positions = messages.map((m) => m.value).sort((a, b) => a.gpsTimeS - b.gpsTimeS);
      for (const position of positions) this.apply(position, batch, vehicleStates);
      await this.save(batch);
    });
  }

  private apply(position: Position, batch: StopBatch, vehicleStates: BatchUpdate<BusVehicleState>): void {
    const vehicle = position.vehicleId ? this.registry.byVehicleId(position.vehicleId) : this.registry.byTerminalPhone(canonicalTerminalPhone(position.terminalPhone));
    const assignment = vehicle && this.catalogue.assignmentOf(vehicle.vehicleId);
    if (!vehicle || !assignment) return;
    const { line } = assignment;
    let state = vehicleStates.get(vehicle.vehicleId);
    // A new bus, or one moved to another line: it starts in its assigned direction, its place unknown.
    if (!state || state.lineId !== line.id) vehicleStates.set(vehicle.vehicleId, (state = newVehicleState(line.id, assignment.direction)));
    const stops = { lineId: line.id, up: line.upStops, down: line.downStops };
    const events = applyPosition(stops, state, { at: position.gpsTimeS * 1000, longitude: position.longitudeE6 / 1e6, latitude: position.latitudeE6 / 1e6 });
    batch.dirty.set(vehicle.vehicleId, state);
    for (const event of events) batch.add(vehicle, line, event);
  }

  /** Arrivals first, then departures onto them, segment times, the states last: a crash in between replays the batch harmlessly. */
  private async save(batch: StopBatch): Promise<void> {
    const inserts = [...batch.rows.values()];
    for (let i = 0; i < inserts.length; i += CHUNK_ROWS) {
      await this.events.createQueryBuilder().insert().values(inserts.slice(i, i + CHUNK_ROWS) as QueryDeepPartialEntity<BusStopEventRow>[]).orIgnore().execute();
    }
    for (const departure of batch.departures) await this.events.update({ eventKey: departure.eventKey }, { departedAt: departure.departedAt, dwellS: departure.dwellS });
    for (let i = 0; i < batch.samples.length; i += CHUNK_ROWS) {
      await this.segments.createQueryBuilder().insert().values(batch.samples.slice(i, i + CHUNK_ROWS)).orIgnore().execute();
    }
    const now = Date.now();
    const states = [...batch.dirty].map(([vehicleId, state]) => ({ vehicleId, lineId: state.lineId, state, updatedAt: now }));
    for (let i = 0; i < states.length; i += CHUNK_ROWS) await this.stored.upsert(states.slice(i, i + CHUNK_ROWS), ['vehicleId']);
  }
}

const eventKeyOf = (vehicleId: string, direction: string, seq: number, arrivedAt: number) => `${vehicleId}:${direction}:${seq}:${arrivedAt}`;

/** What one batch of positions produced, written together. */
class StopBatch {
  /** New arrivals and skipped stops by event key; a departure in the same batch completes its row here. */
  readonly rows = new Map<string, Partial<BusStopEventRow>>();
  readonly departures: { eventKey: string; departedAt: number; dwellS: number }[] = [];
  readonly samples: Partial<BusSegmentTimeRow>[] = [];
  readonly dirty = new Map<string, BusVehicleState>();

  add(vehicle: VehicleRegistryEntry, line: BusLineRow, event: StopEvent): void {
    const base = { lineId: line.id, vehicleId: vehicle.vehicleId, direction: event.direction, seq: event.seq };
    if (event.kind === 'run') {
      this.samples.push({ ...base, kind: 'run', startedAt: event.startedAt, durationS: event.durationS });
      return;
    }
    if (event.kind === 'depart') {
      const key = eventKeyOf(vehicle.vehicleId, event.direction, event.seq, event.arrivedAt);
      const dwellS = (event.at - event.arrivedAt) / 1000;
      const pending = this.rows.get(key);
      if (pending) Object.assign(pending, { departedAt: event.at, dwellS });
      else this.departures.push({ eventKey: key, departedAt: event.at, dwellS });
      // A stop passed without a position inside says nothing of how long buses stand there.
      if (dwellS > 0) this.samples.push({ ...base, kind: 'dwell', startedAt: event.arrivedAt, durationS: dwellS });
      return;
    }
    const stop = (event.direction === 'up' ? line.upStops : line.downStops)[event.seq];
    const key = eventKeyOf(vehicle.vehicleId, event.direction, event.seq, event.at) + (event.kind === 'skip' ? ':skip' : '');
    this.rows.set(key, {
      ...base,
      eventKey: key,
      plateCode: vehicle.plateCode,
      companyPath: pathOf(vehicle.companyPath.map(String)),
      fleetPath: pathOf(vehicle.fleetPath.map(String)),
      stopId: stop?.stopId ?? '',
      stopName: stop?.name ?? '',
      arrivedAt: event.at,
      departedAt: null,
      dwellS: null,
      skipped: event.kind === 'skip' ? 1 : 0,
    });
  }
}
