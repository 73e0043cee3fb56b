import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, ErrorCode } from '@openfleet/errors';
import { TransactionRunner } from '@openfleet/storage';
import { IsNull, type DataSource } from 'typeorm';
import { ADMIN_CONFIG, type AdminConfig } from '../admin-config';
import { checkPasswordRules, hashPassword } from '../auth/password-policy';
import { isUniqueViolation } from '../common/unique-violation';
import { Company } from '../company/company.entity';
import { RegistryPublisher } from '../registry/registry.publisher';
import { Role, RoleType } from '../role/role.entity';
import { SmsCodeService } from '../sms/sms-code.service';
import { SystemEvent, SystemLogService } from '../system-log/system-log.service';
import { User, UserRole, UserType } from '../user/user.entity';
import type { RegisterDto } from './dto/register.dto';
import { registeredCompanyGrants } from './registration-grants';

export interface Registration {
  companyId: number;
  userId: number;
  account: string;
}

/**
 * Self registration: a company directly under the platform root, its default role (type 1) and its
 * administrator (user type 3), in one transaction, once the phone's SMS code checks out.
 */
@Injectable()
export class RegistrationService {
  constructor(
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
    private readonly codes: SmsCodeService,
    private readonly publisher: RegistryPublisher,
    private readonly systemLog: SystemLogService,
  ) {}

  async register(dto: RegisterDto): Promise<Registration> {
    if (this.config.AUTH_SELF_REGISTRATION !== 'on') throw new AppError(ErrorCode.FUNCTION_NOT_OPEN);
    if (!dto.code) throw new AppError(ErrorCode.SMS_CODE_EMPTY);
    if (!dto.password) throw new AppError(ErrorCode.PASSWORD_EMPTY);
    const checked = await this.codes.verify('register', dto.phone, dto.code);
    checkPasswordRules(dto.password);
    await this.assertFree(dto);
    const passwordHash = await hashPassword(dto.password);
    try {
      const result = await new TransactionRunner(this.dataSource).run(async (manager) => {
        const root = await manager.findOneOrFail(Company, { where: { parentId: IsNull() }, order: { id: 'ASC' } });
        const company = await manager.save(
          manager.create(Company, { name: dto.companyName, parentId: root.id, companyPath: root.companyPath, businessTypes: '', mapType: 3, createdAt: Date.now() }),
        );
        company.companyPath = `${root.companyPath}${company.id}/`;
        await manager.save(company);
        const role = await manager.save(
          manager.create(Role, {
            name: '企业管理员',
            description: 'self registration',
            companyId: company.id,
            companyPath: company.companyPath,
            roleType: RoleType.COMPANY_DEFAULT,
            actionCodes: registeredCompanyGrants(),
            updatedAt: Date.now(),
          }),
        );
        const user = await manager.save(
          manager.create(User, {
            account: dto.account,
            name: dto.name,
            passwordHash,
            userType: UserType.COMPANY_ADMIN,
            companyId: company.id,
            companyPath: company.companyPath,
            phone: dto.phone,
            fleetIds: '',
            status: 1,
            createdAt: Date.now(),
          }),
        );
        await manager.insert(UserRole, { userId: user.id, roleId: role.id });
        // Used up in the same transaction: of two registrations with one code only one commits.
        await this.codes.consume(checked, manager);
        return { role, company, user, registration: { companyId: company.id, userId: user.id, account: user.account } };
      });
      await this.publisher.publishRoles([result.role]);
      await this.publisher.publishUsers([result.user]);
      await this.systemLog.record(SystemEvent.COMPANY_REGISTERED, `company ${dto.companyName} registered by ${dto.account}`, {
        company: result.company,
        detail: { companyId: result.company.id, account: dto.account },
      });
      return result.registration;
    } catch (error) {
      // A concurrent registration took a name between the check and the insert.
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.CONFLICT);
      throw error;
    }
  }

  private async assertFree(dto: RegisterDto): Promise<void> {
    const users = this.dataSource.getRepository(User);
    if (await this.dataSource.getRepository(Company).exist({ where: { name: dto.companyName } })) throw new AppError(ErrorCode.COMPANY_NAME_DUPLICATE, { data: dto.companyName });
    if (await users.exist({ where: { account: dto.account } })) throw new AppError(ErrorCode.ACCOUNT_DUPLICATE, { data: dto.account });
    if (await users.exist({ where: { phone: dto.phone } })) throw new AppError(ErrorCode.PHONE_DUPLICATE, { data: dto.phone });
  }
}
