import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { Topics, type RawFrameBatch } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS, RateLimitedLog } from '@openfleet/service-kit';
import type { DataSource } from 'typeorm';
import { RawFrameWriter, rowOf, type RawFrameRow } from './frame-writer';

/** The consumer group: members share the gateways' records (gateway.raw-frames.v1 is keyed by gateway). */
export const FRAME_ARCHIVE_GROUP = 'frame-archive-ingest';

/**
 * Stores every captured frame (gateway.raw-frames.v1), one multi-row write per bus batch. Nothing
 * is decoded here: the message id is read from its fixed place for the list's filter, the rest on
 * read. A frame whose hex is not hex is skipped and logged; the batch goes on.
 */
@Injectable()
export class FrameIngestConsumer extends BusConsumer {
  private readonly logger = new Logger(FrameIngestConsumer.name);
  private readonly skippedLog = new RateLimitedLog(this.logger, 60_000);
  private readonly writer: RawFrameWriter;
  /** Frames stored and skipped since start (the bench and /metrics read them). */
  readonly counts = { stored: 0, skipped: 0 };

  constructor(
    @InjectDataSource('frame_archive') dataSource: DataSource,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
  ) {
    super();
    this.writer = new RawFrameWriter(dataSource);
  }

  protected consumes() {
    return [consume(Topics.rawFrames, { group: FRAME_ARCHIVE_GROUP, fromBeginning: true, maxBatchSize: 200, handle: (messages) => this.handle(messages) })];
  }

  async handle(messages: DeliveredMessage<RawFrameBatch>[]): Promise<void> {
    const rows: RawFrameRow[] = [];
    let skipped = 0;
    for (const { value } of messages) {
      for (const frame of value.frames) {
        const row = rowOf(frame, value.gatewayId);
        if (row) rows.push(row);
        else skipped++;
      }
    }
    if (skipped) this.skippedLog.write('warn', `${skipped} captured frames skipped: hex or time unreadable`);
    await this.writer.write(rows);
    this.counts.stored += rows.length;
    this.counts.skipped += skipped;
  }
}
