import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { inScope, type AuthUser } from '@openfleet/auth';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { canonicalTerminalPhone, TerminalRegistryView, Topics, VehicleRegistryView, type TerminalRegistryEntry, type VehicleRegistryEntry, type VehicleStateEvent } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { EVENT_BUS } from '@openfleet/service-kit';

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
 * What the video service knows of vehicles and terminals, from snapshot topics only: admin's
 * vehicle and terminal registries (scope, terminal phone, video channel count) and tracking's
 * vehicle state (online). Every instance follows every snapshot in a group of its own.
 */
@Injectable()
export class VideoDirectory implements OnModuleInit, OnModuleDestroy {
  readonly vehicles = new VehicleRegistryView();
  private readonly terminals = new TerminalRegistryView();
  private readonly states = new Map<string, VehicleStateEvent>();
  private readonly subscriptions: Subscription[] = [];

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async onModuleInit(): Promise<void> {
    this.subscriptions.push(
      await followSnapshotTopic(this.bus, Topics.vehicleRegistry, 'video-vehicle-registry', (entry) => this.vehicles.apply(entry)),
      await followSnapshotTopic(this.bus, Topics.terminalRegistry, 'video-terminal-registry', (entry) => this.applyTerminal(entry)),
      await followSnapshotTopic(this.bus, Topics.vehicleState, 'video-vehicle-state', (state) => this.applyState(state)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.subscriptions.map((subscription) => subscription.close()));
  }

  applyTerminal(entry: TerminalRegistryEntry): void {
    this.terminals.apply(entry);
  }

  applyState(state: VehicleStateEvent): void {
    const key = canonicalTerminalPhone(state.terminalPhone);
    const previous = this.states.get(key);
    if (!previous || previous.updatedAt <= state.updatedAt) this.states.set(key, state);
  }

  isOnline(terminalPhone: string): boolean {
    return this.states.get(canonicalTerminalPhone(terminalPhone))?.vehicleStatus === 1;
  }

  /** The vehicle if the caller may see it, else 8002 (the same answer as for a vehicle that does not exist). */
  vehicleInScope(user: AuthUser, vehicleId: string): VehicleRegistryEntry {
    const vehicle = this.vehicles.byVehicleId(vehicleId);
    if (!vehicle || !inScope(user, vehicle)) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: vehicleId });
    return vehicle;
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
    const terminal = this.terminals.byTerminalPhone(terminalPhone);
    const videoChannels = terminal?.videoChannels ?? 0;
    if (!terminal || videoChannels <= 0) return undefined;
    return { vehicle, terminalPhone, simDigits: terminal.protocolVersion === '2019' ? 20 : 12, videoChannels, online: this.isOnline(terminalPhone) };
  }

  /** The vehicle whose terminal streams with this SIM (media packets carry it zero-padded). */
  vehicleBySim(sim: string): VehicleRegistryEntry | undefined {
    const terminal = this.terminals.byTerminalPhone(canonicalTerminalPhone(sim));
    return terminal?.vehicleId ? this.vehicles.byVehicleId(terminal.vehicleId) : undefined;
  }
}
