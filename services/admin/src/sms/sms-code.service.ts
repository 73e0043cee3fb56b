import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, ErrorCode } from '@openfleet/errors';
import { randomInt } from 'node:crypto';
import type { Repository } from 'typeorm';
import { checkPasswordRules, hashPassword } from '../auth/password-policy';
import { RefreshSession } from '../auth/refresh-session.entity';
import { sha256 } from '../auth/session.service';
import { User } from '../user/user.entity';
import { SMS_PROVIDER, type SmsProvider } from './sms-provider';

const CODE_TTL_MS = 5 * 60_000;
const RESEND_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 5;

interface PendingCode {
  hash: string;
  sentAt: number;
  attempts: number;
}

/**
 * Forgot-password by SMS code (6 digits, 5 minutes, one per minute, 5 tries). Codes live in this
 * process's memory: with several admin replicas the client must reach the same one (sticky) or the
 * store moves to the database.
 */
@Injectable()
export class SmsCodeService {
  private readonly pending = new Map<string, PendingCode>();

  constructor(
    @InjectRepository(User, 'admin') private readonly users: Repository<User>,
    @InjectRepository(RefreshSession, 'admin') private readonly sessions: Repository<RefreshSession>,
    @Inject(SMS_PROVIDER) private readonly provider: SmsProvider,
  ) {}

  async sendCode(phone: string): Promise<void> {
    if (!(await this.users.exist({ where: { phone } }))) throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
    const now = Date.now();
    const previous = this.pending.get(phone);
    if (previous && now - previous.sentAt < RESEND_AFTER_MS) throw new AppError(ErrorCode.SMS_CODE_TOO_FREQUENT);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await this.provider.send(phone, `验证码 ${code}，5分钟内有效。Verification code ${code}, valid for 5 minutes.`);
    } catch (error) {
      throw new AppError(ErrorCode.SMS_CODE_SEND_FAILED, { cause: error });
    }
    this.pending.set(phone, { hash: sha256(`${phone}:${code}`), sentAt: now, attempts: 0 });
  }

  async resetPassword(phone: string, code: string | undefined, password: string | undefined): Promise<void> {
    if (!code) throw new AppError(ErrorCode.SMS_CODE_EMPTY);
    if (!password) throw new AppError(ErrorCode.PASSWORD_EMPTY);
    const pending = this.pending.get(phone);
    if (!pending || Date.now() - pending.sentAt > CODE_TTL_MS || pending.attempts >= MAX_ATTEMPTS) throw new AppError(ErrorCode.SMS_CODE_WRONG);
    if (pending.hash !== sha256(`${phone}:${code}`)) {
      pending.attempts += 1;
      throw new AppError(ErrorCode.SMS_CODE_WRONG);
    }
    checkPasswordRules(password);
    const user = await this.users.findOne({ where: { phone } });
    if (!user) throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
    this.pending.delete(phone);
    await this.users.update({ id: user.id }, { passwordHash: await hashPassword(password), failedLogins: 0, lockedUntil: 0 });
    // A reset password ends every session of the account.
    await this.sessions.update({ userId: user.id }, { revoked: 1 });
  }
}
