import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventBus } from '@openfleet/bus';
import { Topics, type VehicleFuelTanks } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { In, type DataSource } from 'typeorm';
import { FuelTankBinding } from './fuel-tank-binding.entity';
import { FuelTank, FuelTankCalibration } from './fuel-tank.entity';

const SNAPSHOT_BATCH = 500;

/**
 * Publishes each vehicle's fuel tanks with their calibration tables on the compacted
 * admin.vehicle-fuel-tanks.v1: when a binding, a bound tank or its table changes, and every bound
 * vehicle at start, so the vehicle-service reads sensor heights without reading admin's tables.
 */
@Injectable()
export class FuelTankPublisher implements OnApplicationBootstrap {
  private readonly logger = new Logger(FuelTankPublisher.name);

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const vehicleIds = [...new Set((await this.dataSource.getRepository(FuelTankBinding).find({ select: { vehicleId: true } })).map((b) => b.vehicleId))];
    for (let i = 0; i < vehicleIds.length; i += SNAPSHOT_BATCH) await this.publishVehicles(vehicleIds.slice(i, i + SNAPSHOT_BATCH));
    this.logger.log(`fuel tanks published for ${vehicleIds.length} vehicles`);
  }

  /** Every vehicle the tank is fitted to (its table or capacity changed, or it is being deleted). */
  async publishTank(tankId: number): Promise<void> {
    const bindings = await this.dataSource.getRepository(FuelTankBinding).find({ where: { tankId } });
    await this.publishVehicles([...new Set(bindings.map((b) => b.vehicleId))]);
  }

  async publishVehicles(vehicleIds: number[]): Promise<void> {
    if (!vehicleIds.length) return;
    const bindings = await this.dataSource.getRepository(FuelTankBinding).find({ where: { vehicleId: In(vehicleIds) } });
    const tankIds = [...new Set(bindings.map((b) => b.tankId))];
    const tanks = new Map((tankIds.length ? await this.dataSource.getRepository(FuelTank).find({ where: { id: In(tankIds) } }) : []).map((t) => [t.id, t]));
    const points = tankIds.length ? await this.dataSource.getRepository(FuelTankCalibration).find({ where: { tankId: In(tankIds) }, order: { height: 'ASC' } }) : [];
    const entries: VehicleFuelTanks[] = vehicleIds.map((vehicleId) => ({
      vehicleId: String(vehicleId),
      tanks: bindings
        .filter((b) => b.vehicleId === vehicleId && tanks.has(b.tankId))
        .map((b) => {
          const tank = tanks.get(b.tankId)!;
          return { tankId: String(tank.id), slot: b.slot, capacity: tank.capacity, height: tank.height, points: points.filter((p) => p.tankId === tank.id).map((p) => ({ height: p.height, quantity: p.quantity })) };
        }),
      updatedAt: Date.now(),
    }));
    await this.bus.publish(Topics.vehicleFuelTanks, entries.map((value) => ({ key: value.vehicleId, value })));
  }
}
