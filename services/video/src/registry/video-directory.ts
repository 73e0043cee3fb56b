import { Injectable } from '@nestjs/common';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import { canonicalTerminalPhone, type VehicleRegistryEntry } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';

/** A vehicle that can stream: its canonical terminal phone and its video channel count. */
export interface VideoTarget {
  vehicle: VehicleRegistryEntry;
  terminalPhone: string;
  /** The SIM field of the media packets: BCD[6] (12 digits) before 2019, BCD[10] (20 digits) for 2019 terminals. */
  simDigits: 12 | 20;
  videoChannels: number;
  online: boolean;
}

/**
 * The video service's view of vehicles as video sources (video channels, SIM width), over its
 * `VehicleRegistry` (admin's vehicle and terminal registries, tracking's vehicle state): no follower of its own.
 */
@Injectable()
export class VideoDirectory {
  constructor(readonly vehicles: VehicleRegistry) {}

  isOnline(terminalPhone: string): boolean {
    return this.vehicles.isOnline(terminalPhone);
  }

  /** The vehicle if the caller may see it, else 8002 (the same answer as for a vehicle that does not exist). */
  vehicleInScope(user: AuthUser, vehicleId: string): VehicleRegistryEntry {
    return this.vehicles.inScope(user, vehicleId);
  }

  /** The vehicle as a video source; 2010 when its terminal has no video channels. */
  target(user: AuthUser, vehicleId: string): VideoTarget {
    const vehicle = this.vehicleInScope(user, vehicleId);
    const target = this.targetOf(vehicle);
    if (!target) throw new AppError(ErrorCode.VIDEO_NOT_EQUIPPED, { data: vehicleId });
    return target;
  }

  /** The vehicle's video side, or undefined when it has no terminal with video channels. */
  targetOf(vehicle: VehicleRegistryEntry): VideoTarget | undefined {
    if (!vehicle.terminalPhone) return undefined;
    const terminalPhone = canonicalTerminalPhone(vehicle.terminalPhone);
    const terminal = this.vehicles.terminalOf(terminalPhone);
    const videoChannels = terminal?.videoChannels ?? 0;
    if (!terminal || videoChannels <= 0) return undefined;
    return { vehicle, terminalPhone, simDigits: terminal.protocolVersion === '2019' ? 20 : 12, videoChannels, online: this.isOnline(terminalPhone) };
  }

  /** The vehicle whose terminal streams with this SIM (media packets carry it zero-padded). */
  vehicleBySim(sim: string): VehicleRegistryEntry | undefined {
    const terminal = this.vehicles.terminalOf(sim);
    return terminal?.vehicleId ? this.vehicles.byVehicleId(terminal.vehicleId) : undefined;
  }
}
