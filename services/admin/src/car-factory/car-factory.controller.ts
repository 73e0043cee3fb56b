import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CatalogueController } from '../common/catalogue.controller';
import { PageQueryDto } from '../common/paging.dto';
import { CarFactoryService } from './car-factory.service';
import { CreateCarFactoryDto, UpdateCarFactoryDto } from './dto/car-factory.dto';

@ApiTags('car factories')
@Controller('basic/car-factory')
export class CarFactoryController extends CatalogueController({ screen: 'carFactory', create: CreateCarFactoryDto, update: UpdateCarFactoryDto, query: PageQueryDto }) {
  constructor(factories: CarFactoryService) {
    super(factories);
  }
}
