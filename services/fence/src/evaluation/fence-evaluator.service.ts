import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics, type FenceEvent, type Position } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import type { Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FenceCatalogue } from '../fence/fence-catalogue';
import { VehicleRegistry } from '@openfleet/auth';
import { FENCE_CONFIG, type FenceConfig } from '../fence-config';
import { evaluate, type FenceState } from './fence-rules';
import { FenceEventRow } from './fence-event.entity';
import { FenceVehicleState } from './fence-state.entity';

/**
 * Platform-side evaluation: every position (tracking.position.v1) against the fences its vehicle is
 * bound to that are near it (R-tree) or that it is inside. State per terminal and fence lives in
 * memory for the terminals this member owns (partition assignment), is written back after each
 * batch and reloaded on assignment, so a restart or a rebalance loses nothing. Events are
 * published before the state is saved: a crash between the two replays the batch, and the events'
 * ids (terminal, fence, kind, GNSS time) let consumers drop the repeats.
 */
@Injectable()
export class FenceEvaluatorService extends BusConsumer {
  private readonly logger = new Logger(FenceEvaluatorService.name);
  private readonly states = new Map<string, Map<number, FenceState>>();
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
    for (const row of await this.stored.find()) {
      if (!owns(row.terminalPhone) || (!row.state.inside && !row.state.offRoute)) continue;
      let map = this.states.get(row.terminalPhone);
      if (!map) this.states.set(row.terminalPhone, (map = new Map()));
      map.set(row.fenceId, row.state);
    }
  }

  async handle(messages: DeliveredMessage<Position>[]): Promise<void> {
    const events: FenceEvent[] = [];
    const changed = new Map<string, FenceVehicleState>();
    // In GNSS time order within the batch: a blind-area backfill that arrives after newer reports is older, and is skipped per fence.
    const positions = messages.map((m) => m.value).sort((a, b) => a.gpsTimeS - b.gpsTimeS);
    for (const position of positions) this.evaluatePosition(position, events, changed);
    if (events.length) {
      await this.bus.publish(Topics.fenceEvent, events.map((value) => ({ key: value.terminalPhone, value })));
      // Kept for history playback; a replayed batch finds its event ids there already.
      await this.history
        .createQueryBuilder()
        .insert()
        .values(events.map((e) => ({ eventId: e.eventId, kind: e.kind, fenceId: Number(e.fenceId), fenceName: e.fenceName, vehicleId: e.vehicleId, terminalPhone: e.terminalPhone, at: e.at, latitude: e.latitude, longitude: e.longitude, speedKmh: e.speedKmh, blindArea: e.blindArea ? 1 : 0, detail: e.detail ?? null })) as QueryDeepPartialEntity<FenceEventRow>[])
        .orIgnore()
        .execute();
    }
    if (changed.size) await this.stored.upsert([...changed.values()], ['terminalPhone', 'fenceId']);
  }

  private evaluatePosition(position: Position, events: FenceEvent[], changed: Map<string, FenceVehicleState>): void {
    const phone = canonicalTerminalPhone(position.terminalPhone);
    const vehicle = this.registry.byTerminalPhone(phone);
    if (!vehicle || position.latitudeE6 === 0) return;
    this.evaluated++;
    const lng = position.longitudeE6 / 1e6;
    const lat = position.latitudeE6 / 1e6;
    let mine = this.states.get(phone);
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
      // Only vehicles inside a fence (or off its route) are remembered: passing near one costs no write.
      const idle = !result.state.inside && !result.state.offRoute;
      if (idle) mine?.delete(fenceId);
      else {
        if (!mine) this.states.set(phone, (mine = new Map()));
        mine.set(fenceId, result.state);
      }
      if (!idle || previous) changed.set(`${phone}:${fenceId}`, this.stored.create({ terminalPhone: phone, fenceId, state: result.state, updatedAt: Date.now() }));
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
