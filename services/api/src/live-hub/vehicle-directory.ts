import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { Topics, VehicleRegistryView } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';

/** Where each vehicle sits (company and fleet paths), from the compacted vehicle registry topic. */
@Injectable()
export class VehicleDirectory extends VehicleRegistryView implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {
    super();
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await followSnapshotTopic(this.bus, Topics.vehicleRegistry, 'api-vehicle-directory', (entry) => this.apply(entry));
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
