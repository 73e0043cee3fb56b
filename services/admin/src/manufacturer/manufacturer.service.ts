import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { CatalogueService } from '../common/catalogue.service';
import { DeviceModel, Manufacturer } from './manufacturer.entity';

/** Platform-wide: name, number and code are each unique (4043). */
@Injectable()
export class ManufacturerService extends CatalogueService<Manufacturer> {
  constructor(
    @InjectRepository(Manufacturer, 'admin') repo: Repository<Manufacturer>,
    @InjectRepository(DeviceModel, 'admin') private readonly models: Repository<DeviceModel>,
  ) {
    super(repo, {
      alias: 'manufacturer',
      keywordColumns: ['name', 'number', 'code', 'contact'],
      uniqueKeys: [
        { columns: ['name'], code: ErrorCode.MANUFACTURER_DUPLICATE },
        { columns: ['number'], code: ErrorCode.MANUFACTURER_DUPLICATE },
        { columns: ['code'], code: ErrorCode.MANUFACTURER_DUPLICATE },
      ],
      perCompany: false,
    });
  }

  protected override async beforeRemove(row: Manufacturer): Promise<void> {
    if (await this.models.exist({ where: { manufacturerId: row.id } })) throw new AppError(ErrorCode.GROUP_NOT_EMPTY);
  }
}

/** Device (terminal) models per manufacturer; a model name is unique per manufacturer (4048). */
@Injectable()
export class DeviceModelService extends CatalogueService<DeviceModel> {
  constructor(
    @InjectRepository(DeviceModel, 'admin') repo: Repository<DeviceModel>,
    @InjectRepository(Manufacturer, 'admin') private readonly manufacturers: Repository<Manufacturer>,
  ) {
    super(repo, {
      alias: 'deviceModel',
      keywordColumns: ['model'],
      filters: ['manufacturerId'],
      uniqueKeys: [{ columns: ['manufacturerId', 'model'], code: ErrorCode.DEVICE_MODEL_DUPLICATE }],
      perCompany: false,
    });
  }

  protected override async check(_user: AuthUser, row: DeviceModel): Promise<void> {
    if (!(await this.manufacturers.exist({ where: { id: row.manufacturerId } }))) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'manufacturerId' });
  }
}
