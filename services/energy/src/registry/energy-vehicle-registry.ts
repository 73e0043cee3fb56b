import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { Topics, VehicleRegistryView, type VehicleRegistryEntry } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';

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
}
