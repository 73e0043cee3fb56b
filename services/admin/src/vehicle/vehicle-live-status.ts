import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { Topics, type VehicleStateEvent } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';

/**
 * Online state and display status of each vehicle, from the tracking service's compacted
 * `tracking.vehicle-state.v1` topic (never tracking's tables), for the vehicle tree's icons and counts.
 */
@Injectable()
export class VehicleLiveStatus implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly byVehicle = new Map<string, VehicleStateEvent>();
  private subscription?: Subscription;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await followSnapshotTopic(this.bus, Topics.vehicleState, 'admin-vehicle-state', (state) => this.apply(state));
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  apply(state: VehicleStateEvent): void {
    if (!state.vehicleId) return;
    const previous = this.byVehicle.get(state.vehicleId);
    if (previous && previous.updatedAt > state.updatedAt) return;
    this.byVehicle.set(state.vehicleId, state);
  }

  /** The latest state of a vehicle with a terminal; undefined when tracking has not seen it. */
  of(vehicleId: string): VehicleStateEvent | undefined {
    return this.byVehicle.get(vehicleId);
  }
}
