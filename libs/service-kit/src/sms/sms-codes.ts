import { Logger } from '@nestjs/common';
import { AppError, ErrorCode } from '@openfleet/errors';
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { SmsCode } from './sms-code.entity';
import type { SmsConfig } from './sms-config';
import { SmsSendError, type SmsProvider, type SmsPurpose } from './sms-port';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SWEEP_EVERY_MS = 10 * MINUTE;

export interface IssueCode {
  purpose: SmsPurpose;
  phone: string;
  /** What the code is for beyond the phone ('' for account codes). */
  subject?: string;
  context?: Record<string, unknown>;
  ttlMs: number;
  /** The whole text for the log and template-less providers. */
  text: (code: string) => string;
}

const hashOf = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Verification codes by SMS kept in the service's database (`sms_code`), so every replica of
 * the service checks the same codes: 6 digits, a time to live, single use (a conditional UPDATE
 * decides which request uses a code up), a few wrong tries, and per-phone limits per sliding
 * minute, hour and day (3203) counted over the same rows. The provider behind is the port
 * {@link SmsProvider}.
 */
export class SmsCodes {
  private readonly logger = new Logger('SmsCodes');
  private readonly codes: Repository<SmsCode>;
  private lastSweep = 0;

  constructor(
    dataSource: DataSource,
    private readonly provider: SmsProvider,
    private readonly config: SmsConfig,
    private readonly clock: () => number = Date.now,
  ) {
    this.codes = dataSource.getRepository(SmsCode);
  }

  /**
   * Sends a fresh code; the previous codes of the same purpose, phone and subject are superseded.
   * 3203 (data: window, retryAfterSeconds) over a limit, 3204 when the provider fails.
   */
  async issue(request: IssueCode): Promise<{ id: string; expiresAt: number }> {
    const now = this.clock();
    await this.sweep(now);
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = this.codes.create({
      id,
      purpose: request.purpose,
      phone: request.phone,
      subject: request.subject ?? '',
      codeHash: hashOf(id, code),
      context: request.context ?? null,
      attempts: 0,
      factorAttempts: 0,
      createdAt: now,
      expiresAt: now + request.ttlMs,
      verifiedAt: 0,
      usedAt: 0,
    });
    // Insert first, then count with it: two replicas racing for the last send both see both rows
    // and both refuse, rather than both sending.
    await this.codes.insert(row as Parameters<Repository<SmsCode>['insert']>[0]);
    const refusal = await this.limitRefusal(id, request.phone, now);
    if (refusal) {
      await this.codes.delete({ id });
      throw new AppError(ErrorCode.SMS_CODE_TOO_FREQUENT, { data: refusal });
    }
    try {
      await this.provider.send({ phone: request.phone, purpose: request.purpose, params: { code }, text: request.text(code) });
    } catch (error) {
      // A refusal sent nothing: the row goes. A timeout may have sent it: the row stays counted, dead.
      if (error instanceof SmsSendError && error.providerCode) await this.codes.delete({ id });
      else await this.codes.update({ id }, { usedAt: now });
      this.logger.warn(`SMS ${request.purpose} to ${request.phone} not sent: ${(error as Error).message}`);
      throw new AppError(ErrorCode.SMS_CODE_SEND_FAILED, { cause: error });
    }
    return { id, expiresAt: row.expiresAt };
  }

  /**
   * Checks the newest code of a purpose, phone and subject without using it up (3201 empty,
   * 3034 wrong, expired, used or out of tries); a wrong code costs a try.
   */
  async verify(purpose: SmsPurpose, phone: string, code: string | undefined, subject = ''): Promise<SmsCode> {
    if (!code) throw new AppError(ErrorCode.SMS_CODE_EMPTY);
    const row = await this.codes.findOne({ where: { purpose, phone, subject }, order: { createdAt: 'DESC' } });
    return this.check(row, code);
  }

  /** Checks the code sent under `id` and marks it verified (3201, 3034 as {@link verify}). */
  async verifyById(id: string, code: string | undefined): Promise<SmsCode> {
    if (!code) throw new AppError(ErrorCode.SMS_CODE_EMPTY);
    const row = await this.check(await this.codes.findOneBy({ id }), code);
    const verifiedAt = this.clock();
    await this.codes.update({ id }, { verifiedAt });
    return { ...row, verifiedAt };
  }

  /** A code not used up and not expired, or null. */
  async findLive(id: string): Promise<SmsCode | null> {
    const row = await this.codes.findOneBy({ id });
    return row && !row.usedAt && row.expiresAt > this.clock() ? row : null;
  }

  /** Counts a wrong answer to the next factor; answers the new count. */
  async countFactorAttempt(id: string): Promise<number> {
    await this.codes.increment({ id }, 'factorAttempts', 1);
    return (await this.codes.findOneBy({ id }))?.factorAttempts ?? 0;
  }

  /**
   * Uses the code up, once: of two requests (on any replicas) only one gets past this; the other
   * gets 3034. Inside the caller's transaction when `manager` is given.
   */
  async consume(id: string, manager?: EntityManager): Promise<void> {
    const repository = manager ? manager.getRepository(SmsCode) : this.codes;
    const result = await repository.createQueryBuilder().update(SmsCode).set({ usedAt: this.clock() }).where('id = :id AND used_at = 0', { id }).execute();
    if (result.affected !== 1) throw new AppError(ErrorCode.SMS_CODE_WRONG);
  }

  private async check(row: SmsCode | null, code: string): Promise<SmsCode> {
    if (!row || row.usedAt || row.expiresAt <= this.clock() || row.attempts >= this.config.SMS_CODE_MAX_ATTEMPTS) throw new AppError(ErrorCode.SMS_CODE_WRONG);
    if (!sameHash(row.codeHash, hashOf(row.id, code))) {
      await this.codes.increment({ id: row.id }, 'attempts', 1);
      throw new AppError(ErrorCode.SMS_CODE_WRONG);
    }
    return row;
  }

  private async limitRefusal(id: string, phone: string, now: number): Promise<{ window: 'minute' | 'hour' | 'day'; retryAfterSeconds: number } | null> {
    const windows = [
      { window: 'minute' as const, ms: MINUTE, limit: this.config.SMS_LIMIT_PER_MINUTE },
      { window: 'hour' as const, ms: HOUR, limit: this.config.SMS_LIMIT_PER_HOUR },
      { window: 'day' as const, ms: DAY, limit: this.config.SMS_LIMIT_PER_DAY },
    ];
    const counts = await this.codes
      .createQueryBuilder('c')
      .select('SUM(CASE WHEN c.created_at > :minute THEN 1 ELSE 0 END)', 'minute')
      .addSelect('SUM(CASE WHEN c.created_at > :hour THEN 1 ELSE 0 END)', 'hour')
      .addSelect('COUNT(*)', 'day')
      .where('c.phone = :phone AND c.created_at > :day', { phone, minute: now - MINUTE, hour: now - HOUR, day: now - DAY })
      .getRawOne<{ minute: string | number | null; hour: string | number | null; day: string | number }>();
    for (const { window, ms, limit } of windows) {
      if (Number(counts?.[window] ?? 0) <= limit) continue;
      // Allowed again when the limit-th newest other send leaves the window.
      const [oldestThatCounts] = await this.codes
        .createQueryBuilder('c')
        .where('c.phone = :phone AND c.created_at > :since AND c.id <> :id', { phone, since: now - ms, id })
        .orderBy('c.created_at', 'DESC')
        .offset(limit - 1)
        .limit(1)
        .getMany();
      const retryAfterSeconds = Math.max(1, Math.ceil(((oldestThatCounts?.createdAt ?? now) + ms - now) / 1000));
      return { window, retryAfterSeconds };
    }
    return null;
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    // A day of rows is what the limits need; a code lives far less.
    await this.codes.createQueryBuilder().delete().from(SmsCode).where('created_at < :before', { before: now - 2 * DAY }).execute();
  }
}
