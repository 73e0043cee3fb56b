import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { applyScope, rowInScope } from '../common/scope-filter';
import { isUniqueViolation } from '../common/unique-violation';
import { Fleet } from '../fleet/fleet.entity';
import { RegistryPublisher } from '../registry/registry.publisher';
import { User } from '../user/user.entity';
import { Vehicle } from '../vehicle/vehicle.entity';
import { Company } from './company.entity';
import type { CreateCompanyDto, UpdateCompanyDto } from './dto/company.dto';
import { assertNullsAllowed } from '../common/null-fields';

/** Tables whose rows carry a company path, rewritten when a company moves. */
const COMPANY_PATH_TABLES = ['company', 'fleet', 'app_user', 'role', 'vehicle', 'terminal', 'sim_card', 'driver'];

@Injectable()
export class CompanyService {
  constructor(
    @InjectRepository(Company, 'admin') private readonly companies: Repository<Company>,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly publisher: RegistryPublisher,
  ) {}

  /** Companies the user may see, root first. */
  async listVisible(user: AuthUser): Promise<Company[]> {
    const query = this.companies.createQueryBuilder('company').orderBy('company.id', 'ASC');
    if (!user.superAdmin && !user.scope.companies.length) return query.where('company.id = :id', { id: Number(user.companyId) }).getMany();
    return applyScope(query, 'company', user).getMany();
  }

  /** A company inside the user's scope; 403 otherwise (so ids of other tenants reveal nothing). */
  async getVisible(user: AuthUser, id: number): Promise<Company> {
    const company = await this.companies.findOne({ where: { id } });
    if (!company || !(rowInScope(company, user) || (!user.scope.companies.length && company.id === Number(user.companyId)))) {
      throw new AppError(ErrorCode.NO_PERMISSION);
    }
    return company;
  }

  /** `alsoInside` runs in the creation transaction once the company has its path (its administrator account). */
  async create(user: AuthUser, dto: CreateCompanyDto, alsoInside?: (manager: EntityManager, company: Company) => Promise<void>): Promise<Company> {
    const parent = await this.getVisible(user, dto.parentId ?? Number(user.companyId));
    await this.assertNameFree(dto.name);
    const { parentId: _parent, ...fields } = dto;
    try {
      return await new TransactionRunner(this.dataSource).run(async (manager) => {
        const created = await manager.save(
          manager.create(Company, { ...fields, businessTypes: dto.businessTypes ?? '', parentId: parent.id, companyPath: parent.companyPath, createdAt: Date.now() }),
        );
        created.companyPath = `${parent.companyPath}${created.id}/`;
        const saved = await manager.save(created);
        if (alsoInside) await alsoInside(manager, saved);
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.COMPANY_NAME_DUPLICATE, { data: dto.name });
      throw error;
    }
  }

  async update(user: AuthUser, id: number, dto: UpdateCompanyDto): Promise<Company> {
    const company = await this.getVisible(user, id);
    assertNullsAllowed(this.companies.metadata, { ...dto });
    // The root cannot be edited, and nobody but a super administrator edits their own company.
    if (company.parentId === null || (!user.superAdmin && company.id === Number(user.companyId))) throw new AppError(ErrorCode.NO_PERMISSION);
    if (dto.name && dto.name !== company.name) await this.assertNameFree(dto.name);
    const { parentId: _ignored, ...fields } = dto;
    Object.assign(company, fields);
    return this.companies.save(company);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const company = await this.getVisible(user, id);
    if (company.parentId === null || company.id === Number(user.companyId)) throw new AppError(ErrorCode.NO_PERMISSION);
    await new TransactionRunner(this.dataSource).run(async (manager) => {
      if (await manager.count(Company, { where: { parentId: id } })) throw new AppError(ErrorCode.COMPANY_HAS_SUBSIDIARIES);
      if (await manager.count(Fleet, { where: { companyId: id } })) throw new AppError(ErrorCode.COMPANY_HAS_FLEETS);
      const members = (await manager.count(Vehicle, { where: { companyId: id } })) + (await manager.count(User, { where: { companyId: id } }));
      if (members) throw new AppError(ErrorCode.GROUP_NOT_EMPTY);
      await manager.delete(Company, { id });
    });
  }

  /** Drag a company under another company (never under itself, its descendants or a fleet). */
  async move(user: AuthUser, id: number, targetId: number): Promise<void> {
    const company = await this.getVisible(user, id);
    const target = await this.getVisible(user, targetId);
    if (company.parentId === null || target.companyPath.startsWith(company.companyPath)) {
      throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'a company cannot move under itself or its subsidiaries' });
    }
    await new TransactionRunner(this.dataSource).run(async (manager) => {
      await manager.update(Company, { id }, { parentId: target.id });
      await rewriteCompanyPath(manager, company.companyPath, `${target.companyPath}${company.id}/`);
    });
    await this.publisher.publishVehiclesUnder('company_path', `${target.companyPath}${company.id}/`);
    await this.publisher.publishUsersUnder(`${target.companyPath}${company.id}/`);
  }

  private async assertNameFree(name: string): Promise<void> {
    if (await this.companies.exist({ where: { name } })) throw new AppError(ErrorCode.COMPANY_NAME_DUPLICATE, { data: name });
  }
}

/** Replaces a company path prefix on every row below it (both engines have REPLACE and LIKE). */
export async function rewriteCompanyPath(manager: EntityManager, oldPath: string, newPath: string): Promise<void> {
  for (const table of COMPANY_PATH_TABLES) {
    await manager.query(`UPDATE ${table} SET company_path = REPLACE(company_path, ?, ?) WHERE company_path LIKE ?`, [oldPath, newPath, `${oldPath}%`]);
  }
}
