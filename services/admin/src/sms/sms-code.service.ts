import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, ErrorCode } from '@openfleet/errors';
import { SmsCodes, type SmsCode } from '@openfleet/service-kit';
import type { EntityManager, Repository } from 'typeorm';
import { checkPasswordRules, hashPassword } from '../auth/password-policy';
import { SessionService } from '../auth/session.service';
import { User } from '../user/user.entity';
import { SystemEvent, SystemLogService } from '../system-log/system-log.service';

const CODE_TTL_MS = 5 * 60_000;

/** What an account code is for: a code sent for one purpose never serves the other. */
export type SmsPurpose = 'forgetPwd' | 'register';

/**
 * SMS codes for forgot-password and registration: 6 digits, 5 minutes, single use, 5 tries, per
 * phone at most SMS_LIMIT_PER_MINUTE/HOUR/DAY sends (3203). Kept in admin's database through the
 * service kit's SmsCodes, so any admin replica checks a code another one sent.
 */
@Injectable()
export class SmsCodeService {
  constructor(
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    private readonly sessions: SessionService,
    private readonly codes: SmsCodes,
    private readonly systemLog: SystemLogService,
  ) {}

  /** forgetPwd needs a registered phone (3202); register a phone nobody uses yet (4016). */
  async sendCode(phone: string, purpose: SmsPurpose = 'forgetPwd'): Promise<void> {
    const registered = await this.users.exist({ where: { phone } });
    if (purpose === 'forgetPwd' && !registered) throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
    if (purpose === 'register' && registered) throw new AppError(ErrorCode.PHONE_DUPLICATE, { data: phone });
    await this.codes.issue({
      purpose,
      phone,
      ttlMs: CODE_TTL_MS,
      text: (code) => `验证码 ${code}，5分钟内有效。Verification code ${code}, valid for 5 minutes.`,
    });
  }

  /**
   * Checks a code (3201 empty, 3034 wrong, expired, used or out of tries) without using it up, so
   * a request refused for another reason (a taken account name) can be corrected and sent again.
   */
  verify(purpose: SmsPurpose, phone: string, code: string | undefined): Promise<SmsCode> {
    return this.codes.verify(purpose, phone, code);
  }

  /** Uses the code up once the request it guarded succeeds (3034 when another request did first). */
  consume(checked: SmsCode, manager?: EntityManager): Promise<void> {
    return this.codes.consume(checked.id, manager);
  }

  async resetPassword(phone: string, code: string | undefined, password: string | undefined): Promise<void> {
    if (!code) throw new AppError(ErrorCode.SMS_CODE_EMPTY);
    if (!password) throw new AppError(ErrorCode.PASSWORD_EMPTY);
    const checked = await this.verify('forgetPwd', phone, code);
    checkPasswordRules(password);
    const user = await this.users.findOne({ where: { phone } });
    if (!user) throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
    await this.consume(checked);
    await this.users.update({ id: user.id }, { passwordHash: await hashPassword(password), failedLogins: 0, lockedUntil: 0 });
    // A reset password ends every session of the account, its access tokens in every service too.
    await this.sessions.revokeAllOf(user.id);
    await this.systemLog.record(SystemEvent.PASSWORD_RESET, `password of ${user.account} reset by SMS code`, {
      company: { id: user.companyId, companyPath: user.companyPath },
      detail: { account: user.account },
    });
  }
}
