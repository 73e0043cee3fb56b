import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { Topics, VehicleRegistryView } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';

/** Vehicles with their company and fleet paths, from admin's compacted registry topic (never admin's tables). */
@Injectable()
export class FenceVehicleRegistry extends VehicleRegistryView implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;
  /** Called when a vehicle's fleet or terminal changes (fleet bindings reach new vehicles). */
  onChange?: () => void;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {
    super();
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await followSnapshotTopic(this.bus, Topics.vehicleRegistry, 'fence-vehicle-registry', (entry) => {
      this.apply(entry);
      this.onChange?.();
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
