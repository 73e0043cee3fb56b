import type { VehicleRegistryEntry } from '../events/registry';

/**
 * In-memory view of the vehicle registry snapshot (admin.vehicle-registry.v1), by vehicle and by
 * terminal phone. Records are applied in any order: an older record never overwrites a newer one.
 */
export class VehicleRegistryView {
  private readonly byVehicle = new Map<string, VehicleRegistryEntry>();
  private readonly byTerminal = new Map<string, VehicleRegistryEntry>();

  apply(entry: VehicleRegistryEntry): void {
    const previous = this.byVehicle.get(entry.vehicleId);
    if (previous && previous.updatedAt > entry.updatedAt) return;
    // Only drop the phone's entry if it still points at this vehicle (the phone may have moved on).
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

  /** The vehicle an event is about: by vehicle id when the event carries one, else by terminal phone. */
  find(ref: { vehicleId?: string; terminalPhone?: string }): VehicleRegistryEntry | undefined {
    return (ref.vehicleId ? this.byVehicle.get(ref.vehicleId) : undefined) ?? (ref.terminalPhone ? this.byTerminal.get(ref.terminalPhone) : undefined);
  }

  all(): IterableIterator<VehicleRegistryEntry> {
    return this.byVehicle.values();
  }

  get size(): number {
    return this.byVehicle.size;
  }
}
