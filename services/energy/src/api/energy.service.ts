import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { BatterySeries, BatteryState } from '@openfleet/contracts';
import { queryWindow } from '@openfleet/service-kit';
import { decodeRealtime, type RealtimeUnit } from '@openfleet/gb32960';
import { In, type Repository } from 'typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import { EnergyReportRow } from '../storage/energy-report.entity';
import { EnergyVehicleState } from '../storage/energy-vehicle-state.entity';

const MAX_DAYS = 7;
const MAX_STATES = 500;

/** The latest report of a vehicle: the series columns and every unit decoded. */
export type LatestReport = Omit<EnergyReportRow, 'data'> & { units: RealtimeUnit[] };

/** The battery data of a vehicle in the caller's scope: the latest report and the history for the charts. */
@Injectable()
export class EnergyService {
  constructor(
    @InjectRepository(EnergyReportRow, 'energy') private readonly reports: Repository<EnergyReportRow>,
    @InjectRepository(EnergyVehicleState, 'energy') private readonly states: Repository<EnergyVehicleState>,
    private readonly registry: VehicleRegistry,
  ) {}

  async latest(user: AuthUser, vehicleId: string): Promise<LatestReport | null> {
    this.registry.inScope(user, vehicleId);
    const state = await this.states.findOne({ where: { vehicleId }, order: { collectedAt: 'DESC' } });
    const row = state && (await this.reports.findOneBy({ vin: state.vin, collectedAt: state.collectedAt }));
    if (!row) return null;
    const { data, ...series } = row;
    return { ...series, units: decodeRealtime(Buffer.from(data, 'base64')).units };
  }

  /** The battery state of those of `vehicleIds` in the caller's scope that report over GB/T 32960. */
  async batteryStates(user: AuthUser, vehicleIds: string[]): Promise<BatteryState[]> {
    const visible = [...new Set(vehicleIds)].slice(0, MAX_STATES).filter((id) => this.registry.visibleTo(user, id));
    if (!visible.length) return [];
    const rows = await this.states.findBy({ vehicleId: In(visible) });
    return rows.map((r) => ({ vehicleId: r.vehicleId, vin: r.vin, collectedAt: r.collectedAt, soc: r.soc, chargeState: r.chargeState, voltage: r.voltage, current: r.current, alarmLevel: r.alarmLevel, openAlarms: Object.keys(r.openAlarms ?? {}) }));
  }

  async history(user: AuthUser, vehicleId: string, startTime: string, endTime: string): Promise<BatterySeries> {
    this.registry.inScope(user, vehicleId);
    const { startS, endS } = queryWindow(startTime, endTime, MAX_DAYS);
    const rows = await this.reports
      .createQueryBuilder('r')
      .select(['r.collectedAt', 'r.soc', 'r.speed', 'r.maxCellV', 'r.maxCellNo', 'r.minCellV', 'r.minCellNo', 'r.maxTemp', 'r.maxTempProbe', 'r.minTemp', 'r.minTempProbe'])
      .where('r.vehicle_id = :vehicleId AND r.collected_at BETWEEN :from AND :to', { vehicleId, from: startS * 1000, to: endS * 1000 + 999 })
      .orderBy('r.collected_at', 'ASC')
      .getMany();
    return {
      t: rows.map((r) => r.collectedAt),
      soc: rows.map((r) => r.soc),
      speed: rows.map((r) => r.speed),
      maxVoltages: rows.map((r) => r.maxCellV),
      maxVoltageNums: rows.map((r) => r.maxCellNo),
      minVoltas: rows.map((r) => r.minCellV),
      minVoltagNums: rows.map((r) => r.minCellNo),
      maxTemps: rows.map((r) => r.maxTemp),
      maxTempProbeNums: rows.map((r) => r.maxTempProbe),
      minTemps: rows.map((r) => r.minTemp),
      minTempProbeNums: rows.map((r) => r.minTempProbe),
    };
  }
}
