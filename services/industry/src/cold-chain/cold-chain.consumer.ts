import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { AlarmLevel, canonicalTerminalPhone, Topics, type AlarmLevelCode, type ColdChainAlarmType, type DetectedAlarmEvent, type Position, type VehicleRegistryEntry } from '@openfleet/contracts';
import { BatchStates, BusConsumer, consume, EVENT_BUS, type BatchUpdate } from '@openfleet/service-kit';
import { findByKeys, pathOf, type RowValue } from '@openfleet/storage';
import type { DataSource, Repository } from 'typeorm';
import { ColdChainConfigService } from './cold-chain-config.service';
import { ColdChainRowWriter } from './cold-chain-rows';
import { ColdChainVehicleStateRow } from './cold-chain.entities';
import { activeTypes, applySample, emptyColdChainState, type ColdChainVehicleState, type ExcursionChange } from './excursion-detector';
import { decodeProbes } from './probe-decoder';

/** The consumer group: members share the vehicles (partitions of tracking.position.v1, keyed by terminal). */
export const COLD_CHAIN_GROUP = 'industry-cold-chain';

/** Default level of each alarm the cold chain raises; a company's alarm-type configuration may change it. */
export const COLD_CHAIN_ALARM_LEVELS: Record<ColdChainAlarmType, AlarmLevelCode> = {
  coldChainTooWarm: AlarmLevel.INTERMEDIATE,
  coldChainTooCold: AlarmLevel.INTERMEDIATE,
  coldChainHumidity: AlarmLevel.ORDINARY,
  coldChainDoorOpenMoving: AlarmLevel.INTERMEDIATE,
  coldChainDoorOpenTooLong: AlarmLevel.ORDINARY,
};

export const SAMPLE_COLUMNS = ['vehicle_id', 'at', 'acc_on', 'speed_kmh', 'latitude', 'longitude', 'reading'];
const LATEST_COLUMNS = ['vehicle_id', 'plate_code', 'company_id', 'company_path', 'fleet_path', 'at', 'reading', 'latitude', 'longitude', 'speed_kmh', 'active', 'profile_id'];
const EXCURSION_COLUMNS = ['event_key', 'vehicle_id', 'plate_code', 'company_id', 'company_path', 'fleet_path', 'type', 'probe', 'started_at', 'ended_at', 'extreme', 'latitude', 'longitude'];

const eventKeyOf = (vehicleId: string, change: ExcursionChange) => `${vehicleId}:${change.type}:${change.startedAt}`;

/**
 * Cold-chain vehicles' positions (tracking.position.v1) through their profile's decoder and the
 * excursion detector: samples for curves and reports, each vehicle's latest values, excursions,
 * and their alarms on alarm.detected.v1 (source coldChain; start and end under one event id). The
 * detector's state per vehicle lives in memory, is written with each batch and reloaded on
 * assignment, like the fuel ledger's. Vehicles without cold-chain settings are skipped at once.
 */
@Injectable()
export class ColdChainConsumer extends BusConsumer {
  /** Per vehicle; a failed batch's vehicles are read again from their stored states before the batch is handed again. */
  private readonly states = new BatchStates<ColdChainVehicleState>(async (vehicleIds) => new Map((await findByKeys(this.stored, 'vehicleId', vehicleIds)).map((row) => [row.vehicleId, JSON.parse(row.state) as ColdChainVehicleState])));
  private readonly rows: ColdChainRowWriter;

  constructor(
    @InjectRepository(ColdChainVehicleStateRow, 'industry') private readonly stored: Repository<ColdChainVehicleStateRow>,
    @InjectDataSource('industry') dataSource: DataSource,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    private readonly config: ColdChainConfigService,
  ) {
    super();
    this.rows = new ColdChainRowWriter(dataSource);
  }

  protected consumes() {
    return [
      consume(Topics.position, {
        group: COLD_CHAIN_GROUP,
        fromBeginning: false,
        maxBatchSize: 5000,
        handle: (messages) => this.handle(messages),
        onAssigned: (owns) => this.load(owns),
      }),
    ];
  }

  /** Keeps the states of the vehicles this member owns now (their terminal is the partition key). */
  async load(owns: (key: string) => boolean): Promise<void> {
    this.states.clear();
    for (const row of await this.stored.find()) {
      const phone = this.registry.byVehicleId(row.vehicleId)?.terminalPhone;
      if (!phone || owns(canonicalTerminalPhone(phone))) this.states.set(row.vehicleId, JSON.parse(row.state) as ColdChainVehicleState);
    }
  }

  async handle(messages: DeliveredMessage<Position>[]): Promise<void> {
    await this.config.refreshIfStale();
    await this.states.update((vehicleStates) => this.applyAndStore(messages, vehicleStates));
  }

  private async applyAndStore(messages: DeliveredMessage<Position>[], vehicleStates: BatchUpdate<ColdChainVehicleState>): Promise<void> {
    const batch = { samples: [] as RowValue[][], latest: new Map<string, RowValue[]>(), changes: [] as { vehicle: VehicleRegistryEntry; change: ExcursionChange }[], touched: new Set<string>() };
    const positions = messages.map((m) => m.value).sort((a, b) => a.gpsTimeS - b.gpsTimeS);
    for (const position of positions) {
      const vehicle = position.vehicleId ? this.registry.byVehicleId(position.vehicleId) : this.registry.byTerminalPhone(canonicalTerminalPhone(position.terminalPhone));
      const configured = vehicle && this.config.forVehicle(vehicle.vehicleId);
      if (!vehicle || !configured) continue;
      const reading = decodeProbes(position, configured.profile);
      if (!reading) continue;
      let state = vehicleStates.get(vehicle.vehicleId);
      if (!state) vehicleStates.set(vehicle.vehicleId, (state = emptyColdChainState()));
      const at = position.gpsTimeS * 1000;
      // Not newer than the last: a redelivery or a late blind-area report, already counted or too late to alarm on.
      if (at <= state.lastAt) continue;
      const sample = { at, reading, speedKmh: position.speedDkmh / 10, latitude: position.latitudeE6 / 1e6, longitude: position.longitudeE6 / 1e6 };
      for (const change of applySample(state, sample, configured.settings)) batch.changes.push({ vehicle, change });
      const readingJson = JSON.stringify(reading);
      batch.samples.push([vehicle.vehicleId, at, position.statusFlags & 1, sample.speedKmh, sample.latitude, sample.longitude, readingJson]);
      batch.latest.set(vehicle.vehicleId, [vehicle.vehicleId, vehicle.plateCode, vehicle.companyId, pathOf(vehicle.companyPath.map(String)), pathOf(vehicle.fleetPath.map(String)), at, readingJson, sample.latitude, sample.longitude, sample.speedKmh, JSON.stringify(activeTypes(state)), configured.profile.profileId]);
      batch.touched.add(vehicle.vehicleId);
    }
    // Excursions and their alarms first, then the rows, the states last: a crash in between replays the batch harmlessly.
    if (batch.changes.length) {
      await this.rows.excursions(EXCURSION_COLUMNS, batch.changes.map(excursionRow));
      await this.bus.publish(Topics.alarmDetected, batch.changes.map(({ vehicle, change }) => ({ key: vehicle.vehicleId, value: alarmOf(vehicle, change) })));
    }
    await this.rows.insertNew('cold_chain_sample', SAMPLE_COLUMNS, batch.samples);
    await this.rows.upsert('cold_chain_latest', ['vehicle_id'], LATEST_COLUMNS, [...batch.latest.values()]);
    const now = Date.now();
    await this.rows.upsert('cold_chain_vehicle_state', ['vehicle_id'], ['vehicle_id', 'state', 'updated_at'], [...batch.touched].map((vehicleId) => [vehicleId, JSON.stringify(vehicleStates.get(vehicleId)), now]));
  }
}

function excursionRow({ vehicle, change }: { vehicle: VehicleRegistryEntry; change: ExcursionChange }): RowValue[] {
  return [eventKeyOf(vehicle.vehicleId, change), vehicle.vehicleId, vehicle.plateCode, vehicle.companyId, pathOf(vehicle.companyPath.map(String)), pathOf(vehicle.fleetPath.map(String)), change.type, change.probe, change.startedAt, change.endedAt, change.extreme, change.latitude, change.longitude];
}

function alarmOf(vehicle: VehicleRegistryEntry, change: ExcursionChange): DetectedAlarmEvent {
  return {
    eventId: `coldChain:${eventKeyOf(vehicle.vehicleId, change)}`,
    phase: change.phase,
    vehicleId: vehicle.vehicleId,
    source: 'coldChain',
    type: change.type,
    level: COLD_CHAIN_ALARM_LEVELS[change.type],
    startedAt: change.startedAt,
    at: change.endedAt ?? change.startedAt,
    latitude: change.latitude,
    longitude: change.longitude,
    speedKmh: change.speedKmh,
    detail: { probe: change.probe, extreme: change.extreme },
  };
}
