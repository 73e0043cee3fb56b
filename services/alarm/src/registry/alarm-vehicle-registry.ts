import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { Topics, VehicleRegistryView } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';

/** Vehicles with their plates and company/fleet paths, from admin's registry snapshot (never admin's tables). */
@Injectable()
export class AlarmVehicleRegistry extends VehicleRegistryView implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {
    super();
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await followSnapshotTopic(this.bus, Topics.vehicleRegistry, 'alarm-vehicle-registry', (entry) => this.apply(entry));
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
