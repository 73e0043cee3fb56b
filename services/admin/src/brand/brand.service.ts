import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { CarFactory } from '../car-factory/car-factory.entity';
import { CatalogueService } from '../common/catalogue.service';
import { EngineModel } from '../engine-model/engine-model.entity';
import { VehicleBrand, VehicleModel } from './brand.entity';

/** Platform-wide vehicle brands (4044 duplicate name); a brand with models cannot be deleted (9000). */
@Injectable()
export class BrandService extends CatalogueService<VehicleBrand> {
  constructor(
    @InjectRepository(VehicleBrand, 'admin') repo: Repository<VehicleBrand>,
    @InjectRepository(VehicleModel, 'admin') private readonly models: Repository<VehicleModel>,
  ) {
    super(repo, { alias: 'brand', keywordColumns: ['name'], uniqueKeys: [{ columns: ['name'], code: ErrorCode.BRAND_DUPLICATE }], perCompany: false });
  }

  protected override async beforeRemove(row: VehicleBrand): Promise<void> {
    if (await this.models.exist({ where: { brandId: row.id } })) throw new AppError(ErrorCode.GROUP_NOT_EMPTY);
  }
}

/** Vehicle models per brand (4047 duplicate name within the brand). */
@Injectable()
export class VehicleModelService extends CatalogueService<VehicleModel> {
  constructor(
    @InjectRepository(VehicleModel, 'admin') repo: Repository<VehicleModel>,
    @InjectRepository(VehicleBrand, 'admin') private readonly brands: Repository<VehicleBrand>,
    @InjectRepository(EngineModel, 'admin') private readonly engines: Repository<EngineModel>,
    @InjectRepository(CarFactory, 'admin') private readonly factories: Repository<CarFactory>,
  ) {
    super(repo, {
      alias: 'vehicleModel',
      keywordColumns: ['name'],
      filters: ['brandId'],
      uniqueKeys: [{ columns: ['brandId', 'name'], code: ErrorCode.VEHICLE_MODEL_DUPLICATE }],
      perCompany: false,
    });
  }

  protected override async check(_user: AuthUser, row: VehicleModel): Promise<void> {
    if (!(await this.brands.exist({ where: { id: row.brandId } }))) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'brandId' });
    if (row.engineModelId && !(await this.engines.exist({ where: { id: row.engineModelId } }))) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'engineModelId' });
    if (row.carFactoryId && !(await this.factories.exist({ where: { id: row.carFactoryId } }))) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'carFactoryId' });
  }
}
