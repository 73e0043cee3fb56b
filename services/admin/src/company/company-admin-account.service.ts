import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PermissionCache, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { checkPasswordRules, hashPassword } from '../auth/password-policy';
import { isUniqueViolation } from '../common/unique-violation';
import { registeredCompanyGrants } from '../register/registration-grants';
import { RegistryPublisher } from '../registry/registry.publisher';
import { Role, RoleType } from '../role/role.entity';
import { User, UserRole, UserType } from '../user/user.entity';
import type { Company } from './company.entity';
import { CompanyService } from './company.service';
import type { CreateCompanyWithAdminDto } from './dto/company.dto';

/**
 * The add form of /index/newCompany: the company and, when an admin account is given, its default
 * role (type 1, 企业管理员) and its administrator (user type 3) in one transaction: a taken account
 * (4003) leaves no company behind. The role holds the self-registration grants, narrowed to what the
 * creator holds (nobody grants what they do not have).
 */
@Injectable()
export class CompanyAdminAccountService {
  constructor(
    private readonly companies: CompanyService,
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    private readonly permissions: PermissionCache,
    private readonly publisher: RegistryPublisher,
  ) {}

  async create(caller: AuthUser, dto: CreateCompanyWithAdminDto): Promise<Company & { adminUserId?: number }> {
    const { adminAccount, adminName, adminPassword, ...company } = dto;
    if (!adminAccount) {
      if (adminName || adminPassword) throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'adminName/adminPassword need adminAccount' });
      return this.companies.create(caller, company);
    }
    if (!adminPassword) throw new AppError(ErrorCode.PASSWORD_EMPTY);
    checkPasswordRules(adminPassword);
    if (await this.users.exist({ where: { account: adminAccount } })) throw new AppError(ErrorCode.ACCOUNT_DUPLICATE, { data: adminAccount });
    const passwordHash = await hashPassword(adminPassword);
    const held = caller.superAdmin ? null : this.permissions.codesOf(caller);
    const grants = registeredCompanyGrants().filter((code) => !held || held.has(code));
    let role: Role | undefined;
    let adminUser: User | undefined;
    try {
      const created = await this.companies.create(caller, company, async (manager, saved) => {
        role = await manager.save(
          manager.create(Role, { name: '企业管理员', description: 'company administrator', companyId: saved.id, companyPath: saved.companyPath, roleType: RoleType.COMPANY_DEFAULT, actionCodes: grants, updatedAt: Date.now() }),
        );
        const admin = await manager.save(
          manager.create(User, {
            account: adminAccount,
            name: adminName ?? adminAccount,
            passwordHash,
            userType: UserType.COMPANY_ADMIN,
            companyId: saved.id,
            companyPath: saved.companyPath,
            fleetIds: '',
            status: 1,
            createdAt: Date.now(),
          }),
        );
        await manager.insert(UserRole, { userId: admin.id, roleId: role.id });
        adminUser = admin;
      });
      if (role) await this.publisher.publishRoles([role]);
      if (adminUser) await this.publisher.publishUsers([adminUser]);
      return { ...created, adminUserId: adminUser?.id };
    } catch (error) {
      // A concurrent request took the account between the check and the insert.
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.ACCOUNT_DUPLICATE, { data: adminAccount });
      throw error;
    }
  }
}
