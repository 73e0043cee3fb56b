import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { Topics, VehicleRegistryView } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { pathOf } from '@openfleet/storage';

/** Vehicles with plates and company paths, from admin's registry snapshot (never admin's tables). */
@Injectable()
export class ForwarderVehicleRegistry extends VehicleRegistryView implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {
    super();
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await followSnapshotTopic(this.bus, Topics.vehicleRegistry, 'forwarder-809-vehicle-registry', (entry) => this.apply(entry));
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** A company's path `/root/…/id/` as its vehicles carry it; `/id/` when none of its vehicles is known. */
  companyPathOf(companyId: string): string {
    for (const vehicle of this.all()) {
      const at = vehicle.companyPath.map(String).indexOf(companyId);
      if (at >= 0) return pathOf(vehicle.companyPath.slice(0, at + 1).map(String));
    }
    return pathOf([companyId]);
  }

  /** The vehicle by plate and colour, as a superior names it. */
  byPlate(plate: string, color: number) {
    for (const vehicle of this.all()) if (vehicle.plateCode === plate && (!color || vehicle.plateColor === color)) return vehicle;
    return undefined;
  }
}
