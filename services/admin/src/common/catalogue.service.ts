import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { Brackets, type DeepPartial, type FindOptionsWhere, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { CompanyService } from '../company/company.service';
import type { Page, PageQueryDto } from './paging.dto';
import { assertNullsAllowed } from './null-fields';
import { applyScope } from './scope-filter';
import { isUniqueViolation } from './unique-violation';

/** A catalogue row: numeric id, and for per-company catalogues the tenant columns. */
export interface CatalogueRow extends ObjectLiteral {
  id: number;
  companyId?: number;
  companyPath?: string;
}

/** Columns that must be unique together (per company when `companyId` is one of them), and the code a clash answers. */
export interface UniqueKey<T> {
  columns: (keyof T & string)[];
  code: ErrorCode;
}

/** What a catalogue controller calls, whatever the row type. */
export interface CatalogueCrud {
  page(user: AuthUser, query: PageQueryDto & Record<string, unknown>): Promise<Page<unknown>>;
  get(user: AuthUser, id: number): Promise<unknown>;
  create(user: AuthUser, dto: object): Promise<unknown>;
  update(user: AuthUser, id: number, dto: object): Promise<unknown>;
  remove(user: AuthUser, id: number): Promise<void>;
}

export interface CatalogueOptions<T> {
  /** Query alias, also the entity's name in messages. */
  alias: string;
  /** Columns the `keyword` searches with LIKE. */
  keywordColumns: (keyof T & string)[];
  /** Query fields compared for equality when present (`brandId`, `typeId` ...). */
  filters?: (keyof T & string)[];
  uniqueKeys: UniqueKey<T>[];
  /** Rows belong to a company (tenant scoped, placed in the caller's or a visible company). */
  perCompany: boolean;
}

/**
 * CRUD + search + paging shared by the simple catalogues (dictionary, manufacturers, brands ...).
 * Subclasses pass their repository and options, and override `check`/`beforeRemove` for their rules.
 * A row outside the caller's tenant answers 403, exactly like a missing one.
 */
export abstract class CatalogueService<T extends CatalogueRow> implements CatalogueCrud {
  protected constructor(
    protected readonly repo: Repository<T>,
    protected readonly options: CatalogueOptions<T>,
    protected readonly companies?: CompanyService,
  ) {}

  /** The rows the caller may see. */
  scoped(user: AuthUser): SelectQueryBuilder<T> {
    const query = this.repo.createQueryBuilder(this.options.alias);
    return this.options.perCompany ? applyScope(query, this.options.alias, user) : query;
  }

  async page(user: AuthUser, query: PageQueryDto & Record<string, unknown>): Promise<Page<T>> {
    const { alias } = this.options;
    const builder = this.scoped(user).orderBy(`${alias}.id`, 'ASC');
    for (const field of this.options.filters ?? []) {
      if (query[field] !== undefined) builder.andWhere(`${alias}.${field} = :${field}`, { [field]: query[field] });
    }
    if (query.keyword) {
      const columns = this.options.keywordColumns;
      builder.andWhere(new Brackets((where) => columns.forEach((column) => where.orWhere(`${alias}.${column} LIKE :kw`, { kw: `%${query.keyword}%` }))));
    }
    const [records, total] = await builder.skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records, total, current: query.current, size: query.size };
  }

  async get(user: AuthUser, id: number): Promise<T> {
    const found = await this.scoped(user).andWhere(`${this.options.alias}.id = :id`, { id }).getOne();
    if (!found) throw new AppError(ErrorCode.NO_PERMISSION);
    return found;
  }

  async create(user: AuthUser, dto: object): Promise<T> {
    const { companyId, ...fields } = definedFields(dto);
    assertNullsAllowed(this.repo.metadata, fields);
    const row = this.repo.create(fields as DeepPartial<T>) as T;
    if (this.options.perCompany) await this.place(user, row, companyId ?? Number(user.companyId));
    return this.store(user, row);
  }

  async update(user: AuthUser, id: number, dto: object): Promise<T> {
    const row = await this.get(user, id);
    const { companyId, ...fields } = definedFields(dto);
    assertNullsAllowed(this.repo.metadata, fields);
    Object.assign(row, fields);
    if (this.options.perCompany && companyId && companyId !== row.companyId) await this.place(user, row, companyId);
    return this.store(user, row);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const row = await this.get(user, id);
    await this.beforeRemove(row);
    await this.repo.delete(id);
  }

  /** Entity rules beyond the DTO (referenced rows exist, calibration fits the tank ...). */
  protected async check(_user: AuthUser, _row: T): Promise<void> {}

  /** Refuses deleting rows still in use (9000 and the like). */
  protected async beforeRemove(_row: T): Promise<void> {}

  private async store(user: AuthUser, row: T): Promise<T> {
    await this.check(user, row);
    await this.assertUnique(row);
    try {
      return await this.repo.save(row);
    } catch (error) {
      // Two concurrent creates both passed the pre-check: the unique index decides.
      if (isUniqueViolation(error)) throw new AppError(this.options.uniqueKeys[0]?.code ?? ErrorCode.CONFLICT);
      throw error;
    }
  }

  private async place(user: AuthUser, row: T, companyId: number): Promise<void> {
    if (!this.companies) throw new Error(`${this.options.alias}: per-company catalogue without CompanyService`);
    const company = await this.companies.getVisible(user, companyId);
    Object.assign(row, { companyId: company.id, companyPath: company.companyPath });
  }

  private async assertUnique(row: T): Promise<void> {
    for (const key of this.options.uniqueKeys) {
      const values = key.columns.map((column) => row[column]);
      // An empty optional column (an owner without ID card) never clashes.
      if (values.some((value) => value === null || value === undefined || value === '')) continue;
      const where = Object.fromEntries(key.columns.map((column, index) => [column, values[index]])) as FindOptionsWhere<T>;
      const clash = await this.repo.findOne({ where });
      if (clash && clash.id !== row.id) throw new AppError(key.code, { data: values.join(' ') });
    }
  }
}

/** The DTO's fields that were sent: class fields the request left out exist as `undefined` and must not overwrite. */
function definedFields(dto: object): { companyId?: number } & Record<string, unknown> {
  return Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
}
