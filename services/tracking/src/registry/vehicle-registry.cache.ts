import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EventBus, Subscription } from '@openfleet/bus';
import { Topics, type VehicleRegistryEntry } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';

/**
 * Vehicles with their company/fleet paths and plates, from admin's compacted registry topic
 * (never admin's tables). Every process reads the whole topic in its own group.
 */
@Injectable()
export class VehicleRegistryCache implements OnModuleInit, OnModuleDestroy {
  private readonly byVehicle = new Map<string, VehicleRegistryEntry>();
  private readonly byTerminal = new Map<string, VehicleRegistryEntry>();
  private subscription?: Subscription;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(Topics.vehicleRegistry, {
      group: `tracking-vehicle-registry-${randomUUID()}`,
      fromBeginning: true,
      handle: async (messages) => messages.forEach((message) => this.apply(message.value)),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** Applies one snapshot record; an older record never overwrites a newer one. */
  apply(entry: VehicleRegistryEntry): void {
    const previous = this.byVehicle.get(entry.vehicleId);
    if (previous && previous.updatedAt > entry.updatedAt) return;
    if (previous?.terminalPhone && this.byTerminal.get(previous.terminalPhone) === previous) this.byTerminal.delete(previous.terminalPhone);
    if (entry.deleted) {
      this.byVehicle.delete(entry.vehicleId);
      return;
    }
    this.byVehicle.set(entry.vehicleId, entry);
    if (entry.terminalPhone) this.byTerminal.set(entry.terminalPhone, entry);
  }

  byVehicleId(vehicleId: string): VehicleRegistryEntry | undefined {
    return this.byVehicle.get(vehicleId);
  }

  byTerminalPhone(terminalPhone: string): VehicleRegistryEntry | undefined {
    return this.byTerminal.get(terminalPhone);
  }

  all(): IterableIterator<VehicleRegistryEntry> {
    return this.byVehicle.values();
  }

  get size(): number {
    return this.byVehicle.size;
  }
}
