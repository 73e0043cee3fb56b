import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics, type FenceEvent, type Position } from '@openfleet/contracts';
import { BatchStates, BusConsumer, consume, EVENT_BUS, type BatchUpdate } from '@openfleet/service-kit';
import type { Repository } from 'typeorm';
import { findByKeys } from '@openfleet/storage';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FenceCatalogue } from '../fence/fence-catalogue';
import { VehicleRegistry } from '@openfleet/auth';
import { FENCE_CONFIG, type FenceConfig } from '../fence-config';
import { evaluate, type FenceState } from './fence-rules';
import { FenceEventRow } from './fence-event.entity';
import { FenceVehicleState } from './fence-state.entity';

/**
 * Rows per statement: SQLite caps the variables of one statement (32,766; an event row has 12
 * columns), and a batch of 5,000 positions can raise more events than one statement holds (a
 * fence drawn around a parked fleet: every vehicle enters at once).
 */
const CHUNK_ROWS = 400;

/**
 * Platform-side evaluation: every position (tracking.position.v1) against the fences its vehicle is
 * bound to that are near it (R-tree) or that it is inside. State per terminal and fence lives in
 * memory for the terminals this member owns (partition assignment), is written back after each
 * batch and reloaded on assignment, so a restart or a rebalance loses nothing. Events are
 * published before the state is saved: a crash between the two replays the batch, and the events'
 * ids (terminal, fence, kind, GNSS time) let consumers drop the repeats. A batch whose write fails
 * has its terminals' states read again from storage (`BatchStates`): handed again, it is evaluated
 * from the states before it, so its events and states are stored, not skipped as already seen.
 */
@Injectable()
export class FenceEvaluatorService extends BusConsumer {
  private readonly logger = new Logger(FenceEvaluatorService.name);
  /** Per terminal, its states by fence (fences it is inside, off the route of, or has left). */
  private readonly states = new BatchStates<Map<number, FenceState>>((phones) => this.read(phones));
  /** Positions evaluated since start (the benchmark reads it). */
  evaluated = 0;

  constructor(
    @InjectRepository(FenceVehicleState, 'fence') private readonly stored: Repository<FenceVehicleState>,
    @InjectRepository(FenceEventRow, 'fence') private readonly history: Repository<FenceEventRow>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(FENCE_CONFIG) private readonly config: FenceConfig,
    private readonly catalogue: FenceCatalogue,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.position, {
        group: this.config.FENCE_EVALUATOR_GROUP,
        fromBeginning: false,
        maxBatchSize: 5000,
        handle: (messages) => this.handle(messages),
        onAssigned: (owns) => this.load(owns),
      }),
    ];
  }

  /** Keeps the state of the terminals this member owns now; drops the others. */
  async load(owns: (key: string) => boolean): Promise<void> {
    this.states.clear();
    for (const [phone, byFence] of byTerminal((await this.stored.find()).filter((row) => owns(row.terminalPhone)))) this.states.set(phone, byFence);
  }

  /** The stored states of some terminals (after a failed batch). */
  private async read(phones: string[]): Promise<Map<string, Map<number, FenceState>>> {
    return byTerminal(await findByKeys(this.stored, 'terminalPhone', phones));
  }

  async handle(messages: DeliveredMessage<Position>[]): Promise<void> {
    await this.states.update((terminalStates) => this.evaluateAndStore(messages, terminalStates));
  }

  private async evaluateAndStore(messages: DeliveredMessage<Position>[], terminalStates: BatchUpdate<Map<number, FenceState>>): Promise<void> {
    const events: FenceEvent[] = [];
    const changed = new Map<string, FenceVehicleState>();
    // In GNSS time order within the batch: a blind-area backfill that arrives after newer reports is older, and is skipped per fence.
    const positions = messages.map((m) => m.value).sort((a, b) => a.gpsTimeS - b.gpsTimeS);
    for (const position of positions) this.evaluatePosition(position, events, changed, terminalStates);
    if (events.length) {
      await this.bus.publish(Topics.fenceEvent, events.map((value) => ({ key: value.terminalPhone, value })));
      // Kept for history playback; a replayed batch finds its event ids there already.
      const rows = events.map((e) => ({ eventId: e.eventId, kind: e.kind, fenceId: Number(e.fenceId), fenceName: e.fenceName, vehicleId: e.vehicleId, terminalPhone: e.terminalPhone, at: e.at, latitude: e.latitude, longitude: e.longitude, speedKmh: e.speedKmh, blindArea: e.blindArea ? 1 : 0, detail: e.detail ?? null }));
      for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
        await this.history.createQueryBuilder().insert().values(rows.slice(i, i + CHUNK_ROWS) as QueryDeepPartialEntity<FenceEventRow>[]).orIgnore().execute();
      }
    }
    const states = [...changed.values()];
    for (let i = 0; i < states.length; i += CHUNK_ROWS) await this.stored.upsert(states.slice(i, i + CHUNK_ROWS), ['terminalPhone', 'fenceId']);
  }

  private evaluatePosition(position: Position, events: FenceEvent[], changed: Map<string, FenceVehicleState>, terminalStates: BatchUpdate<Map<number, FenceState>>): void {
    const phone = canonicalTerminalPhone(position.terminalPhone);
    const vehicle = this.registry.byTerminalPhone(phone);
    if (!vehicle || position.latitudeE6 === 0) return;
    this.evaluated++;
    const lng = position.longitudeE6 / 1e6;
    const lat = position.latitudeE6 / 1e6;
    let mine = terminalStates.get(phone);
    const candidates = new Set<number>(this.catalogue.near(lng, lat).filter((id) => this.catalogue.isBound(vehicle.vehicleId, id)));
    for (const [fenceId, state] of mine ?? []) if (state.inside || state.offRoute) candidates.add(fenceId);
    const at = position.gpsTimeS * 1000;
    for (const fenceId of candidates) {
      const fence = this.catalogue.fence(fenceId);
      if (!fence) {
        mine?.delete(fenceId);
        continue;
      }
      const previous = mine?.get(fenceId);
      const result = evaluate(fence, previous, { at, lng, lat, speedKmh: position.speedDkmh / 10, engineRpm: position.engineRpm });
      if (result.state === previous) continue;
      // A vehicle that was never inside a fence (or on its route) is not remembered: passing near
      // one costs no state and no write. Once it has been, its state stays after it leaves (idle,
      // with the time of the last position seen), so a late older position (a backlog behind live
      // reports, a publish retried after later ones) is skipped, not taken for a new entry. An idle
      // state is written when it becomes idle; later idle positions only move it in memory.
      const idle = !result.state.inside && !result.state.offRoute;
      if (idle && !previous) continue;
      if (!mine) terminalStates.set(phone, (mine = new Map()));
      mine.set(fenceId, result.state);
      const wasIdle = previous && !previous.inside && !previous.offRoute;
      if (!idle || !wasIdle || result.events.length) changed.set(`${phone}:${fenceId}`, this.stored.create({ terminalPhone: phone, fenceId, state: result.state, updatedAt: Date.now() }));
      for (const event of result.events) {
        events.push({
          eventId: `${phone}:${fenceId}:${event.kind}:${at}`,
          kind: event.kind,
          fenceId: String(fenceId),
          fenceName: fence.name,
          vehicleId: vehicle.vehicleId,
          terminalPhone: phone,
          at,
          latitude: lat,
          longitude: lng,
          speedKmh: position.speedDkmh / 10,
          blindArea: position.blindArea,
          ...(event.detail ? { detail: event.detail } : {}),
        });
      }
    }
  }
}

/** Stored states by terminal and fence (idle ones too: they hold the last position's time). */
function byTerminal(rows: FenceVehicleState[]): Map<string, Map<number, FenceState>> {
  const states = new Map<string, Map<number, FenceState>>();
  for (const row of rows) {
    let byFence = states.get(row.terminalPhone);
    if (!byFence) states.set(row.terminalPhone, (byFence = new Map()));
    byFence.set(row.fenceId, row.state);
  }
  return states;
}
