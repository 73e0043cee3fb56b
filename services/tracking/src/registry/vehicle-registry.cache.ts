import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { Topics, VehicleRegistryView } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';

/**
 * Vehicles with their company/fleet paths and plates, from admin's compacted registry topic
 * (never admin's tables). Every process reads the whole topic in its own group.
 */
@Injectable()
export class VehicleRegistryCache extends VehicleRegistryView implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {
    super();
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await followSnapshotTopic(this.bus, Topics.vehicleRegistry, 'tracking-vehicle-registry', (entry) => this.apply(entry));
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
