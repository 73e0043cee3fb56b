import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Repository } from 'typeorm';
import { ADMIN_CONFIG, type AdminConfig } from '../admin-config';
import { SystemEvent, SystemLogService } from '../system-log/system-log.service';
import { User } from '../user/user.entity';
import type { TokenPair } from './dto/login.dto';
import { verifyPassword } from './password-policy';
import { SessionService } from './session.service';

// Verified against when the account does not exist, so both paths cost one argon2 verification.
const DUMMY_HASH = '$argon2id$v=19$m=19456,p=1,t=2$AR66bfeF0+KngzBit+smBg$VarsQBWJjrFEMWjiqED0FC95SvU44i949jrRj4Zj/hA';

/** Password login with throttling (207) and temporary lock (423); disabled accounts answer 3032. */
@Injectable()
export class LoginService {
  constructor(
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
    private readonly sessions: SessionService,
    private readonly systemLog: SystemLogService,
  ) {}

  async login(account: string, password: string): Promise<TokenPair> {
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect(['user.passwordHash', 'user.failedLogins', 'user.lastFailedAt', 'user.lockedUntil'])
      .where('user.account = :account', { account })
      .getOne();
    if (!user) {
      await verifyPassword(DUMMY_HASH, password);
      await this.systemLog.record(SystemEvent.LOGIN_FAILED, 'login with an unknown account', { level: 'warn', detail: { account: account.slice(0, 32) } });
      throw new AppError(ErrorCode.PASSWORD_WRONG);
    }
    const now = Date.now();
    if (user.status !== 1) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    if (user.lockedUntil > now) throw new AppError(ErrorCode.LOCKED, { data: Math.ceil((user.lockedUntil - now) / 1000) });
    if (user.failedLogins >= this.config.AUTH_THROTTLE_AFTER && now - user.lastFailedAt < this.config.AUTH_THROTTLE_WINDOW_MS) {
      throw new AppError(ErrorCode.TOO_FREQUENT);
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      const failures = user.failedLogins + 1;
      const lock = failures >= this.config.AUTH_LOCK_AFTER;
      await this.users.update(
        { id: user.id },
        lock ? { failedLogins: 0, lastFailedAt: now, lockedUntil: now + this.config.AUTH_LOCK_MINUTES * 60_000 } : { failedLogins: failures, lastFailedAt: now },
      );
      const company = { id: user.companyId, companyPath: user.companyPath };
      await (lock
        ? this.systemLog.record(SystemEvent.ACCOUNT_LOCKED, `account ${user.account} locked after ${failures} failed logins`, {
            level: 'warn',
            company,
            detail: { account: user.account, minutes: this.config.AUTH_LOCK_MINUTES },
          })
        : this.systemLog.record(SystemEvent.LOGIN_FAILED, `wrong password for ${user.account}`, { level: 'warn', company, detail: { account: user.account, failures } }));
      throw lock ? new AppError(ErrorCode.LOCKED, { data: this.config.AUTH_LOCK_MINUTES * 60 }) : new AppError(ErrorCode.PASSWORD_WRONG);
    }
    if (user.failedLogins || user.lockedUntil) await this.users.update({ id: user.id }, { failedLogins: 0, lockedUntil: 0 });
    return this.sessions.open(user);
  }
}
