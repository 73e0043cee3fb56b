import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { applyScope, rowInScope } from '../common/scope-filter';
import { CompanyService } from '../company/company.service';
import { allActionCodes } from '../menu/menu-seed';
import { RegistryPublisher } from '../registry/registry.publisher';
import { UserRole } from '../user/user.entity';
import type { CreateRoleDto, UpdateRoleDto } from './dto/role.dto';
import { Role, RoleType } from './role.entity';
import { assertNullsAllowed } from '../common/null-fields';
import { MenuNode } from '../menu/menu.entity';

const KNOWN_CODES = new Set(allActionCodes());

@Injectable()
export class RoleService {
  constructor(
    @InjectRepository(Role, 'admin') private readonly roles: Repository<Role>,
    @InjectRepository(UserRole, 'admin') private readonly userRoles: Repository<UserRole>,
    private readonly companies: CompanyService,
    private readonly publisher: RegistryPublisher,
    private readonly permissions: PermissionCache,
    @InjectRepository(MenuNode, 'admin') private readonly menus: Repository<MenuNode>,
  ) {}

  async list(caller: AuthUser): Promise<Role[]> {
    return applyScope(this.roles.createQueryBuilder('role'), 'role', caller).orderBy('role.id', 'ASC').getMany();
  }

  async getVisible(caller: AuthUser, id: number): Promise<Role> {
    const role = await this.roles.findOne({ where: { id } });
    if (!role) throw new AppError(ErrorCode.ROLE_NOT_FOUND);
    if (!rowInScope(role, caller)) throw new AppError(ErrorCode.NO_PERMISSION);
    return role;
  }

  async create(caller: AuthUser, dto: CreateRoleDto): Promise<Role> {
    const company = await this.companies.getVisible(caller, dto.companyId ?? Number(caller.companyId));
    await this.checkGrant(caller, dto.roleType, dto.actionCodes);
    if (await this.roles.exist({ where: { companyId: company.id, name: dto.name } })) throw new AppError(ErrorCode.ROLE_NAME_DUPLICATE, { data: dto.name });
    const role = await this.roles.save(
      this.roles.create({ ...dto, actionCodes: [...new Set(dto.actionCodes)], companyId: company.id, companyPath: company.companyPath, updatedAt: Date.now() }),
    );
    await this.publisher.publishRoles([role]);
    return role;
  }

  async update(caller: AuthUser, id: number, dto: UpdateRoleDto): Promise<Role> {
    const role = await this.getVisible(caller, id);
    assertNullsAllowed(this.roles.metadata, { ...dto });
    await this.checkGrant(caller, dto.roleType ?? role.roleType, dto.actionCodes ?? []);
    if (dto.name && dto.name !== role.name && (await this.roles.exist({ where: { companyId: role.companyId, name: dto.name } }))) {
      throw new AppError(ErrorCode.ROLE_NAME_DUPLICATE, { data: dto.name });
    }
    Object.assign(role, dto, dto.actionCodes ? { actionCodes: [...new Set(dto.actionCodes)] } : {}, { updatedAt: Date.now() });
    const saved = await this.roles.save(role);
    await this.publisher.publishRoles([saved]);
    return saved;
  }

  /** Spec §6: a role bound to users cannot be deleted. */
  async remove(caller: AuthUser, id: number): Promise<void> {
    const role = await this.getVisible(caller, id);
    if (await this.userRoles.exist({ where: { roleId: id } })) throw new AppError(ErrorCode.DELETE_FAILED, { data: 'the role is bound to users' });
    await this.roles.delete({ id });
    await this.publisher.publishRoles([role], true);
  }

  /** Unknown codes are refused; nobody grants what they do not hold; only a super administrator makes type-0 roles. */
  private async checkGrant(caller: AuthUser, roleType: number, codes: string[]): Promise<void> {
    // Seeded codes, and the codes of pages and buttons operators added on /index/newMune.
    const added = codes.some((code) => !KNOWN_CODES.has(code))
      ? new Set((await this.menus.find({ where: { removed: 0 } })).map((node) => node.actionCode).filter(Boolean))
      : new Set<string>();
    const unknown = codes.filter((code) => !KNOWN_CODES.has(code) && !added.has(code));
    if (unknown.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: unknown });
    if (caller.superAdmin) return;
    if (roleType === RoleType.SUPER_ADMIN) throw new AppError(ErrorCode.NO_PERMISSION);
    const held = this.permissions.codesOf(caller);
    if (codes.some((code) => !held.has(code))) throw new AppError(ErrorCode.NO_PERMISSION);
  }
}
