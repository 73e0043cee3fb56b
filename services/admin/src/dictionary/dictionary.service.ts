import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { CatalogueService } from '../common/catalogue.service';
import { DictionaryItem, DictionaryType } from './dictionary.entity';

/** Dictionaries are platform-wide reference data (not per company). */
@Injectable()
export class DictionaryTypeService extends CatalogueService<DictionaryType> {
  constructor(
    @InjectRepository(DictionaryType, 'admin') repo: Repository<DictionaryType>,
    @InjectRepository(DictionaryItem, 'admin') private readonly items: Repository<DictionaryItem>,
  ) {
    super(repo, { alias: 'dictionaryType', keywordColumns: ['code', 'name'], uniqueKeys: [{ columns: ['code'], code: ErrorCode.DICTIONARY_DUPLICATE }], perCompany: false });
  }

  /** The items of one dictionary, by its code, in display order (select boxes). */
  async itemsOf(code: string): Promise<DictionaryItem[]> {
    const type = await this.repo.findOne({ where: { code } });
    if (!type) return [];
    return this.items.find({ where: { typeId: type.id }, order: { sort: 'ASC', id: 'ASC' } });
  }

  protected override async beforeRemove(row: DictionaryType): Promise<void> {
    if (await this.items.exist({ where: { typeId: row.id } })) throw new AppError(ErrorCode.GROUP_NOT_EMPTY);
  }
}

@Injectable()
export class DictionaryItemService extends CatalogueService<DictionaryItem> {
  constructor(
    @InjectRepository(DictionaryItem, 'admin') repo: Repository<DictionaryItem>,
    @InjectRepository(DictionaryType, 'admin') private readonly types: Repository<DictionaryType>,
  ) {
    super(repo, {
      alias: 'dictionaryItem',
      keywordColumns: ['label', 'value'],
      filters: ['typeId'],
      uniqueKeys: [{ columns: ['typeId', 'value'], code: ErrorCode.DICTIONARY_DUPLICATE }],
      perCompany: false,
    });
  }

  protected override async check(_user: AuthUser, row: DictionaryItem): Promise<void> {
    if (!(await this.types.exist({ where: { id: row.typeId } }))) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'typeId' });
  }
}
