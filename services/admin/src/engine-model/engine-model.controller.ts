import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CatalogueController } from '../common/catalogue.controller';
import { PageQueryDto } from '../common/paging.dto';
import { CreateEngineModelDto, UpdateEngineModelDto } from './dto/engine-model.dto';
import { EngineModelService } from './engine-model.service';

@ApiTags('engine models')
@Controller('basic/engine-model')
export class EngineModelController extends CatalogueController({
  screen: 'engineModelManagement',
  create: CreateEngineModelDto,
  update: UpdateEngineModelDto,
  query: PageQueryDto,
}) {
  constructor(engines: EngineModelService) {
    super(engines);
  }
}
