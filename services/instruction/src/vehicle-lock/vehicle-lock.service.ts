import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { hashPassword, verifyPassword, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { SMS_PROVIDER, type SmsProvider } from '@openfleet/service-kit';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import { OrderService, type SendOutcome } from '../order/order.service';
import { TerminalDirectory } from '../registry/terminal-directory';
import { RemoteOperationLogService } from '../remote-control/remote-operation-log.service';
import type { LockStartDto, VehicleLimitConfigDto } from './vehicle-lock.dto';
import { VehicleLimit } from './vehicle-limit.entity';

const WIZARD_TTL_MS = 10 * 60_000;
const RESEND_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 5;

interface Wizard {
  id: string;
  userId: string;
  vehicleId: string;
  action: 'lock' | 'unlock';
  reason: string;
  codeHash: string;
  codeVerified: boolean;
  attempts: number;
  passwordAttempts: number;
  createdAt: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const mask = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/**
 * The 3-step vehicle limit (lock) wizard: a reason, then the SMS code sent to the vehicle's
 * authorisation phone, then the limit password; only then does 0x8500 go out. A wizard belongs to
 * the user who started it, lives 10 minutes and allows 5 wrong codes and 5 wrong passwords.
 * Wizards live in this process (as admin's SMS codes do): several replicas need sticky sessions.
 */
@Injectable()
export class VehicleLockService {
  private readonly wizards = new Map<string, Wizard>();
  private readonly lastCodeAt = new Map<string, number>();

  constructor(
    @InjectRepository(VehicleLimit, 'instruction') private readonly limits: Repository<VehicleLimit>,
    @Inject(SMS_PROVIDER) private readonly sms: SmsProvider,
    private readonly directory: TerminalDirectory,
    private readonly orders: OrderService,
    private readonly log: RemoteOperationLogService,
  ) {}

  async config(user: AuthUser, vehicleId: string) {
    this.directory.vehicleInScope(user, vehicleId);
    const limit = await this.limits.findOneBy({ vehicleId });
    return { vehicleId, capable: limit?.capable === 1, authPhone: limit?.authPhone ? mask(limit.authPhone) : '', passwordSet: !!limit?.passwordHash, locked: limit?.locked === 1 };
  }

  async configure(user: AuthUser, vehicleId: string, dto: VehicleLimitConfigDto): Promise<void> {
    const vehicle = this.directory.vehicleInScope(user, vehicleId);
    const limit = (await this.limits.findOneBy({ vehicleId })) ?? this.limits.create({ vehicleId, capable: 0, authPhone: '', passwordHash: '', locked: 0 });
    limit.capable = dto.capable ? 1 : 0;
    if (dto.authPhone) limit.authPhone = dto.authPhone;
    if (dto.password) limit.passwordHash = await hashPassword(dto.password);
    limit.updatedBy = user.id;
    limit.updatedAt = Date.now();
    await this.limits.save(limit);
    await this.log.record(user, vehicle, 'limitConfig', `capable=${limit.capable}${dto.password ? ', password changed' : ''}`, { errorCode: 0 });
  }

  /** Step 1: the reason; sends the code. 424 when the vehicle cannot be limited or has no phone and password set. */
  async start(user: AuthUser, dto: LockStartDto): Promise<{ wizardId: string; phone: string }> {
    const vehicle = this.directory.vehicleInScope(user, dto.vehicleId);
    if (!dto.reason.trim()) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'reason' } });
    const limit = await this.limits.findOneBy({ vehicleId: dto.vehicleId });
    if (!limit || limit.capable !== 1 || !limit.authPhone || !limit.passwordHash) {
      await this.log.record(user, vehicle, dto.action, 'vehicle cannot be limited', { errorCode: ErrorCode.FUNCTION_NOT_OPEN });
      throw new AppError(ErrorCode.FUNCTION_NOT_OPEN, { data: dto.vehicleId });
    }
    const now = Date.now();
    if (now - (this.lastCodeAt.get(dto.vehicleId) ?? 0) < RESEND_AFTER_MS) throw new AppError(ErrorCode.SMS_CODE_TOO_FREQUENT);
    this.sweep(now);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const verb = dto.action === 'lock' ? '锁车' : '解锁';
    try {
      await this.sms.send(limit.authPhone, `车辆${vehicle.plateCode}${verb}验证码 ${code}，10分钟内有效。Code ${code} to ${dto.action} ${vehicle.plateCode}, valid for 10 minutes.`);
    } catch (error) {
      throw new AppError(ErrorCode.SMS_CODE_SEND_FAILED, { cause: error });
    }
    this.lastCodeAt.set(dto.vehicleId, now);
    const wizard: Wizard = { id: randomUUID(), userId: user.id, vehicleId: dto.vehicleId, action: dto.action, reason: dto.reason.trim(), codeHash: sha256(code), codeVerified: false, attempts: 0, passwordAttempts: 0, createdAt: now };
    this.wizards.set(wizard.id, wizard);
    await this.log.record(user, vehicle, dto.action, `step 1, reason: ${wizard.reason}`, { errorCode: 0 });
    return { wizardId: wizard.id, phone: mask(limit.authPhone) };
  }

  /** Step 2: the SMS code (3201 empty, 3034 wrong or expired). */
  verifyCode(user: AuthUser, wizardId: string, code: string): void {
    const wizard = this.wizardOf(user, wizardId);
    if (!code) throw new AppError(ErrorCode.SMS_CODE_EMPTY);
    if (wizard.attempts >= MAX_ATTEMPTS) throw new AppError(ErrorCode.SMS_CODE_WRONG);
    if (sha256(code) !== wizard.codeHash) {
      wizard.attempts += 1;
      throw new AppError(ErrorCode.SMS_CODE_WRONG);
    }
    wizard.codeVerified = true;
  }

  /** Step 3: the limit password (3031 wrong); sends 0x8500 and answers the order. */
  async confirm(user: AuthUser, wizardId: string, password: string): Promise<SendOutcome> {
    const wizard = this.wizardOf(user, wizardId);
    if (!wizard.codeVerified) throw new AppError(ErrorCode.SMS_CODE_WRONG);
    const vehicle = this.directory.vehicleInScope(user, wizard.vehicleId);
    const limit = await this.limits.findOneBy({ vehicleId: wizard.vehicleId });
    if (!limit?.passwordHash || wizard.passwordAttempts >= MAX_ATTEMPTS || !(await verifyPassword(limit.passwordHash, password))) {
      wizard.passwordAttempts += 1;
      await this.log.record(user, vehicle, wizard.action, 'step 3, wrong limit password', { errorCode: ErrorCode.PASSWORD_WRONG });
      throw new AppError(ErrorCode.PASSWORD_WRONG);
    }
    this.wizards.delete(wizard.id);
    try {
      const [outcome] = await this.orders.send(user, { commandType: 'vehicleControl', vehicleIds: [wizard.vehicleId], params: { door: wizard.action === 'lock' ? 1 : 0 }, offlinePolicy: 'fail' }, 'lockWizard');
      limit.locked = wizard.action === 'lock' ? 1 : 0;
      limit.updatedAt = Date.now();
      await this.limits.save(limit);
      await this.log.record(user, vehicle, wizard.action, `sent, reason: ${wizard.reason}`, outcome);
      return outcome;
    } catch (error) {
      if (error instanceof AppError) await this.log.record(user, vehicle, wizard.action, `not sent, reason: ${wizard.reason}`, { orderId: (error.data as SendOutcome | undefined)?.orderId, errorCode: error.errorCode });
      throw error;
    }
  }

  private wizardOf(user: AuthUser, wizardId: string): Wizard {
    const wizard = this.wizards.get(wizardId);
    // Another user's wizard is as unknown as an expired one.
    if (!wizard || wizard.userId !== user.id || Date.now() - wizard.createdAt > WIZARD_TTL_MS) throw new AppError(ErrorCode.SMS_CODE_WRONG);
    return wizard;
  }

  private sweep(now: number): void {
    for (const [id, wizard] of this.wizards) if (now - wizard.createdAt > WIZARD_TTL_MS) this.wizards.delete(id);
    for (const [vehicleId, at] of this.lastCodeAt) if (now - at > RESEND_AFTER_MS) this.lastCodeAt.delete(vehicleId);
  }
}
