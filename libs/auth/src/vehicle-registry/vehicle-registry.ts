import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type SnapshotSubscription } from '@openfleet/bus';
import {
  canonicalTerminalPhone,
  pickPositionSource,
  vinOfLinkKey,
  VinLink,
  TerminalRegistryView,
  Topics,
  VehicleRegistryView,
  type TerminalRegistryEntry,
  type VehicleRegistryEntry,
  type VehicleStateEvent,
} from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { AuthUser } from '../auth-user';
import { inScope } from '../vehicle-scope';

/** What a service follows: admin's vehicle registry (default on), admin's terminal registry, tracking's vehicle state. */
export interface VehicleRegistryOptions {
  /** The service's name: its consumer groups are `<service>-vehicle-registry-<uuid>` and so on. */
  service: string;
  follow?: { vehicles?: boolean; terminals?: boolean; states?: boolean };
}

export type VehicleChangeListener = (current: VehicleRegistryEntry | undefined, previous: VehicleRegistryEntry | undefined) => void;
export type VehicleStateListener = (state: VehicleStateEvent, previous: VehicleStateEvent | undefined) => void;

/**
 * The one follower of another service's vehicle data: admin's vehicle and terminal registries and
 * tracking's vehicle state, from their compacted topics (never their tables). Each service provides
 * its own instance (`vehicleRegistryProvider`), each process reads the whole topics in groups of its own.
 * Records apply in any order: an older record never overwrites a newer one.
 */
export class VehicleRegistry extends VehicleRegistryView implements OnModuleInit, OnModuleDestroy {
  /** Resolves once every followed topic's records present at start have been applied. */
  readonly ready: Promise<void>;
  private markReady!: () => void;
  private readonly terminals = new TerminalRegistryView();
  private readonly vinIndex = new Map<string, VehicleRegistryEntry>();
  /** When each deleted vehicle was deleted: a late older record must not bring it back. */
  private readonly deletedAt = new Map<string, number>();
  private readonly statesByPhone = new Map<string, VehicleStateEvent>();
  /** Per vehicle, the states of its sources (808 terminal, VIN links) by canonical key. */
  private readonly statesByVehicle = new Map<string, Map<string, VehicleStateEvent>>();
  /** The vehicle each source's latest state names (a terminal moved to another vehicle leaves the old one). */
  private readonly vehicleOfSource = new Map<string, string>();
  private readonly vehicleListeners = new Set<VehicleChangeListener>();
  private readonly stateListeners = new Set<VehicleStateListener>();
  private subscriptions: SnapshotSubscription[] = [];

  constructor(
    private readonly bus: EventBus,
    private readonly options: VehicleRegistryOptions,
  ) {
    super();
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  async onModuleInit(): Promise<void> {
    const { service, follow = {} } = this.options;
    const followed = await Promise.all([
      follow.vehicles !== false && followSnapshotTopic(this.bus, Topics.vehicleRegistry, `${service}-vehicle-registry`, (entry) => this.apply(entry)),
      follow.terminals && followSnapshotTopic(this.bus, Topics.terminalRegistry, `${service}-terminal-registry`, (entry) => this.applyTerminal(entry)),
      follow.states && followSnapshotTopic(this.bus, Topics.vehicleState, `${service}-vehicle-state`, (state) => this.applyState(state)),
    ]);
    this.subscriptions = followed.filter((subscription): subscription is SnapshotSubscription => !!subscription);
    void Promise.all(this.subscriptions.map((subscription) => subscription.caughtUp)).then(() => this.markReady());
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.subscriptions.map((subscription) => subscription.close()));
  }

  override apply(entry: VehicleRegistryEntry): void {
    const deletedAt = this.deletedAt.get(entry.vehicleId);
    if (deletedAt !== undefined && deletedAt > entry.updatedAt) return;
    const previous = this.byVehicleId(entry.vehicleId);
    super.apply(entry);
    if (entry.deleted && !(previous && previous.updatedAt > entry.updatedAt)) this.deletedAt.set(entry.vehicleId, entry.updatedAt);
    else if (this.byVehicleId(entry.vehicleId) === entry) this.deletedAt.delete(entry.vehicleId);
    const current = this.byVehicleId(entry.vehicleId);
    if (current === previous) return; // an older record, or a delete of an unknown vehicle
    // Only drop the VIN's entry if it still points at this vehicle (the VIN may have moved on).
    if (previous?.vin && this.vinIndex.get(previous.vin.toUpperCase()) === previous) this.vinIndex.delete(previous.vin.toUpperCase());
    if (current?.vin) this.vinIndex.set(current.vin.toUpperCase(), current);
    for (const listener of this.vehicleListeners) listener(current, previous);
  }

  applyTerminal(entry: TerminalRegistryEntry): void {
    this.terminals.apply(entry);
  }

  applyState(state: VehicleStateEvent): void {
    const key = canonicalTerminalPhone(state.terminalPhone);
    const previous = this.statesByPhone.get(key);
    if (previous && previous.updatedAt > state.updatedAt) return;
    this.statesByPhone.set(key, state);
    const formerVehicle = this.vehicleOfSource.get(key);
    if (formerVehicle !== undefined && formerVehicle !== state.vehicleId) {
      const states = this.statesByVehicle.get(formerVehicle);
      states?.delete(key);
      if (states?.size === 0) this.statesByVehicle.delete(formerVehicle);
      this.vehicleOfSource.delete(key);
    }
    if (state.vehicleId) {
      let states = this.statesByVehicle.get(state.vehicleId);
      if (!states) this.statesByVehicle.set(state.vehicleId, (states = new Map()));
      states.set(key, state);
      this.vehicleOfSource.set(key, state.vehicleId);
    }
    for (const listener of this.stateListeners) listener(state, previous);
  }

  /** The vehicle with this VIN, in any letter case (GB/T 32960 names a vehicle by its VIN). */
  byVin(vin: string): VehicleRegistryEntry | undefined {
    return this.vinIndex.get(vin.toUpperCase());
  }

  /** The vehicle by plate and colour (colour 0: any), as a superior platform names it. */
  byPlate(plateCode: string, plateColor: number): VehicleRegistryEntry | undefined {
    for (const vehicle of this.all()) if (vehicle.plateCode === plateCode && (!plateColor || vehicle.plateColor === plateColor)) return vehicle;
    return undefined;
  }

  /**
   * The vehicle of a terminal phone in any zero-padded form, or of a VIN link key (`EV:<VIN>`,
   * `HJ:<VIN>`: the GB/T 32960 and HJ 1239 links' positions and sessions carry it in its place).
   */
  override byTerminalPhone(terminalPhone: string): VehicleRegistryEntry | undefined {
    const vehicle = super.byTerminalPhone(terminalPhone);
    if (vehicle) return vehicle;
    const vin = vinOfLinkKey(terminalPhone);
    return vin ? this.byVin(vin) : undefined;
  }

  /** The terminal with this SIM number in any zero-padded form (needs `follow.terminals`). */
  terminalOf(terminalPhone: string): TerminalRegistryEntry | undefined {
    return this.terminals.byTerminalPhone(terminalPhone);
  }

  /** Tracking's latest state of a terminal (needs `follow.states`). */
  stateByTerminalPhone(terminalPhone: string): VehicleStateEvent | undefined {
    return this.statesByPhone.get(canonicalTerminalPhone(terminalPhone));
  }

  /**
   * Tracking's latest state of a vehicle (needs `follow.states`). A vehicle with several position
   * sources (its 808 terminal, its GB/T 32960 or HJ 1239 link) is one vehicle: the state of the
   * source `pickPositionSource` chooses (the first online in that order, else the newest report).
   * `terminal: false` (the vehicle has no terminal bound now) leaves out 808 terminals' states.
   */
  stateByVehicleId(vehicleId: string, sources: { terminal: boolean } = { terminal: true }): VehicleStateEvent | undefined {
    const known = this.statesByVehicle.get(vehicleId);
    // A vehicle whose terminal was just unbound: what tracking last said of that terminal is not the vehicle's.
    const states = known && !sources.terminal ? new Map([...known].filter(([key]) => vinOfLinkKey(key))) : known;
    if (!states || states.size <= 1) return states?.values().next().value;
    const ordered = [...states].sort(([a], [b]) => sourceRank(a) - sourceRank(b)).map(([, state]) => state);
    return pickPositionSource(ordered, (state) => state.vehicleStatus === 1, (state) => state.gpsTimeS);
  }

  isOnline(terminalPhone: string): boolean {
    return this.stateByTerminalPhone(terminalPhone)?.vehicleStatus === 1;
  }

  /** The vehicle when it is in the caller's company and fleet scope, else undefined. */
  visibleTo(user: AuthUser, vehicleId: string): VehicleRegistryEntry | undefined {
    const vehicle = this.byVehicleId(vehicleId);
    return vehicle && inScope(user, vehicle) ? vehicle : undefined;
  }

  /** The vehicle in the caller's scope; 8002 for any other, the same answer as for a vehicle that does not exist. */
  inScope(user: AuthUser, vehicleId: string): VehicleRegistryEntry {
    const vehicle = this.visibleTo(user, vehicleId);
    if (!vehicle) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: vehicleId });
    return vehicle;
  }

  /** Called after a vehicle is added, changed or deleted (current undefined); returns the unsubscribe. */
  onVehicleChange(listener: VehicleChangeListener): () => void {
    this.vehicleListeners.add(listener);
    return () => this.vehicleListeners.delete(listener);
  }

  /** Called after a terminal's state is applied, with its state before; returns the unsubscribe. */
  onStateChange(listener: VehicleStateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }
}

/** A source's place in the preference order of `positionSourceKeys`: 808 terminal, GB/T 32960, HJ 1239. */
function sourceRank(key: string): number {
  if (!vinOfLinkKey(key)) return 0;
  return key.startsWith(VinLink.HJ1239) ? 2 : 1;
}
