import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { Topics, type Position } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { Counter } from 'prom-client';
import { TrackingTransactions } from '../common/tracking-transactions';
import { DayStatsRecompute } from '../live-state/day-stats-recompute';
import { LiveStateService } from '../live-state/live-state.service';
import { VehicleRegistry } from '@openfleet/auth';
import { TRACKING_CONFIG, type TrackingConfig } from '../tracking-config';
import { VehicleConditionIngest } from '../vehicle-condition/vehicle-condition.ingest';
import { PointQuality, toTrackPointRow, type TrackPointRow } from './track-point';
import { TrackPointWriter } from './track-point.writer';

const pointsStored = new Counter({ name: 'tracking_points_ingested_total', help: 'Track points written (including redeliveries skipped by the key)' });
const pointsFlagged = new Counter({ name: 'tracking_points_flagged_total', help: 'Track points stored with a quality flag', labelNames: ['flag'] });

/**
 * tracking.position.v1 -> track_point. Each bus batch becomes one transaction: the multi-row
 * inserts, the live states, the day mileage and the vehicle condition's items (condition_extras:
 * decoded once here instead of by a consumer group of its own). The handler resolves only after the commit, and
 * the bus commits the offsets only after that (at-least-once; the primary key makes it exactly-once
 * in the table). A failed write throws, the states are rolled back and the bus retries the batch.
 */
@Injectable()
export class PositionIngestService extends BusConsumer {
  private readonly logger = new Logger(PositionIngestService.name);
  /**
   * Joins the group once every module has started, so after the live state's start-up read of every
   * stored state: the assignment's `takeOwnership` then reads only the rows that changed meanwhile.
   * Joined at module init, a member could join during that read and hold its new partitions idle
   * until the read finished (0.3-0.5 s for 20,000-30,000 states, stop 45).
   */
  protected override readonly subscribeAt = 'bootstrap';

  constructor(
    private readonly transactions: TrackingTransactions,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(TRACKING_CONFIG) private readonly config: TrackingConfig,
    private readonly writer: TrackPointWriter,
    private readonly live: LiveStateService,
    private readonly days: DayStatsRecompute,
    private readonly registry: VehicleRegistry,
    private readonly condition: VehicleConditionIngest,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.position, {
        group: this.config.TRACKING_INGEST_GROUP,
        fromBeginning: this.config.TRACKING_INGEST_FROM === 'earliest',
        maxBatchSize: this.config.TRACKING_CONSUME_BATCH,
        // A position record is about 150 bytes on the log: room for a whole batch per fetch.
        fetchBytesPerPartition: Math.max(1_048_576, this.config.TRACKING_CONSUME_BATCH * 200),
        partitionsConsumedConcurrently: this.config.TRACKING_INGEST_PARTITIONS_AT_ONCE,
        handle: (messages) => this.ingest(messages),
        // Session events are keyed and partitioned like the positions: this member gets exactly the
        // session events of the terminals whose positions it owns, so no two members write one state.
        joined: [{ topic: Topics.terminalSession, handle: (messages) => this.live.applySessions(messages) }],
        // After every rebalance: the states of newly owned terminals as their last owner committed them.
        onAssigned: (owns) => this.live.takeOwnership(owns),
      }),
    ];
  }

  async ingest(messages: readonly DeliveredMessage<Position>[]): Promise<void> {
    // One pass over the records: the rows, their terminals and the positions.
    const rows = new Array<TrackPointRow>(messages.length);
    const positions = new Array<Position>(messages.length);
    const terminals = new Set<string>();
    for (let i = 0; i < messages.length; i++) {
      const value = messages[i].value;
      const row = toTrackPointRow(value, value.vehicleId || this.registry.byTerminalPhone(value.terminalPhone)?.vehicleId || '');
      rows[i] = row;
      positions[i] = value;
      terminals.add(row.terminalPhone);
    }
    const snapshot = this.live.snapshot(terminals);
    const batch = this.live.fold(rows);
    const conditions = this.condition.extrasRows(positions);
    try {
      await this.transactions.run(async (manager) => {
        await this.writer.write(rows, manager);
        // This batch's days only, in this transaction: it sees the points just written.
        await this.days.refold(batch.backfilledDays, manager);
        await this.live.persist(batch.states, manager, batch.finishedDays);
        await this.condition.upsertExtras(conditions, manager);
      });
    } catch (error) {
      this.live.restore(snapshot);
      this.logger.warn(`track point write failed, batch of ${rows.length} will be retried: ${(error as Error).message}`);
      throw error;
    }
    pointsStored.inc(rows.length);
    for (const row of rows) {
      if (row.quality & PointQuality.NO_FIX) pointsFlagged.inc({ flag: 'no-fix' });
      if (row.quality & PointQuality.JUMP) pointsFlagged.inc({ flag: 'jump' });
      if (row.quality & PointQuality.SENTINEL) pointsFlagged.inc({ flag: 'sentinel' });
    }
    await this.live.publishChanges(batch.states);
  }
}
