import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { ErrorCode } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import type { DataSource, Repository } from 'typeorm';
import { CatalogueService } from '../common/catalogue.service';
import { CompanyService } from '../company/company.service';
import { checkCalibration, type CalibrationPoint } from './calibration';
import { readCalibrationSheet } from './calibration-import';
import { FuelTankBinding } from './fuel-tank-binding.entity';
import { FuelTankPublisher } from './fuel-tank.publisher';
import { FuelTank, FuelTankCalibration } from './fuel-tank.entity';

/** Fuel tanks belong to a company (tenant scoped); name unique per company (4050). */
@Injectable()
export class FuelTankService extends CatalogueService<FuelTank> {
  constructor(
    @InjectRepository(FuelTank, 'admin') repo: Repository<FuelTank>,
    @InjectRepository(FuelTankCalibration, 'admin') private readonly points: Repository<FuelTankCalibration>,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    companies: CompanyService,
    private readonly publisher: FuelTankPublisher,
  ) {
    super(repo, { alias: 'tank', keywordColumns: ['name'], uniqueKeys: [{ columns: ['companyId', 'name'], code: ErrorCode.FUEL_TANK_DUPLICATE }], perCompany: true }, companies);
  }

  async calibration(user: AuthUser, id: number): Promise<FuelTankCalibration[]> {
    await this.get(user, id);
    return this.points.find({ where: { tankId: id }, order: { level: 'ASC' } });
  }

  /** Replaces the tank's whole table in one transaction. */
  async calibrate(user: AuthUser, id: number, points: CalibrationPoint[]): Promise<FuelTankCalibration[]> {
    const tank = await this.get(user, id);
    const sorted = checkCalibration(tank, points);
    await new TransactionRunner(this.dataSource).run(async (manager) => {
      await manager.delete(FuelTankCalibration, { tankId: id });
      if (sorted.length) await manager.insert(FuelTankCalibration, sorted.map((point) => ({ ...point, tankId: id })));
    });
    // Vehicles fitted with this tank read their sensors through the new table.
    await this.publisher.publishTank(id);
    return this.calibration(user, id);
  }

  /** Replaces the table from an xlsx (level, height, quantity): row errors 5005, a point above the tank 3002, nothing written on either. */
  async importCalibration(user: AuthUser, id: number, file: Buffer): Promise<FuelTankCalibration[]> {
    const tank = await this.get(user, id);
    return this.calibrate(user, id, await readCalibrationSheet(file, tank));
  }

  override async update(user: AuthUser, id: number, dto: object): Promise<FuelTank> {
    const row = await super.update(user, id, dto);
    await this.publisher.publishTank(id);
    return row;
  }

  override async remove(user: AuthUser, id: number): Promise<void> {
    const fitted = (await this.dataSource.getRepository(FuelTankBinding).find({ where: { tankId: id } })).map((b) => b.vehicleId);
    await super.remove(user, id);
    await this.dataSource.getRepository(FuelTankBinding).delete({ tankId: id });
    await this.publisher.publishVehicles([...new Set(fitted)]);
  }

  /** Shrinking a calibrated tank must keep every point inside it. */
  protected override async check(_user: AuthUser, row: FuelTank): Promise<void> {
    if (!row.id) return;
    const points = await this.points.find({ where: { tankId: row.id } });
    if (points.length) checkCalibration(row, points);
  }

  protected override async beforeRemove(row: FuelTank): Promise<void> {
    await this.points.delete({ tankId: row.id });
  }
}
