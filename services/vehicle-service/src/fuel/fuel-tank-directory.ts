import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { followSnapshotTopic, type EventBus, type SnapshotSubscription } from '@openfleet/bus';
import { Topics, type VehicleFuelTank, type VehicleFuelTanks } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { sortedTable } from './tank-calibration';

/**
 * The fuel tanks of every vehicle with their calibration tables, followed from admin's compacted
 * admin.vehicle-fuel-tanks.v1 (no table of admin's is read). Every process keeps the whole map:
 * it is small (two tanks a vehicle at most) and any member may own any vehicle after a rebalance.
 */
@Injectable()
export class FuelTankDirectory implements OnModuleInit, OnModuleDestroy {
  private readonly tanks = new Map<string, { tanks: VehicleFuelTank[]; capacity: number; updatedAt: number }>();
  private subscription?: SnapshotSubscription;

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await followSnapshotTopic(this.bus, Topics.vehicleFuelTanks, 'vehicle-service-fuel-tanks', (entry) => this.apply(entry));
    await this.subscription.caughtUp;
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** An older record never overwrites a newer one (compacted topics replay in any order after a rebalance). */
  apply(entry: VehicleFuelTanks): void {
    const known = this.tanks.get(entry.vehicleId);
    if (known && known.updatedAt > entry.updatedAt) return;
    // The codec checks the record's shape; a tank or point that is not what admin publishes is dropped, never thrown on.
    const tanks = (Array.isArray(entry.tanks) ? entry.tanks : [])
      .filter((tank) => (tank.slot === 1 || tank.slot === 2) && Number.isFinite(tank.capacity) && Array.isArray(tank.points))
      .map((tank) => ({ ...tank, points: sortedTable(tank.points.filter((p) => Number.isFinite(p?.height) && Number.isFinite(p?.quantity))) }))
      .sort((a, b) => a.slot - b.slot);
    this.tanks.set(entry.vehicleId, { tanks, capacity: tanks.reduce((sum, tank) => sum + tank.capacity, 0), updatedAt: entry.updatedAt });
  }

  /** The vehicle's tanks by slot (undefined: none bound, the 0x02 litres are used). */
  tanksOf(vehicleId: string): VehicleFuelTank[] | undefined {
    const known = this.tanks.get(vehicleId);
    return known?.tanks.length ? known.tanks : undefined;
  }

  /** Litres all its tanks hold; 0 when unknown (percent thresholds then do not apply). */
  capacityOf(vehicleId: string): number {
    return this.tanks.get(vehicleId)?.capacity ?? 0;
  }
}
