import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EventBus, Subscription } from '@openfleet/bus';
import { Topics, type VehicleRegistryEntry } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';

/** Where each vehicle sits (company and fleet paths), from the compacted vehicle registry topic. */
@Injectable()
export class VehicleDirectory implements OnModuleInit, OnModuleDestroy {
  private readonly byVehicle = new Map<string, VehicleRegistryEntry>();
  private readonly byTerminal = new Map<string, VehicleRegistryEntry>();
  private subscription?: Subscription;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(Topics.vehicleRegistry, {
      group: `api-vehicle-directory-${randomUUID()}`,
      fromBeginning: true,
      handle: async (messages) => messages.forEach((message) => this.apply(message.value)),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  apply(entry: VehicleRegistryEntry): void {
    const previous = this.byVehicle.get(entry.vehicleId);
    if (previous && previous.updatedAt > entry.updatedAt) return;
    if (previous?.terminalPhone) this.byTerminal.delete(previous.terminalPhone);
    if (entry.deleted) {
      this.byVehicle.delete(entry.vehicleId);
      return;
    }
    this.byVehicle.set(entry.vehicleId, entry);
    if (entry.terminalPhone) this.byTerminal.set(entry.terminalPhone, entry);
  }

  /** The vehicle an event is about: by vehicle id when the event carries one, else by terminal phone. */
  find(ref: { vehicleId?: string; terminalPhone?: string }): VehicleRegistryEntry | undefined {
    return (ref.vehicleId ? this.byVehicle.get(ref.vehicleId) : undefined) ?? (ref.terminalPhone ? this.byTerminal.get(ref.terminalPhone) : undefined);
  }
}
