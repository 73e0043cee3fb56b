import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { VehicleModel } from '../brand/brand.entity';
import { CatalogueService } from '../common/catalogue.service';
import { EngineModel } from './engine-model.entity';

/** Platform-wide engine models; duplicate model 4045; in use by a vehicle model 5002. */
@Injectable()
export class EngineModelService extends CatalogueService<EngineModel> {
  constructor(
    @InjectRepository(EngineModel, 'admin') repo: Repository<EngineModel>,
    @InjectRepository(VehicleModel, 'admin') private readonly models: Repository<VehicleModel>,
  ) {
    super(repo, { alias: 'engineModel', keywordColumns: ['model', 'manufacturer'], uniqueKeys: [{ columns: ['model'], code: ErrorCode.ENGINE_DUPLICATE }], perCompany: false });
  }

  protected override async beforeRemove(row: EngineModel): Promise<void> {
    if (await this.models.exist({ where: { engineModelId: row.id } })) throw new AppError(ErrorCode.DELETE_FAILED, { data: 'vehicle models use it' });
  }
}
