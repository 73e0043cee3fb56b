import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CatalogueController } from '../common/catalogue.controller';
import { PageQueryDto } from '../common/paging.dto';
import { CreateDeviceModelDto, CreateManufacturerDto, DeviceModelQueryDto, UpdateDeviceModelDto, UpdateManufacturerDto } from './dto/manufacturer.dto';
import { DeviceModelService, ManufacturerService } from './manufacturer.service';

@ApiTags('manufacturers')
@Controller('basic/manufacturer')
export class ManufacturerController extends CatalogueController({
  screen: 'supplier',
  create: CreateManufacturerDto,
  update: UpdateManufacturerDto,
  query: PageQueryDto,
}) {
  constructor(manufacturers: ManufacturerService) {
    super(manufacturers);
  }
}

@ApiTags('manufacturers')
@Controller('basic/device-model')
export class DeviceModelController extends CatalogueController({
  screen: 'deviceTypeM',
  create: CreateDeviceModelDto,
  update: UpdateDeviceModelDto,
  query: DeviceModelQueryDto,
}) {
  constructor(models: DeviceModelService) {
    super(models);
  }
}
