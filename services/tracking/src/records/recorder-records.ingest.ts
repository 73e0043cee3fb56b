import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { Topics, type TerminalUplink } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { IdempotentRowWriter } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { TrackingTransactions } from '../common/tracking-transactions';
import { recorderRecordsOf } from './recorder-records';

/** Rows per multi-row INSERT (a 09H row carries about 4 KB of JSON). */
const CHUNK = 100;
const COLUMNS = ['terminal_phone', 'command', 'at', 'seq', 'vehicle_id', 'data', 'received_at'];

/**
 * gateway.uplink.v1 -> recorder_record: the GB/T 19056 answers (0x0700) other than 12H and 13H,
 * which TerminalRecordsIngest keeps. Its own consumer group, so the position path is untouched
 * and a slow batch of 09H blocks holds up nothing else. INSERT IGNORE on the key makes
 * redelivery harmless; a failed write is retried by the bus.
 */
@Injectable()
export class RecorderRecordsIngest extends BusConsumer {
  private readonly logger = new Logger(RecorderRecordsIngest.name);
  private readonly records: IdempotentRowWriter;

  constructor(
    @InjectDataSource('tracking') dataSource: DataSource,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    private readonly transactions: TrackingTransactions,
  ) {
    super();
    this.records = new IdempotentRowWriter(dataSource, { table: 'recorder_record', columns: COLUMNS, chunkRows: CHUNK, bulkLoad: 'off' });
  }

  protected consumes() {
    return [consume(Topics.terminalUplink, { group: 'tracking-recorder', fromBeginning: true, handle: (messages) => this.ingest(messages) })];
  }

  async ingest(messages: readonly DeliveredMessage<TerminalUplink>[]): Promise<void> {
    const uplinks = messages.map((message) => message.value).filter((uplink) => uplink.msgId === '0x0700');
    if (!uplinks.length) return;
    const rows = uplinks.flatMap((uplink) => recorderRecordsOf(uplink, uplink.vehicleId || this.registry.byTerminalPhone(uplink.terminalPhone)?.vehicleId || ''));
    if (!rows.length) return;
    try {
      await this.transactions.run((manager) => this.records.write(rows.map((r) => [r.terminalPhone, r.command, r.at, r.seq, r.vehicleId, r.data, r.receivedAt]), manager));
    } catch (error) {
      this.logger.warn(`recorder records not stored, the batch is retried: ${(error as Error).message}`);
      throw error;
    }
  }
}
