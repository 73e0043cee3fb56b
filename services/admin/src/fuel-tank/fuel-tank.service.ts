import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { ErrorCode } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import type { DataSource, Repository } from 'typeorm';
import { CatalogueService } from '../common/catalogue.service';
import { CompanyService } from '../company/company.service';
import { checkCalibration, type CalibrationPoint } from './calibration';
import { FuelTank, FuelTankCalibration } from './fuel-tank.entity';

/** Fuel tanks belong to a company (tenant scoped); name unique per company (4050). */
@Injectable()
export class FuelTankService extends CatalogueService<FuelTank> {
  constructor(
    @InjectRepository(FuelTank, 'admin') repo: Repository<FuelTank>,
    @InjectRepository(FuelTankCalibration, 'admin') private readonly points: Repository<FuelTankCalibration>,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    companies: CompanyService,
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
    return this.calibration(user, id);
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
