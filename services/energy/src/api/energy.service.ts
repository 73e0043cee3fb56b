import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { queryWindow } from '@openfleet/service-kit';
import { pathOf, rowInScope } from '@openfleet/storage';
import type { Repository } from 'typeorm';
import { EnergyVehicleRegistry } from '../registry/energy-vehicle-registry';
import { EnergyRealtime } from '../storage/energy-realtime.entity';

/** Spec §3 chart series, one array per series, aligned on `t`. */
export interface BatterySeries {
  t: number[];
  soc: (number | null)[];
  speed: (number | null)[];
  maxVoltages: (number | null)[];
  maxVoltageCells: (number | null)[];
  minVoltas: (number | null)[];
  minVoltageCells: (number | null)[];
  maxTemps: (number | null)[];
  maxTempProbes: (number | null)[];
  minTemps: (number | null)[];
  minTempProbes: (number | null)[];
}

const MAX_DAYS = 7;

/** The battery data of a vehicle in the caller's scope: the latest report and the history for the charts. */
@Injectable()
export class EnergyService {
  constructor(
    @InjectRepository(EnergyRealtime, 'energy') private readonly reports: Repository<EnergyRealtime>,
    private readonly registry: EnergyVehicleRegistry,
  ) {}

  private vehicleInScope(user: AuthUser, vehicleId: string) {
    const vehicle = this.registry.byVehicleId(vehicleId);
    if (!vehicle || !rowInScope(user, { companyPath: pathOf(vehicle.companyPath.map(String)), fleetPath: pathOf(vehicle.fleetPath.map(String)) })) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: vehicleId });
    return vehicle;
  }

  async latest(user: AuthUser, vehicleId: string): Promise<EnergyRealtime | null> {
    this.vehicleInScope(user, vehicleId);
    return this.reports.findOne({ where: { vehicleId }, order: { collectedAt: 'DESC' } });
  }

  async history(user: AuthUser, vehicleId: string, startTime: string, endTime: string): Promise<BatterySeries> {
    this.vehicleInScope(user, vehicleId);
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
      maxVoltageCells: rows.map((r) => r.maxCellNo),
      minVoltas: rows.map((r) => r.minCellV),
      minVoltageCells: rows.map((r) => r.minCellNo),
      maxTemps: rows.map((r) => r.maxTemp),
      maxTempProbes: rows.map((r) => r.maxTempProbe),
      minTemps: rows.map((r) => r.minTemp),
      minTempProbes: rows.map((r) => r.minTempProbe),
    };
  }
}
