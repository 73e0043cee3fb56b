import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { Topics, VehicleRegistryView, type VehicleRegistryEntry } from '@openfleet/contracts';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { EVENT_BUS } from '@openfleet/service-kit';
import { pathOf, rowInScope } from '@openfleet/storage';

/** Vehicles by VIN (GB/T 32960 names a vehicle by its VIN), from admin's registry snapshot. */
@Injectable()
export class EnergyVehicleRegistry extends VehicleRegistryView implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;
  private readonly byVinMap = new Map<string, VehicleRegistryEntry>();

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {
    super();
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await followSnapshotTopic(this.bus, Topics.vehicleRegistry, 'energy-vehicle-registry', (entry) => {
      const previous = this.byVehicleId(entry.vehicleId);
      this.apply(entry);
      if (previous?.vin && this.byVinMap.get(previous.vin.toUpperCase()) === previous) this.byVinMap.delete(previous.vin.toUpperCase());
      const current = this.byVehicleId(entry.vehicleId);
      if (current?.vin) this.byVinMap.set(current.vin.toUpperCase(), current);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  byVin(vin: string): VehicleRegistryEntry | undefined {
    return this.byVinMap.get(vin.toUpperCase());
  }

  /** The vehicle when it is in the caller's company and fleet scope, else undefined. */
  visibleTo(user: AuthUser, vehicleId: string): VehicleRegistryEntry | undefined {
    const vehicle = this.byVehicleId(vehicleId);
    return vehicle && rowInScope(user, { companyPath: pathOf(vehicle.companyPath.map(String)), fleetPath: pathOf(vehicle.fleetPath.map(String)) }) ? vehicle : undefined;
  }

  /** The vehicle in the caller's scope; VEHICLE_NOT_FOUND for any other, so ids outside it reveal nothing. */
  inScope(user: AuthUser, vehicleId: string): VehicleRegistryEntry {
    const vehicle = this.visibleTo(user, vehicleId);
    if (!vehicle) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: vehicleId });
    return vehicle;
  }
}
