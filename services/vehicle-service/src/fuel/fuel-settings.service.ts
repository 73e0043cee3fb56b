import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_FUEL_THRESHOLDS, type FuelSettingsView, type FuelThresholds, type VehicleRegistryEntry } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { FuelSettingsRow } from './fuel.entities';

/** Settings stored elsewhere (another instance's PUT) are seen within this long. */
const RELOAD_MS = 60_000;

const keyOf = (companyId: string, vehicleType: number) => `${companyId}:${vehicleType}`;

/**
 * Detection thresholds per company and vehicle type. A vehicle takes the nearest company up its
 * path that stored some, for its own type first, then for any type (0); else the defaults.
 */
@Injectable()
export class FuelSettingsService implements OnModuleInit {
  private stored = new Map<string, FuelThresholds>();
  private loadedAt = 0;

  constructor(@InjectRepository(FuelSettingsRow, 'vehicle_service') private readonly rows: Repository<FuelSettingsRow>) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
  }

  async reload(): Promise<void> {
    const rows = await this.rows.find();
    this.stored = new Map(rows.map((row) => [keyOf(row.companyId, row.vehicleType), { ...DEFAULT_FUEL_THRESHOLDS, ...(row.thresholds as Partial<FuelThresholds>) }]));
    this.loadedAt = Date.now();
  }

  /** Refreshes from the table when stale; the ledger calls it once per batch. */
  async refreshIfStale(now = Date.now()): Promise<void> {
    if (now - this.loadedAt >= RELOAD_MS) await this.reload();
  }

  /** The thresholds that apply to a vehicle. */
  forVehicle(vehicle: Pick<VehicleRegistryEntry, 'companyPath' | 'vehicleType'> | undefined): FuelThresholds {
    if (!vehicle || !this.stored.size) return DEFAULT_FUEL_THRESHOLDS;
    const type = vehicle.vehicleType ?? 0;
    for (let i = vehicle.companyPath.length - 1; i >= 0; i--) {
      const companyId = String(vehicle.companyPath[i]);
      const found = (type && this.stored.get(keyOf(companyId, type))) || this.stored.get(keyOf(companyId, 0));
      if (found) return found;
    }
    return DEFAULT_FUEL_THRESHOLDS;
  }

  /** What a company stored for a type, or the defaults (stored: false). The caller checked the company's scope. */
  view(companyId: string, vehicleType: number): FuelSettingsView {
    const found = this.stored.get(keyOf(companyId, vehicleType));
    return { ...(found ?? DEFAULT_FUEL_THRESHOLDS), companyId, vehicleType, stored: !!found };
  }

  async save(companyId: string, vehicleType: number, thresholds: FuelThresholds): Promise<FuelSettingsView> {
    if (thresholds.medianSamples % 2 === 0) throw new AppError(ErrorCode.FUEL_SETTINGS_INVALID, { data: { field: 'medianSamples', reason: 'odd' } });
    const values: FuelThresholds = { ...DEFAULT_FUEL_THRESHOLDS };
    for (const key of Object.keys(DEFAULT_FUEL_THRESHOLDS) as (keyof FuelThresholds)[]) values[key] = thresholds[key];
    await this.rows.upsert({ companyId, vehicleType, thresholds: values, updatedAt: Date.now() }, ['companyId', 'vehicleType']);
    await this.reload();
    return this.view(companyId, vehicleType);
  }

  async remove(companyId: string, vehicleType: number): Promise<void> {
    await this.rows.delete({ companyId, vehicleType });
    await this.reload();
  }
}
