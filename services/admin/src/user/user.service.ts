import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import { In, type DataSource, type Repository } from 'typeorm';
import { checkPasswordRules, hashPassword, verifyPassword } from '../auth/password-policy';
import { SessionService } from '../auth/session.service';
import type { Page, PageQueryDto } from '../common/paging.dto';
import { applyScope } from '../common/scope-filter';
import { CompanyService } from '../company/company.service';
import { Fleet } from '../fleet/fleet.entity';
import { RegistryPublisher } from '../registry/registry.publisher';
import { Role } from '../role/role.entity';
import { UserSocial } from '../social/user-social.entity';
import type { ChangePasswordDto, CreateUserDto, UpdateUserDto } from './dto/user.dto';
import { User, UserRole, UserType } from './user.entity';
import { assertNullsAllowed } from '../common/null-fields';

export type UserView = User & { roleIds: number[] };

@Injectable()
export class UserService {
  constructor(
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    @InjectRepository(UserRole, 'admin') private readonly userRoles: Repository<UserRole>,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly companies: CompanyService,
    private readonly permissions: PermissionCache,
    private readonly sessionService: SessionService,
    private readonly publisher: RegistryPublisher,
  ) {}

  async page(user: AuthUser, query: PageQueryDto): Promise<Page<UserView>> {
    const builder = applyScope(this.users.createQueryBuilder('user'), 'user', user).orderBy('user.id', 'ASC');
    if (query.keyword) builder.andWhere('(user.account LIKE :kw OR user.name LIKE :kw)', { kw: `%${query.keyword}%` });
    const [records, total] = await builder.skip((query.current - 1) * query.size).take(query.size).getManyAndCount();
    return { records: await this.withRoles(records), total, current: query.current, size: query.size };
  }

  async getVisible(caller: AuthUser, id: number): Promise<UserView> {
    const found = await applyScope(this.users.createQueryBuilder('user'), 'user', caller).andWhere('user.id = :id', { id }).getOne();
    if (!found) throw new AppError(ErrorCode.NO_PERMISSION);
    return (await this.withRoles([found]))[0];
  }

  async create(caller: AuthUser, dto: CreateUserDto): Promise<UserView> {
    checkPasswordRules(dto.password);
    const company = await this.companies.getVisible(caller, dto.companyId ?? Number(caller.companyId));
    if (dto.userType === UserType.SUPER_ADMIN && !caller.superAdmin) throw new AppError(ErrorCode.NO_PERMISSION);
    if (await this.users.exist({ where: { account: dto.account } })) throw new AppError(ErrorCode.ACCOUNT_DUPLICATE, { data: dto.account });
    if (dto.phone && (await this.users.exist({ where: { phone: dto.phone } }))) throw new AppError(ErrorCode.PHONE_DUPLICATE, { data: dto.phone });
    await this.checkRoles(caller, dto.roleIds ?? []);
    await this.checkFleets(company.id, dto.fleetIds ?? []);
    const { roleIds = [], fleetIds = [], password, companyId: _company, ...fields } = dto;
    const passwordHash = await hashPassword(password);
    const saved = await new TransactionRunner(this.dataSource).run(async (manager) => {
      const created = await manager.save(
        manager.create(User, { ...fields, passwordHash, companyId: company.id, companyPath: company.companyPath, fleetIds: fleetIds.join(','), createdAt: Date.now() }),
      );
      if (roleIds.length) await manager.insert(UserRole, roleIds.map((roleId) => ({ userId: created.id, roleId })));
      return created;
    });
    await this.publisher.publishUsers([saved]);
    return this.getVisible(caller, saved.id);
  }

  async update(caller: AuthUser, id: number, dto: UpdateUserDto): Promise<UserView> {
    const target = await this.getVisible(caller, id);
    if (dto.userType === UserType.SUPER_ADMIN && !caller.superAdmin) throw new AppError(ErrorCode.NO_PERMISSION);
    if (dto.phone && dto.phone !== target.phone && (await this.users.exist({ where: { phone: dto.phone } }))) {
      throw new AppError(ErrorCode.PHONE_DUPLICATE, { data: dto.phone });
    }
    if (dto.roleIds) await this.checkRoles(caller, dto.roleIds);
    if (dto.fleetIds) await this.checkFleets(target.companyId, dto.fleetIds);
    const { roleIds, fleetIds, ...fields } = dto;
    assertNullsAllowed(this.users.metadata, fields);
    await new TransactionRunner(this.dataSource).run(async (manager) => {
      await manager.update(User, { id }, { ...fields, ...(fleetIds ? { fleetIds: fleetIds.join(',') } : {}) });
      if (roleIds) {
        await manager.delete(UserRole, { userId: id });
        if (roleIds.length) await manager.insert(UserRole, roleIds.map((roleId) => ({ userId: id, roleId })));
      }
    });
    // A disabled account signs in nowhere: its sessions and their access tokens end too.
    if (dto.status === 0) await this.sessionService.revokeAllOf(id);
    const updated = await this.getVisible(caller, id);
    if (updated.name !== target.name) await this.publisher.publishUsers([updated]);
    return updated;
  }

  async remove(caller: AuthUser, id: number): Promise<void> {
    const target = await this.getVisible(caller, id);
    if (String(target.id) === caller.id || target.userType === UserType.SUPER_ADMIN) throw new AppError(ErrorCode.NO_PERMISSION);
    await new TransactionRunner(this.dataSource).run(async (manager) => {
      await manager.delete(UserRole, { userId: id });
      // Frees the user's social open ids for whoever binds them next.
      await manager.delete(UserSocial, { userId: id });
      await manager.delete(User, { id });
    });
    await this.sessionService.revokeAllOf(id);
    // Its name stays in the directory, flagged: the logs it wrote still name it.
    await this.publisher.publishUsers([target], true);
  }

  async resetPassword(caller: AuthUser, id: number, password: string): Promise<void> {
    checkPasswordRules(password);
    await this.getVisible(caller, id);
    await this.users.update({ id }, { passwordHash: await hashPassword(password), failedLogins: 0, lockedUntil: 0 });
    // Whoever knew the old password may hold a session: every session of the account ends.
    await this.sessionService.revokeAllOf(id);
  }

  async changeOwnPassword(caller: AuthUser, dto: ChangePasswordDto): Promise<void> {
    const own = await this.users.createQueryBuilder('user').addSelect('user.passwordHash').where('user.id = :id', { id: Number(caller.id) }).getOneOrFail();
    if (!(await verifyPassword(own.passwordHash, dto.oldPassword))) throw new AppError(ErrorCode.OLD_PASSWORD_WRONG);
    if (dto.newPassword !== dto.confirmPassword) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'the two passwords differ' });
    if (dto.newPassword === dto.oldPassword) throw new AppError(ErrorCode.BAD_PARAMETER, { data: 'the new password must differ from the old one' });
    checkPasswordRules(dto.newPassword);
    await this.users.update({ id: own.id }, { passwordHash: await hashPassword(dto.newPassword) });
    // The user's other sessions end; the one that changed the password goes on.
    await this.sessionService.revokeAllOf(own.id, caller.sessionId);
  }

  private async withRoles(users: User[]): Promise<UserView[]> {
    if (!users.length) return [];
    const links = await this.userRoles.find({ where: { userId: In(users.map((user) => user.id)) } });
    return users.map((user) => ({ ...user, roleIds: links.filter((link) => link.userId === user.id).map((link) => link.roleId) }));
  }

  /** Only roles of companies the caller sees, granting nothing the caller lacks (no privilege escalation). */
  private async checkRoles(caller: AuthUser, roleIds: number[]): Promise<void> {
    if (!roleIds.length) return;
    const roles = await applyScope(this.dataSource.getRepository(Role).createQueryBuilder('role'), 'role', caller)
      .andWhere('role.id IN (:...roleIds)', { roleIds })
      .getMany();
    if (roles.length !== new Set(roleIds).size) throw new AppError(ErrorCode.ROLE_NOT_FOUND);
    if (caller.superAdmin) return;
    const held = this.permissions.codesOf(caller);
    if (roles.some((role) => role.actionCodes.some((code) => !held.has(code)))) throw new AppError(ErrorCode.NO_PERMISSION);
  }

  private async checkFleets(companyId: number, fleetIds: number[]): Promise<void> {
    if (!fleetIds.length) return;
    const count = await this.dataSource.getRepository(Fleet).count({ where: { id: In(fleetIds), companyId } });
    if (count !== new Set(fleetIds).size) throw new AppError(ErrorCode.COMPANY_MISMATCH);
  }
}
