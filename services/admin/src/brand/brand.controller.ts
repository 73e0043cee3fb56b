import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CatalogueController } from '../common/catalogue.controller';
import { PageQueryDto } from '../common/paging.dto';
import { BrandService, VehicleModelService } from './brand.service';
import { CreateBrandDto, CreateVehicleModelDto, UpdateBrandDto, UpdateVehicleModelDto, VehicleModelQueryDto } from './dto/brand.dto';

@ApiTags('vehicle brands')
@Controller('basic/brand')
export class BrandController extends CatalogueController({ screen: 'carBrandManagement', create: CreateBrandDto, update: UpdateBrandDto, query: PageQueryDto }) {
  constructor(brands: BrandService) {
    super(brands);
  }
}

@ApiTags('vehicle brands')
@Controller('basic/vehicle-model')
export class VehicleModelController extends CatalogueController({
  screen: 'carBrandManagement',
  create: CreateVehicleModelDto,
  update: UpdateVehicleModelDto,
  query: VehicleModelQueryDto,
}) {
  constructor(models: VehicleModelService) {
    super(models);
  }
}
