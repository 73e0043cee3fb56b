import type { VehicleRegistryEntry } from '../events/registry';
import { canonicalTerminalPhone } from '../terminal-phone';

/**
 * In-memory view of the vehicle registry snapshot (admin.vehicle-registry.v1), by vehicle and by
 * terminal phone (in its canonical form, so header and registry spellings of a SIM number match).
 * Records are applied in any order: an older record never overwrites a newer one.
 */
export class VehicleRegistryView {
  private readonly byVehicle = new Map<string, VehicleRegistryEntry>();
  private readonly byTerminal = new Map<string, VehicleRegistryEntry>();

  apply(entry: VehicleRegistryEntry): void {
    const previous = this.byVehicle.get(entry.vehicleId);
    if (previous && previous.updatedAt > entry.updatedAt) return;
    // Only drop the phone's entry if it still points at this vehicle (the phone may have moved on).
    if (previous?.terminalPhone) {
      const previousKey = canonicalTerminalPhone(previous.terminalPhone);
      if (this.byTerminal.get(previousKey) === previous) this.byTerminal.delete(previousKey);
    }
    if (entry.deleted) {
      this.byVehicle.delete(entry.vehicleId);
      return;
    }
    this.byVehicle.set(entry.vehicleId, entry);
    if (entry.terminalPhone) this.byTerminal.set(canonicalTerminalPhone(entry.terminalPhone), entry);
  }

  byVehicleId(vehicleId: string): VehicleRegistryEntry | undefined {
    return this.byVehicle.get(vehicleId);
  }

  byTerminalPhone(terminalPhone: string): VehicleRegistryEntry | undefined {
    return this.byTerminal.get(canonicalTerminalPhone(terminalPhone));
  }

  /** The vehicle an event is about: by vehicle id when the event carries one, else by terminal phone. */
  find(ref: { vehicleId?: string; terminalPhone?: string }): VehicleRegistryEntry | undefined {
    return (ref.vehicleId ? this.byVehicle.get(ref.vehicleId) : undefined) ?? (ref.terminalPhone ? this.byTerminalPhone(ref.terminalPhone) : undefined);
  }

  /**
   * `/root/.../companyId/` as the registry's vehicles know it (their company paths); `/companyId/`
   * for a company with no vehicle yet. For rows that belong to a company rather than a vehicle.
   */
  companyPathOf(companyId: string): string {
    for (const vehicle of this.byVehicle.values()) {
      const path = vehicle.companyPath.map(String);
      const at = path.indexOf(companyId);
      if (at >= 0) return `/${path.slice(0, at + 1).join('/')}/`;
    }
    return `/${companyId}/`;
  }

  all(): IterableIterator<VehicleRegistryEntry> {
    return this.byVehicle.values();
  }

  get size(): number {
    return this.byVehicle.size;
  }
}
