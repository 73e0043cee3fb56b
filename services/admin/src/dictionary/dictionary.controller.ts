import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { okEnvelope } from '@openfleet/contracts';
import { CatalogueController } from '../common/catalogue.controller';
import { PageQueryDto } from '../common/paging.dto';
import { DictionaryItemService, DictionaryTypeService } from './dictionary.service';
import {
  CreateDictionaryItemDto,
  CreateDictionaryTypeDto,
  DictionaryItemQueryDto,
  DictionaryLookupDto,
  UpdateDictionaryItemDto,
  UpdateDictionaryTypeDto,
} from './dto/dictionary.dto';

@ApiTags('dictionary')
@Controller('basic/dictionary/type')
export class DictionaryTypeController extends CatalogueController({
  screen: 'dataDictionary',
  create: CreateDictionaryTypeDto,
  update: UpdateDictionaryTypeDto,
  query: PageQueryDto,
}) {
  constructor(private readonly types: DictionaryTypeService) {
    super(types);
  }

  /** Any signed-in user: the console fills select boxes from dictionaries. */
  @Get('items')
  @ApiOperation({ summary: 'Items of the dictionary `code`, sorted: [{id, typeId, label, value, sort, remark}]' })
  async items(@Query() query: DictionaryLookupDto) {
    return okEnvelope(await this.types.itemsOf(query.code));
  }
}

@ApiTags('dictionary')
@Controller('basic/dictionary/item')
export class DictionaryItemController extends CatalogueController({
  screen: 'dataDictionary',
  create: CreateDictionaryItemDto,
  update: UpdateDictionaryItemDto,
  query: DictionaryItemQueryDto,
}) {
  constructor(items: DictionaryItemService) {
    super(items);
  }
}
