import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CatalogueController } from '../common/catalogue.controller';
import { PageQueryDto } from '../common/paging.dto';
import { CreateVehicleMasterDto, UpdateVehicleMasterDto } from './dto/vehicle-master.dto';
import { VehicleMasterService } from './vehicle-master.service';

@ApiTags('vehicle masters')
@Controller('basic/vehicle-master')
export class VehicleMasterController extends CatalogueController({
  screen: 'vehicleMaster',
  create: CreateVehicleMasterDto,
  update: UpdateVehicleMasterDto,
  query: PageQueryDto,
}) {
  constructor(masters: VehicleMasterService) {
    super(masters);
  }
}
