import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { Topics, type TerminalUplink } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { IdempotentRowWriter } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { TrackingTransactions } from '../common/tracking-transactions';
import { VehicleRegistry } from '@openfleet/auth';
import { canFramesOf, driverRecordsOf, powerRecordsOf } from './terminal-records';

/** Uplinks whose records tracking keeps; every other message id is skipped at once. */
const KEPT = new Set(['0x0702', '0x0700', '0x0705']);
/** Rows per multi-row INSERT. */
const CHUNK = 500;
const writer = (dataSource: DataSource, table: string, columns: string[]) => new IdempotentRowWriter(dataSource, { table, columns, chunkRows: CHUNK, bulkLoad: 'off' });

/**
 * gateway.uplink.v1 -> driver_record, power_record, can_frame: driver card events (0x0702), the
 * driver and external power logs of the tachograph (0x0700 answers to 12H and 13H collections)
 * and CAN frames (0x0705). One transaction per bus batch; the primary keys make redelivery
 * harmless (INSERT IGNORE), and a failed write is retried by the bus.
 */
@Injectable()
export class TerminalRecordsIngest extends BusConsumer {
  private readonly logger = new Logger(TerminalRecordsIngest.name);
  private readonly drivers: IdempotentRowWriter;
  private readonly power: IdempotentRowWriter;
  private readonly frames: IdempotentRowWriter;

  constructor(
    @InjectDataSource('tracking') dataSource: DataSource,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    private readonly transactions: TrackingTransactions,
  ) {
    super();
    this.drivers = writer(dataSource, 'driver_record', ['terminal_phone', 'at', 'source', 'event', 'vehicle_id', 'ic_result', 'name', 'licence', 'issuer', 'expiry', 'id_card', 'received_at']);
    this.power = writer(dataSource, 'power_record', ['terminal_phone', 'at', 'event', 'vehicle_id', 'received_at']);
    this.frames = writer(dataSource, 'can_frame', ['terminal_phone', 'at', 'seq', 'vehicle_id', 'can_id', 'data']);
  }

  protected consumes() {
    return [consume(Topics.terminalUplink, { group: 'tracking-records', fromBeginning: true, handle: (messages) => this.ingest(messages) })];
  }

  async ingest(messages: readonly DeliveredMessage<TerminalUplink>[]): Promise<void> {
    const uplinks = messages.map((message) => message.value).filter((uplink) => KEPT.has(uplink.msgId));
    if (!uplinks.length) return;
    const vehicleOf = (uplink: TerminalUplink) => uplink.vehicleId || this.registry.byTerminalPhone(uplink.terminalPhone)?.vehicleId || '';
    const drivers = uplinks.flatMap((uplink) => driverRecordsOf(uplink, vehicleOf(uplink)));
    const power = uplinks.flatMap((uplink) => powerRecordsOf(uplink, vehicleOf(uplink)));
    const frames = uplinks.flatMap((uplink) => canFramesOf(uplink, vehicleOf(uplink)));
    try {
      await this.transactions.run(async (manager) => {
        await this.drivers.write(drivers.map((r) => [r.terminalPhone, r.at, r.source, r.event, r.vehicleId, r.icResult, r.name, r.licence, r.issuer, r.expiry, r.idCard, r.receivedAt]), manager);
        await this.power.write(power.map((r) => [r.terminalPhone, r.at, r.event, r.vehicleId, r.receivedAt]), manager);
        await this.frames.write(frames.map((r) => [r.terminalPhone, r.at, r.seq, r.vehicleId, r.canId, r.data]), manager);
      });
    } catch (error) {
      this.logger.warn(`terminal records not stored, the batch is retried: ${(error as Error).message}`);
      throw error;
    }
  }
}
