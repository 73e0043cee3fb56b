import { Injectable } from '@nestjs/common';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { canonicalTerminalPhone, type Edition, type VehicleRegistryEntry, type VehicleStateEvent } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';

/** A vehicle an order can be addressed to. */
export interface CommandTarget {
  vehicle: VehicleRegistryEntry;
  /** Canonical phone. */
  terminalPhone: string;
  /** The edition the terminal is provisioned with ('' when its terminal is not in the registry). */
  edition: Edition | '';
  online: boolean;
}

const EDITIONS = new Set(['2011', '2013', '2019']);

/**
 * The instruction service's view of vehicles as command targets, over its `VehicleRegistry`
 * (admin's vehicle and terminal registries, tracking's vehicle state): no follower of its own.
 */
@Injectable()
export class TerminalDirectory {
  /** Called when a terminal comes online (queued orders go out). */
  onOnline?: (terminalPhone: string) => void;

  constructor(readonly vehicles: VehicleRegistry) {
    vehicles.onStateChange((state, previous) => {
      if (state.vehicleStatus === 1 && previous?.vehicleStatus !== 1) this.onOnline?.(canonicalTerminalPhone(state.terminalPhone));
    });
  }

  isOnline(terminalPhone: string): boolean {
    return this.vehicles.isOnline(terminalPhone);
  }

  /** The vehicle's latest state as tracking last published it (speed, status), if any. */
  stateOf(terminalPhone: string): VehicleStateEvent | undefined {
    return this.vehicles.stateByTerminalPhone(terminalPhone);
  }

  /** The vehicle if the caller may see it, else 8002 (the same answer as for a vehicle that does not exist). */
  vehicleInScope(user: AuthUser, vehicleId: string): VehicleRegistryEntry {
    return this.vehicles.inScope(user, vehicleId);
  }

  /**
   * The vehicle as a command target, or the refusal an operator should read: 8002 not visible,
   * 7108 no SIM (no terminal phone), 7107 the terminal is not bound to a protocol edition.
   */
  target(user: AuthUser, vehicleId: string): CommandTarget {
    const vehicle = this.vehicleInScope(user, vehicleId);
    if (!vehicle.terminalPhone) throw new AppError(ErrorCode.SIM_MISSING, { data: vehicleId });
    const terminalPhone = canonicalTerminalPhone(vehicle.terminalPhone);
    const terminal = this.vehicles.terminalOf(terminalPhone);
    const edition = terminal?.protocolVersion ?? '';
    if (terminal && !EDITIONS.has(edition)) throw new AppError(ErrorCode.DEVICE_NOT_BOUND_TO_PROTOCOL, { data: vehicleId });
    return { vehicle, terminalPhone, edition: edition as Edition | '', online: this.isOnline(terminalPhone) };
  }
}
