import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { inScope, type AuthUser } from '@openfleet/auth';
import { followSnapshotTopic, type EventBus, type Subscription } from '@openfleet/bus';
import { canonicalTerminalPhone, TerminalRegistryView, Topics, VehicleRegistryView, type Edition, type TerminalRegistryEntry, type VehicleRegistryEntry, type VehicleStateEvent } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { EVENT_BUS } from '@openfleet/service-kit';

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
 * What the instruction service knows of vehicles and terminals, from snapshot topics only (never
 * another service's tables): admin's vehicle and terminal registries and tracking's vehicle state
 * (online or not). Every instance follows every snapshot in a group of its own.
 */
@Injectable()
export class TerminalDirectory implements OnModuleInit, OnModuleDestroy {
  readonly vehicles = new VehicleRegistryView();
  private readonly terminals = new TerminalRegistryView();
  private readonly states = new Map<string, VehicleStateEvent>();
  private readonly subscriptions: Subscription[] = [];
  /** Called when a terminal comes online (queued orders go out). */
  onOnline?: (terminalPhone: string) => void;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async onModuleInit(): Promise<void> {
    this.subscriptions.push(
      await followSnapshotTopic(this.bus, Topics.vehicleRegistry, 'instruction-vehicle-registry', (entry) => this.vehicles.apply(entry)),
      await followSnapshotTopic(this.bus, Topics.terminalRegistry, 'instruction-terminal-registry', (entry) => this.applyTerminal(entry)),
      await followSnapshotTopic(this.bus, Topics.vehicleState, 'instruction-vehicle-state', (state) => this.applyState(state)),
    );
  }

  applyState(state: VehicleStateEvent): void {
    const key = canonicalTerminalPhone(state.terminalPhone);
    const previous = this.states.get(key);
    if (previous && previous.updatedAt > state.updatedAt) return;
    this.states.set(key, state);
    if (state.vehicleStatus === 1 && previous?.vehicleStatus !== 1) this.onOnline?.(key);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.subscriptions.map((subscription) => subscription.close()));
  }

  applyTerminal(entry: TerminalRegistryEntry): void {
    this.terminals.apply(entry);
  }

  isOnline(terminalPhone: string): boolean {
    return this.states.get(canonicalTerminalPhone(terminalPhone))?.vehicleStatus === 1;
  }

  /** The vehicle's latest state as tracking last published it (speed, status), if any. */
  stateOf(terminalPhone: string): VehicleStateEvent | undefined {
    return this.states.get(canonicalTerminalPhone(terminalPhone));
  }

  /** The vehicle if the caller may see it, else 8002 (the same answer as for a vehicle that does not exist). */
  vehicleInScope(user: AuthUser, vehicleId: string): VehicleRegistryEntry {
    const vehicle = this.vehicles.byVehicleId(vehicleId);
    if (!vehicle || !inScope(user, vehicle)) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: vehicleId });
    return vehicle;
  }

  /**
   * The vehicle as a command target, or the refusal an operator should read: 8002 not visible,
   * 7108 no SIM (no terminal phone), 7107 the terminal is not bound to a protocol edition.
   */
  target(user: AuthUser, vehicleId: string): CommandTarget {
    const vehicle = this.vehicleInScope(user, vehicleId);
    if (!vehicle.terminalPhone) throw new AppError(ErrorCode.SIM_MISSING, { data: vehicleId });
    const terminalPhone = canonicalTerminalPhone(vehicle.terminalPhone);
    const terminal = this.terminals.byTerminalPhone(terminalPhone);
    const edition = terminal?.protocolVersion ?? '';
    if (terminal && !EDITIONS.has(edition)) throw new AppError(ErrorCode.DEVICE_NOT_BOUND_TO_PROTOCOL, { data: vehicleId });
    return { vehicle, terminalPhone, edition: edition as Edition | '', online: this.isOnline(terminalPhone) };
  }
}
