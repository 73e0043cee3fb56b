import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import RBush from 'rbush';
import type { Repository } from 'typeorm';
import { boundsOf, type Bounds } from '../evaluation/fence-shape';
import type { RuleFence } from '../evaluation/fence-rules';
import { FenceBinding } from '../binding/fence-binding.entity';
import { VehicleRegistry } from '@openfleet/auth';
import { Fence } from './fence.entity';

interface Indexed extends Bounds {
  fenceId: number;
}

/** Fences changed in another instance reach this one within this period. */
const RELOAD_MS = 10_000;

/**
 * Every fence in memory with an R-tree of their boxes (rbush), and which fences each vehicle is
 * bound to (directly or through its fleet): what the evaluator asks per position, so its cost
 * follows the fences near a vehicle, not the number of fences.
 */
@Injectable()
export class FenceCatalogue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(FenceCatalogue.name);
  private fences = new Map<number, RuleFence & { version: number }>();
  private tree = new RBush<Indexed>();
  private byVehicle = new Map<string, Set<number>>();
  private byFleet = new Map<string, Set<number>>();
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(Fence, 'fence') private readonly fenceRows: Repository<Fence>,
    @InjectRepository(FenceBinding, 'fence') private readonly bindings: Repository<FenceBinding>,
    private readonly registry: VehicleRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch((error) => this.logger.warn(`fence reload failed: ${(error as Error).message}`)), RELOAD_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async reload(): Promise<void> {
    const [rows, bindings] = await Promise.all([this.fenceRows.find(), this.bindings.find()]);
    const fences = new Map<number, RuleFence & { version: number }>();
    const tree = new RBush<Indexed>();
    const items: Indexed[] = [];
    for (const row of rows) {
      fences.set(row.id, {
        id: String(row.id),
        name: row.name,
        geometry: row.geometry,
        attributes: row.attributes,
        startTime: row.startTime || undefined,
        endTime: row.endTime || undefined,
        maxSpeedKmh: row.maxSpeedKmh,
        overspeedDurationS: row.overspeedDurationS,
        nightMaxSpeedKmh: row.nightMaxSpeedKmh,
        maxStayS: row.maxStayS,
        rpmLimit: row.rpmLimit,
        overRpmDurationS: row.overRpmDurationS,
        muck: row.muck ?? undefined,
        version: row.version,
      });
      items.push({ ...boundsOf(row.geometry), fenceId: row.id });
    }
    tree.load(items);
    const byVehicle = new Map<string, Set<number>>();
    const byFleet = new Map<string, Set<number>>();
    for (const binding of bindings) {
      const map = binding.targetType === 'fleet' ? byFleet : byVehicle;
      let set = map.get(binding.targetId);
      if (!set) map.set(binding.targetId, (set = new Set()));
      set.add(binding.fenceId);
    }
    this.fences = fences;
    this.tree = tree;
    this.byVehicle = byVehicle;
    this.byFleet = byFleet;
  }

  fence(id: number): (RuleFence & { version: number }) | undefined {
    return this.fences.get(id);
  }

  get size(): number {
    return this.fences.size;
  }

  /** Fences whose box holds the point. */
  near(lng: number, lat: number): number[] {
    return this.tree.search({ minX: lng, minY: lat, maxX: lng, maxY: lat }).map((item) => item.fenceId);
  }

  /** Whether a vehicle is bound to a fence, directly or through any fleet on its path. */
  isBound(vehicleId: string, fenceId: number): boolean {
    if (this.byVehicle.get(vehicleId)?.has(fenceId)) return true;
    const vehicle = this.registry.byVehicleId(vehicleId);
    return !!vehicle?.fleetPath.some((fleetId) => this.byFleet.get(String(fleetId))?.has(fenceId));
  }

  /** Every fence a vehicle is bound to. */
  boundTo(vehicleId: string): number[] {
    const out = new Set(this.byVehicle.get(vehicleId) ?? []);
    for (const fleetId of this.registry.byVehicleId(vehicleId)?.fleetPath ?? []) for (const id of this.byFleet.get(String(fleetId)) ?? []) out.add(id);
    return [...out];
  }
}
