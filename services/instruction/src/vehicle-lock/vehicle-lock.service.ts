import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { hashPassword, verifyPassword, type AuthUser } from '@openfleet/auth';
import { AppError, ErrorCode } from '@openfleet/errors';
import { SmsCodes, type SmsCode } from '@openfleet/service-kit';
import type { Repository } from 'typeorm';
import { OrderService, type SendOutcome } from '../order/order.service';
import { TerminalDirectory } from '../registry/terminal-directory';
import { RemoteControlService } from '../remote-control/remote-control.service';
import { RemoteOperationLogService } from '../remote-control/remote-operation-log.service';
import type { LockStartDto, VehicleLimitConfigDto } from './vehicle-lock.dto';
import { VehicleLimit } from './vehicle-limit.entity';

const WIZARD_TTL_MS = 10 * 60_000;
const MAX_PASSWORD_ATTEMPTS = 5;

/** What a wizard keeps with its code (the sms_code row's context). */
interface WizardContext {
  userId: string;
  action: 'lock' | 'unlock';
  reason: string;
}

type Wizard = SmsCode & { context: WizardContext };

const mask = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

/**
 * The 3-step vehicle limit (lock) wizard: a reason, then the SMS code sent to the vehicle's
 * authorisation phone, then the limit password; only then does 0x8500 go out. A wizard is the
 * sms_code row of its code (service kit SmsCodes, in instruction's database, so any replica
 * continues it): it belongs to the user who started it, lives 10 minutes, allows 5 wrong codes and
 * 5 wrong passwords, and sends once. Codes to one phone are limited per minute, hour and day.
 */
@Injectable()
export class VehicleLockService {
  constructor(
    @InjectRepository(VehicleLimit, 'instruction') private readonly limits: Repository<VehicleLimit>,
    private readonly codes: SmsCodes,
    private readonly directory: TerminalDirectory,
    private readonly orders: OrderService,
    private readonly log: RemoteOperationLogService,
    private readonly remote: RemoteControlService,
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
    const verb = dto.action === 'lock' ? '锁车' : '解锁';
    const context: WizardContext = { userId: user.id, action: dto.action, reason: dto.reason.trim() };
    const wizard = await this.codes.issue({
      purpose: 'vehicleLock',
      phone: limit.authPhone,
      subject: dto.vehicleId,
      context: { ...context },
      ttlMs: WIZARD_TTL_MS,
      text: (code) => `车辆${vehicle.plateCode}${verb}验证码 ${code}，10分钟内有效。Code ${code} to ${dto.action} ${vehicle.plateCode}, valid for 10 minutes.`,
    });
    await this.log.record(user, vehicle, dto.action, `step 1, reason: ${context.reason}`, { errorCode: 0 });
    return { wizardId: wizard.id, phone: mask(limit.authPhone) };
  }

  /** Step 2: the SMS code (3201 empty, 3034 wrong or expired). */
  async verifyCode(user: AuthUser, wizardId: string, code: string): Promise<void> {
    await this.wizardOf(user, wizardId);
    await this.codes.verifyById(wizardId, code);
  }

  /**
   * Step 3: the limit password (3031 wrong); then the door checks of remote control on the
   * vehicle's newest condition (lock: 3050 a door open, 3051 trunk open; unlock: 3042 during a
   * remote start; 503 when tracking cannot answer); sends 0x8500 and answers the order.
   */
  async confirm(user: AuthUser, wizardId: string, password: string, authorization = ''): Promise<SendOutcome> {
    const wizard = await this.wizardOf(user, wizardId);
    if (!wizard.verifiedAt) throw new AppError(ErrorCode.SMS_CODE_WRONG);
    const { action, reason } = wizard.context;
    const vehicleId = wizard.subject;
    const vehicle = this.directory.vehicleInScope(user, vehicleId);
    const limit = await this.limits.findOneBy({ vehicleId });
    if (!limit?.passwordHash || wizard.factorAttempts >= MAX_PASSWORD_ATTEMPTS || !(await verifyPassword(limit.passwordHash, password))) {
      await this.codes.countFactorAttempt(wizard.id);
      await this.log.record(user, vehicle, action, 'step 3, wrong limit password', { errorCode: ErrorCode.PASSWORD_WRONG });
      throw new AppError(ErrorCode.PASSWORD_WRONG);
    }
    const refusal = await this.remote.safetyRefusal(authorization, vehicleId, action === 'lock' ? 'doorLock' : 'doorUnlock').catch(async (error: unknown) => {
      if (error instanceof AppError) await this.log.record(user, vehicle, action, 'step 3, condition unavailable', { errorCode: error.errorCode });
      throw error;
    });
    if (refusal) {
      // The wizard stays: the operator closes the door and confirms again.
      await this.log.record(user, vehicle, action, `step 3, refused: ${refusal.check}`, { errorCode: refusal.errorCode });
      throw new AppError(refusal.errorCode, { data: { vehicleId, operation: action, check: refusal.check } });
    }
    // One send per wizard, whichever replica the confirmations reach (3034 for the others).
    await this.codes.consume(wizard.id);
    try {
      const [outcome] = await this.orders.send(user, { commandType: 'vehicleControl', vehicleIds: [vehicleId], params: { door: action === 'lock' ? 1 : 0 }, offlinePolicy: 'fail' }, 'lockWizard');
      limit.locked = action === 'lock' ? 1 : 0;
      limit.updatedAt = Date.now();
      await this.limits.save(limit);
      await this.log.record(user, vehicle, action, `sent, reason: ${reason}`, outcome);
      return outcome;
    } catch (error) {
      if (error instanceof AppError) await this.log.record(user, vehicle, action, `not sent, reason: ${reason}`, { orderId: (error.data as SendOutcome | undefined)?.orderId, errorCode: error.errorCode });
      throw error;
    }
  }

  /** A live wizard of this user; another user's wizard is as unknown as an expired one (3034). */
  private async wizardOf(user: AuthUser, wizardId: string): Promise<Wizard> {
    const row = typeof wizardId === 'string' && wizardId ? await this.codes.findLive(wizardId) : null;
    const context = row?.context as Partial<WizardContext> | null | undefined;
    if (!row || row.purpose !== 'vehicleLock' || context?.userId !== user.id) throw new AppError(ErrorCode.SMS_CODE_WRONG);
    return row as Wizard;
  }
}
