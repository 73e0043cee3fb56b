import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource } from 'typeorm';
import { ADMIN_CONFIG, type AdminConfig } from './admin-config';
import { checkPasswordRules, generatePassword, hashPassword } from './auth/password-policy';
import { Company } from './company/company.entity';
import { MenuService } from './menu/menu.service';
import { SystemEvent, SystemLogService } from './system-log/system-log.service';
import { User, UserType } from './user/user.entity';

export const ROOT_COMPANY_NAME = '平台运营';

/**
 * First start: the root company, the menu seed and the first super administrator. The password comes
 * from ADMIN_INITIAL_PASSWORD or is generated and logged once; there is no default password.
 */
@Injectable()
export class AdminSeeder implements OnModuleInit {
  private readonly logger = new Logger(AdminSeeder.name);
  /** Set only on the start that created the super administrator with a generated password. */
  initialCredentials?: { account: string; password: string };

  constructor(
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
    private readonly menus: MenuService,
    private readonly systemLog: SystemLogService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.menus.syncSeed();
    const root = await this.rootCompany();
    const users = this.dataSource.getRepository(User);
    if (await users.exist({ where: { userType: UserType.SUPER_ADMIN } })) return;
    const generated = !this.config.ADMIN_INITIAL_PASSWORD;
    const password = this.config.ADMIN_INITIAL_PASSWORD || generatePassword();
    checkPasswordRules(password);
    await users.save(
      users.create({
        account: this.config.ADMIN_INITIAL_ACCOUNT,
        name: 'Administrator',
        passwordHash: await hashPassword(password),
        userType: UserType.SUPER_ADMIN,
        companyId: root.id,
        companyPath: root.companyPath,
        fleetIds: '',
        status: 1,
        createdAt: Date.now(),
      }),
    );
    // Never the password itself: the table is readable by every super administrator.
    await this.systemLog.record(SystemEvent.ADMIN_CREATED, `first super administrator ${this.config.ADMIN_INITIAL_ACCOUNT} created`, {
      detail: { account: this.config.ADMIN_INITIAL_ACCOUNT, generatedPassword: generated },
    });
    if (generated) {
      this.initialCredentials = { account: this.config.ADMIN_INITIAL_ACCOUNT, password };
      this.logger.warn(`first super administrator created: account "${this.config.ADMIN_INITIAL_ACCOUNT}", generated password "${password}" (shown once; change it)`);
    } else {
      this.logger.log(`first super administrator created: account "${this.config.ADMIN_INITIAL_ACCOUNT}" (password from ADMIN_INITIAL_PASSWORD)`);
    }
  }

  private async rootCompany(): Promise<Company> {
    const companies = this.dataSource.getRepository(Company);
    const existing = await companies.findOne({ where: { parentId: IsNull() }, order: { id: 'ASC' } });
    if (existing) return existing;
    const created = await companies.save(companies.create({ name: ROOT_COMPANY_NAME, parentId: null, companyPath: '/', businessTypes: '', mapType: 3, createdAt: Date.now() }));
    created.companyPath = `/${created.id}/`;
    return companies.save(created);
  }
}
