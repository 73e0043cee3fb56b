import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { TerminalRegistryView, Topics, VehicleRegistryView, type TerminalRegistryEntry } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';

/** Vehicles with plates and company paths, from admin's registry snapshot (never admin's tables). */
@Injectable()
export class ForwarderVehicleRegistry extends VehicleRegistryView implements OnModuleInit, OnModuleDestroy {
  private subscriptions: Subscription[] = [];
  private readonly terminals = new TerminalRegistryView();

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {
    super();
  }

  async onModuleInit(): Promise<void> {
    this.subscriptions = [
      await followSnapshotTopic(this.bus, Topics.vehicleRegistry, 'forwarder-809-vehicle-registry', (entry) => this.apply(entry)),
      await followSnapshotTopic(this.bus, Topics.terminalRegistry, 'forwarder-809-terminal-registry', (entry) => this.terminals.apply(entry)),
    ];
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.close()));
  }

  /** The terminal a vehicle's SIM number belongs to (its code and device id for 0x1201). */
  terminalOf(terminalPhone: string): TerminalRegistryEntry | undefined {
    return this.terminals.byTerminalPhone(terminalPhone);
  }

  /** The vehicle by plate and colour, as a superior names it. */
  byPlate(plate: string, color: number) {
    for (const vehicle of this.all()) if (vehicle.plateCode === plate && (!color || vehicle.plateColor === color)) return vehicle;
    return undefined;
  }
}
