import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { PoisonMessageError, Topics, type EmissionReport } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { IdempotentRowWriter, TransactionRunner } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { ENERGY_CONFIG, type EnergyConfig } from '../energy-config';
import { emissionRows, OBD_COLUMNS, STREAM_COLUMNS } from './emission-rows';

/**
 * emission.report.v1 -> emission_stream and emission_obd. Each bus batch is decoded and written in
 * one transaction, rows whose (vin, collected_at) exists skipped, so a redelivered or reissued
 * report is stored once; the bus commits the offsets only after the write.
 */
@Injectable()
export class EmissionIngestService extends BusConsumer {
  private readonly logger = new Logger(EmissionIngestService.name);
  private readonly streams: IdempotentRowWriter;
  private readonly obd: IdempotentRowWriter;
  private readonly transactions: TransactionRunner;

  constructor(
    @InjectDataSource('energy') private readonly dataSource: DataSource,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
  ) {
    super();
    const warn = (message: string) => this.logger.warn(message);
    // Serial on SQLite: the energy report ingest writes the same file.
    this.transactions = new TransactionRunner(dataSource);
    this.streams = new IdempotentRowWriter(dataSource, { table: 'emission_stream', columns: STREAM_COLUMNS, chunkRows: 1000, bulkLoad: 'auto', warn });
    this.obd = new IdempotentRowWriter(dataSource, { table: 'emission_obd', columns: OBD_COLUMNS, chunkRows: 1000, bulkLoad: 'auto', warn });
  }

  protected consumes() {
    return [consume(Topics.emissionReport, { group: this.config.ENERGY_EMISSION_GROUP, maxBatchSize: 1000, handle: (messages) => this.ingest(messages) })];
  }

  async ingest(messages: readonly DeliveredMessage<EmissionReport>[]): Promise<void> {
    const streams: (string | number | null)[][] = [];
    const obd: (string | number | null)[][] = [];
    for (const { value: report } of messages) {
      try {
        const rows = emissionRows(report);
        streams.push(...rows.streams);
        obd.push(...rows.obd);
      } catch (error) {
        throw new PoisonMessageError(`emission report of ${report.vin} at ${report.collectedAt}: ${(error as Error).message}`);
      }
    }
    await this.transactions.run(async (manager) => {
      await this.streams.write(streams, manager);
      await this.obd.write(obd, manager);
    });
  }
}
