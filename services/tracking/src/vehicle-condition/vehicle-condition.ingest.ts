import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { Topics, type Position, type TerminalUplink } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { TrackingTransactions } from '../common/tracking-transactions';
import { conditionCanRows, conditionExtrasRows, type ConditionCanRow, type ConditionExtrasRow } from './condition-rows';

const CHUNK = 500;
const EXTRAS_COLUMNS = ['extended_signals', 'io_status', 'analog_ad0', 'analog_ad1', 'signal_strength', 'satellites'];

/**
 * The vehicle condition's newest values: the 0x25, 0x2A, 0x2B, 0x30, 0x31 extras of positions ->
 * condition_extras, and gateway.uplink.v1 (0x0705 CAN frames) -> condition_can. The positions' rows
 * are written by the position ingest, in its batch's transaction (`extrasRows` + `upsertExtras`): a
 * consumer group of its own on tracking.position.v1 decoded every position a second time. The CAN
 * frames keep their own group. One upsert per batch, which never moves a row back to an older report
 * (redeliveries, blind-area uploads).
 */
@Injectable()
export class VehicleConditionIngest extends BusConsumer {
  private readonly logger = new Logger(VehicleConditionIngest.name);
  private readonly sqlite: boolean;

  constructor(
    @InjectDataSource('tracking') dataSource: DataSource,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    private readonly transactions: TrackingTransactions,
  ) {
    super();
    this.sqlite = dataSource.options.type === 'better-sqlite3';
  }

  protected consumes() {
    return [
      consume(Topics.terminalUplink, { group: 'tracking-condition-can', fromBeginning: false, handle: (messages) => this.ingestUplinks(messages) }),
    ];
  }

  /** The newest condition items per terminal of a batch of positions (none for most batches: one substring search per report). */
  extrasRows(positions: readonly Position[]): ConditionExtrasRow[] {
    return conditionExtrasRows(positions, (position) => position.vehicleId || this.registry.byTerminalPhone(position.terminalPhone)?.vehicleId || '');
  }

  async ingestUplinks(messages: readonly DeliveredMessage<TerminalUplink>[]): Promise<void> {
    const uplinks = messages.map((message) => message.value).filter((uplink) => uplink.msgId === '0x0705');
    if (!uplinks.length) return;
    const rows = conditionCanRows(uplinks, (uplink) => uplink.vehicleId || this.registry.byTerminalPhone(uplink.terminalPhone)?.vehicleId || '');
    if (rows.length) await this.write(() => this.upsertCan(rows));
  }

  private async write(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.warn(`vehicle condition not stored, the batch is retried: ${(error as Error).message}`);
      throw error;
    }
  }

  /** Upserts condition_extras rows inside the caller's transaction (the position ingest's batch). */
  async upsertExtras(rows: readonly ConditionExtrasRow[], manager: EntityManager): Promise<void> {
    if (!rows.length) return;
    const columns = ['terminal_phone', 'vehicle_id', 'gps_time', ...EXTRAS_COLUMNS];
    const values = (row: ConditionExtrasRow) => [row.terminalPhone, row.vehicleId, row.gpsTime, row.extendedSignals, row.ioStatus, row.analogAd0, row.analogAd1, row.signalStrength, row.satellites];
    // An item the newer report left out keeps its stored value (COALESCE); an older report changes nothing.
    const update = this.sqlite
      ? `ON CONFLICT(terminal_phone) DO UPDATE SET vehicle_id = excluded.vehicle_id, ${EXTRAS_COLUMNS.map((c) => `${c} = COALESCE(excluded.${c}, condition_extras.${c})`).join(', ')}, gps_time = excluded.gps_time WHERE excluded.gps_time >= condition_extras.gps_time`
      : `ON DUPLICATE KEY UPDATE vehicle_id = IF(VALUES(gps_time) >= gps_time, VALUES(vehicle_id), vehicle_id), ${EXTRAS_COLUMNS.map((c) => `${c} = IF(VALUES(gps_time) >= gps_time, COALESCE(VALUES(${c}), ${c}), ${c})`).join(', ')}, gps_time = GREATEST(gps_time, VALUES(gps_time))`;
    await this.upsertIn(manager, 'condition_extras', columns, rows.map(values), update);
  }

  private upsertCan(rows: ConditionCanRow[]): Promise<void> {
    const columns = ['terminal_phone', 'bus_id', 'vehicle_id', 'at', 'data'];
    const update = this.sqlite
      ? 'ON CONFLICT(terminal_phone, bus_id) DO UPDATE SET vehicle_id = excluded.vehicle_id, data = excluded.data, at = excluded.at WHERE excluded.at >= condition_can.at'
      : 'ON DUPLICATE KEY UPDATE vehicle_id = IF(VALUES(at) >= at, VALUES(vehicle_id), vehicle_id), data = IF(VALUES(at) >= at, VALUES(data), data), at = GREATEST(at, VALUES(at))';
    return this.upsert('condition_can', columns, rows.map((row) => [row.terminalPhone, row.busId, row.vehicleId, row.at, row.data]), update);
  }

  private async upsert(table: string, columns: string[], rows: unknown[][], update: string): Promise<void> {
    await this.transactions.run((manager) => this.upsertIn(manager, table, columns, rows, update));
  }

  private async upsertIn(manager: EntityManager, table: string, columns: string[], rows: unknown[][], update: string): Promise<void> {
    const tuple = `(${columns.map(() => '?').join(',')})`;
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      await manager.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${new Array(chunk.length).fill(tuple).join(',')} ${update}`, chunk.flat());
    }
  }
}
