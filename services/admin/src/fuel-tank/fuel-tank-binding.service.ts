import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { VehicleService } from '../vehicle/vehicle.service';
import { FuelTankBinding } from './fuel-tank-binding.entity';
import { FuelTankCalibration } from './fuel-tank.entity';
import { FuelTankPublisher } from './fuel-tank.publisher';
import { FuelTankService } from './fuel-tank.service';

/** A vehicle's tanks as the vehicle form shows them. */
export interface VehicleTankView {
  slot: number;
  tankId: number;
  name: string;
  capacity: number;
  height: number;
}

/** Which tanks a vehicle has: at most two (1031), each calibrated (1032), both visible to the caller. */
@Injectable()
export class FuelTankBindingService {
  constructor(
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly vehicles: VehicleService,
    private readonly tanks: FuelTankService,
    private readonly publisher: FuelTankPublisher,
  ) {}

  async tanksOf(user: AuthUser, vehicleId: number): Promise<VehicleTankView[]> {
    await this.vehicles.getVisible(user, vehicleId);
    const bindings = await this.dataSource.getRepository(FuelTankBinding).find({ where: { vehicleId }, order: { slot: 'ASC' } });
    const views: VehicleTankView[] = [];
    for (const binding of bindings) {
      const tank = await this.tanks.get(user, binding.tankId);
      views.push({ slot: binding.slot, tankId: tank.id, name: tank.name, capacity: tank.capacity, height: tank.height });
    }
    return views;
  }

  /** Replaces the vehicle's tanks: the first id is slot 1 (sensor on AD0), the second slot 2 (AD1). */
  async bind(user: AuthUser, vehicleId: number, tankIds: number[]): Promise<VehicleTankView[]> {
    await this.vehicles.getVisible(user, vehicleId);
    if (tankIds.length > 2) throw new AppError(ErrorCode.FUEL_TANK_LIMIT, { data: { field: 'tankIds' } });
    for (const tankId of tankIds) {
      await this.tanks.get(user, tankId);
      if (!(await this.dataSource.getRepository(FuelTankCalibration).exist({ where: { tankId } }))) throw new AppError(ErrorCode.FUEL_TANK_NOT_CALIBRATED, { data: { tankId } });
    }
    await new TransactionRunner(this.dataSource).run(async (manager) => {
      await manager.delete(FuelTankBinding, { vehicleId });
      if (tankIds.length) await manager.insert(FuelTankBinding, tankIds.map((tankId, index) => ({ vehicleId, slot: index + 1, tankId })));
    });
    await this.publisher.publishVehicles([vehicleId]);
    return this.tanksOf(user, vehicleId);
  }
}
