import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { PoisonMessageError, Topics, type DetectedAlarmEvent, type EnergyReport, type EnergyReportBatch } from '@openfleet/contracts';
import { decodeRealtime } from '@openfleet/gb32960';
import { BatchStates, BusConsumer, consume, EVENT_BUS, type BatchUpdate } from '@openfleet/service-kit';
import { findByKeys, IdempotentRowWriter, sqlLiteral, TransactionRunner } from '@openfleet/storage';
import { Counter } from 'prom-client';
import type { DataSource, EntityManager } from 'typeorm';
import { ENERGY_CONFIG, type EnergyConfig } from '../energy-config';
import { EnergyVehicleState } from '../storage/energy-vehicle-state.entity';
import { batteryAlarmLevel, foldAlarmFlags } from './battery-alarms';
import { ENERGY_REPORT_COLUMNS, reportValues, sampleOf } from './battery-series';

const reportsStored = new Counter({ name: 'energy_reports_ingested_total', help: 'GB/T 32960 reports written (including redeliveries skipped by the key)' });

/** The units the series and the state are taken from; cells and probes stay in the stored data unit. */
const SAMPLE_UNITS: ReadonlySet<number> = new Set([0x01, 0x05, 0x06, 0x07]);

const STATE_COLUMNS = ['vin', 'vehicle_id', 'collected_at', 'soc', 'charge_state', 'voltage', 'current', 'speed', 'alarm_level', 'latitude', 'longitude', 'open_alarms'] as const;

/**
 * energy.report.v2 -> energy_report, the vehicles' latest state and their battery alarms. Each bus
 * batch: decode, fold the reports newer than a vehicle's state into it (open alarms included),
 * publish the alarms that started or ended (alarm.detected.v1, ids stable under redelivery), then one
 * transaction writes the reports and the states. The bus commits the offsets only after that; a
 * failed write has the states it touched read again (`BatchStates`) and the batch is retried.
 */
@Injectable()
export class EnergyIngestService extends BusConsumer {
  private readonly logger = new Logger(EnergyIngestService.name);
  private readonly writer: IdempotentRowWriter;
  private readonly transactions: TransactionRunner;
  private readonly sqlite: boolean;
  /** States of the VINs this member owns that it has seen since its partitions were assigned. */
  private readonly states = new BatchStates<EnergyVehicleState>((vins) => this.read(vins));

  constructor(
    @InjectDataSource('energy') private readonly dataSource: DataSource,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
  ) {
    super();
    this.sqlite = dataSource.options.type === 'better-sqlite3';
    // Serial on SQLite: the emission ingest and the battery API write the same file.
    this.transactions = new TransactionRunner(dataSource);
    this.writer = new IdempotentRowWriter(dataSource, { table: 'energy_report', columns: ENERGY_REPORT_COLUMNS, chunkRows: 1000, bulkLoad: 'auto', warn: (message) => this.logger.warn(message) });
  }

  protected consumes() {
    return [
      consume(Topics.energyReport, {
        group: this.config.ENERGY_INGEST_GROUP,
        // A record carries the reports the gateway accepted together (tens to hundreds under load).
        maxBatchSize: 100,
        // A report of 96 cells and 48 probes is about 400 bytes on the log.
        fetchBytesPerPartition: 2 * 1_048_576,
        handle: (messages) => this.ingest(messages),
        onAssigned: async () => this.states.clear(),
      }),
    ];
  }

  async ingest(messages: readonly DeliveredMessage<EnergyReportBatch>[]): Promise<void> {
    const reports = messages.flatMap((m) => m.value.reports);
    // States are read as their VINs first come (not on assignment): a fleet of EVs is mostly parked.
    await this.states.update((batch) => this.fold(reports, batch), reports.map((r) => r.vin));
  }

  private async fold(reports: EnergyReport[], batch: BatchUpdate<EnergyVehicleState>): Promise<void> {
    const rows: (string | number | null)[][] = [];
    const touched = new Set<EnergyVehicleState>();
    const alarms: DetectedAlarmEvent[] = [];
    for (const report of reports) {
      let sample;
      try {
        sample = sampleOf(decodeRealtime(report.data, SAMPLE_UNITS).units);
      } catch (error) {
        throw new PoisonMessageError(`energy report of ${report.vin} at ${report.collectedAt}: ${(error as Error).message}`);
      }
      rows.push(reportValues(report, sample));
      const state = batch.get(report.vin) ?? this.newState(report, batch);
      // Only a report newer than the state moves it (a reissued backlog is history).
      if (report.collectedAt <= state.collectedAt) continue;
      Object.assign(state, {
        vehicleId: report.vehicleId,
        collectedAt: report.collectedAt,
        soc: sample.soc,
        chargeState: sample.chargeState,
        voltage: sample.voltage,
        current: sample.current,
        speed: sample.speed,
        alarmLevel: sample.alarmLevel,
        latitude: sample.latitude ?? state.latitude,
        longitude: sample.longitude ?? state.longitude,
      });
      for (const change of foldAlarmFlags(state.openAlarms, sample.alarmFlags, report.collectedAt)) {
        alarms.push({
          eventId: `${report.vin}:${change.type}:${change.startedAt}`,
          phase: change.phase,
          vehicleId: report.vehicleId,
          source: 'energy',
          type: change.type,
          level: batteryAlarmLevel(sample.alarmLevel),
          startedAt: change.startedAt,
          at: report.collectedAt,
          latitude: state.latitude ?? 0,
          longitude: state.longitude ?? 0,
          speedKmh: sample.speed ?? 0,
          detail: { vin: report.vin, gbLevel: sample.alarmLevel, soc: sample.soc, maxTemp: sample.maxTemp, maxTempProbe: sample.maxTempProbe, maxCellV: sample.maxCellV, minCellV: sample.minCellV },
        });
      }
      touched.add(state);
    }
    // Alarms first: if the write then fails, the retry derives the same events with the same ids.
    if (alarms.length) await this.bus.publish(Topics.alarmDetected, alarms.map((value) => ({ key: value.vehicleId, value })));
    await this.transactions.run(async (manager) => {
      await this.writer.write(rows, manager);
      await this.persistStates([...touched], manager);
    });
    reportsStored.inc(rows.length);
  }

  private newState(report: EnergyReport, batch: BatchUpdate<EnergyVehicleState>): EnergyVehicleState {
    const state = Object.assign(new EnergyVehicleState(), { vin: report.vin, vehicleId: report.vehicleId, collectedAt: 0, soc: null, chargeState: null, voltage: null, current: null, speed: null, alarmLevel: null, latitude: null, longitude: null, openAlarms: {} });
    batch.set(report.vin, state);
    return state;
  }

  /** The stored states of some VINs (those first seen, and a failed batch's). */
  private async read(vins: string[]): Promise<Map<string, EnergyVehicleState>> {
    return new Map((await findByKeys(this.dataSource.getRepository(EnergyVehicleState), 'vin', vins)).map((state) => [state.vin, { ...state, openAlarms: state.openAlarms ?? {} }]));
  }

  /** Multi-row upsert of the states: SQLite binds parameters, MySQL gets the literals inlined. */
  private async persistStates(states: EnergyVehicleState[], manager: EntityManager): Promise<void> {
    if (!states.length) return;
    const rows = states.map((s) => [s.vin, s.vehicleId, s.collectedAt, s.soc, s.chargeState, s.voltage, s.current, s.speed, s.alarmLevel, s.latitude, s.longitude, JSON.stringify(s.openAlarms)]);
    const columns = STATE_COLUMNS.join(',');
    const updates = STATE_COLUMNS.slice(1);
    if (this.sqlite) {
      for (let start = 0; start < rows.length; start += 2000) {
        const chunk = rows.slice(start, start + 2000);
        const tuple = `(${STATE_COLUMNS.map(() => '?').join(',')})`;
        await manager.query(`INSERT INTO energy_vehicle_state (${columns}) VALUES ${chunk.map(() => tuple).join(',')} ON CONFLICT(vin) DO UPDATE SET ${updates.map((c) => `${c}=excluded.${c}`).join(',')}`, chunk.flat());
      }
    } else {
      await manager.query(`INSERT INTO energy_vehicle_state (${columns}) VALUES ${rows.map((row) => `(${row.map(sqlLiteral).join(',')})`).join(',')} ON DUPLICATE KEY UPDATE ${updates.map((c) => `${c}=VALUES(${c})`).join(',')}`);
    }
  }
}
