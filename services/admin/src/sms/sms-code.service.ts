import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, ErrorCode } from '@openfleet/errors';
import { randomInt } from 'node:crypto';
import type { Repository } from 'typeorm';
import { checkPasswordRules, hashPassword } from '../auth/password-policy';
import { SessionService, sha256 } from '../auth/session.service';
import { User } from '../user/user.entity';
import { SystemEvent, SystemLogService } from '../system-log/system-log.service';
import { SMS_PROVIDER, type SmsProvider } from './sms-provider';

const CODE_TTL_MS = 5 * 60_000;
const RESEND_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 5;

/** What a code is for: a code sent for one purpose never serves the other. */
export type SmsPurpose = 'forgetPwd' | 'register';

interface PendingCode {
  hash: string;
  sentAt: number;
  attempts: number;
}

/**
 * SMS codes for forgot-password and registration (6 digits, 5 minutes, one per minute, 5 tries).
 * Codes live in this process's memory: with several admin replicas the client must reach the same
 * one (sticky) or the store moves to the database.
 */
@Injectable()
export class SmsCodeService {
  private readonly pending = new Map<string, PendingCode>();

  constructor(
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    private readonly sessions: SessionService,
    @Inject(SMS_PROVIDER) private readonly provider: SmsProvider,
    private readonly systemLog: SystemLogService,
  ) {}

  /** forgetPwd needs a registered phone (3202); register a phone nobody uses yet (4016). */
  async sendCode(phone: string, purpose: SmsPurpose = 'forgetPwd'): Promise<void> {
    const registered = await this.users.exist({ where: { phone } });
    if (purpose === 'forgetPwd' && !registered) throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
    if (purpose === 'register' && registered) throw new AppError(ErrorCode.PHONE_DUPLICATE, { data: phone });
    const key = `${purpose}:${phone}`;
    const now = Date.now();
    const previous = this.pending.get(key);
    if (previous && now - previous.sentAt < RESEND_AFTER_MS) throw new AppError(ErrorCode.SMS_CODE_TOO_FREQUENT);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await this.provider.send(phone, `验证码 ${code}，5分钟内有效。Verification code ${code}, valid for 5 minutes.`);
    } catch (error) {
      throw new AppError(ErrorCode.SMS_CODE_SEND_FAILED, { cause: error });
    }
    this.pending.set(key, { hash: sha256(`${phone}:${code}`), sentAt: now, attempts: 0 });
  }

  /**
   * Checks a code (3201 empty, 3034 wrong, expired or out of tries) without using it up, so a
   * request refused for another reason (a taken account name) can be corrected and sent again.
   */
  verify(purpose: SmsPurpose, phone: string, code: string | undefined): void {
    if (!code) throw new AppError(ErrorCode.SMS_CODE_EMPTY);
    const pending = this.pending.get(`${purpose}:${phone}`);
    if (!pending || Date.now() - pending.sentAt > CODE_TTL_MS || pending.attempts >= MAX_ATTEMPTS) throw new AppError(ErrorCode.SMS_CODE_WRONG);
    if (pending.hash !== sha256(`${phone}:${code}`)) {
      pending.attempts += 1;
      throw new AppError(ErrorCode.SMS_CODE_WRONG);
    }
  }

  /** Uses the code up once the request it guarded succeeded. */
  consume(purpose: SmsPurpose, phone: string): void {
    this.pending.delete(`${purpose}:${phone}`);
  }

  async resetPassword(phone: string, code: string | undefined, password: string | undefined): Promise<void> {
    if (!code) throw new AppError(ErrorCode.SMS_CODE_EMPTY);
    if (!password) throw new AppError(ErrorCode.PASSWORD_EMPTY);
    this.verify('forgetPwd', phone, code);
    checkPasswordRules(password);
    const user = await this.users.findOne({ where: { phone } });
    if (!user) throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
    this.consume('forgetPwd', phone);
    await this.users.update({ id: user.id }, { passwordHash: await hashPassword(password), failedLogins: 0, lockedUntil: 0 });
    // A reset password ends every session of the account, its access tokens in every service too.
    await this.sessions.revokeAllOf(user.id);
    await this.systemLog.record(SystemEvent.PASSWORD_RESET, `password of ${user.account} reset by SMS code`, {
      company: { id: user.companyId, companyPath: user.companyPath },
      detail: { account: user.account },
    });
  }
}
