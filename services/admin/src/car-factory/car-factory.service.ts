import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { VehicleModel } from '../brand/brand.entity';
import { CatalogueService } from '../common/catalogue.service';
import { CarFactory } from './car-factory.entity';

/** Platform-wide; a factory still named by a vehicle model cannot be deleted (5002). */
@Injectable()
export class CarFactoryService extends CatalogueService<CarFactory> {
  constructor(
    @InjectRepository(CarFactory, 'admin') repo: Repository<CarFactory>,
    @InjectRepository(VehicleModel, 'admin') private readonly models: Repository<VehicleModel>,
  ) {
    super(repo, {
      alias: 'carFactory',
      keywordColumns: ['name', 'code', 'contact'],
      uniqueKeys: [
        { columns: ['name'], code: ErrorCode.CAR_FACTORY_DUPLICATE },
        { columns: ['code'], code: ErrorCode.CAR_FACTORY_DUPLICATE },
      ],
      perCompany: false,
    });
  }

  protected override async beforeRemove(row: CarFactory): Promise<void> {
    if (await this.models.exist({ where: { carFactoryId: row.id } })) throw new AppError(ErrorCode.DELETE_FAILED, { data: 'vehicle models use it' });
  }
}
