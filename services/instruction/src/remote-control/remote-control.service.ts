import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { REMOTE_OPERATIONS, type VehicleConditionView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { InjectRepository } from '@nestjs/typeorm';
import { In, MoreThanOrEqual, type Repository } from 'typeorm';
import { InstructionOrder } from '../order/instruction-order.entity';
import { OPEN_STATUSES } from '../order/order-status';
import { OrderService, type SendOutcome } from '../order/order.service';
import { TerminalDirectory } from '../registry/terminal-directory';
import { REMOTE_CONTROL_CONFIG, type RemoteControlConfig } from './remote-control-config';
import { RemoteOperationLogService } from './remote-operation-log.service';
import { checkRemoteOperation, type SafetyContext, type SafetyRefusal } from './safety-checks';
import { VehicleConditionClient } from './vehicle-condition.client';

/** Above this speed the vehicle counts as moving (GNSS jitter keeps a parked vehicle at 1-3 km/h). */
const MOVING_KMH = 5;
const SUCCESS = 1;
const ENGINE_START = REMOTE_OPERATIONS.findIndex((operation) => operation.key === 'engineStart');
const ENGINE_STOP = REMOTE_OPERATIONS.findIndex((operation) => operation.key === 'engineStop');

/**
 * Remote control (engine, doors, windows, trunk) through 0x8500: refused before sending when the
 * vehicle is offline (7205), moving for operations that need it parked (3049), already has a
 * remote request open (3040), or when its newest condition makes the operation unsafe
 * (3039, 3041-3048, 3050-3055: safety-checks.ts); every attempt, refused or sent, is in remoteOperationLog.
 */
@Injectable()
export class RemoteControlService {
  constructor(
    @InjectRepository(InstructionOrder, 'instruction') private readonly orders: Repository<InstructionOrder>,
    @Inject(REMOTE_CONTROL_CONFIG) private readonly config: RemoteControlConfig,
    private readonly directory: TerminalDirectory,
    private readonly orderService: OrderService,
    private readonly log: RemoteOperationLogService,
    private readonly conditions: VehicleConditionClient,
  ) {}

  async send(user: AuthUser, vehicleId: string, operationKey: string, authorization = ''): Promise<SendOutcome> {
    const index = REMOTE_OPERATIONS.findIndex((operation) => operation.key === operationKey);
    if (index < 0) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'operation' } });
    const operation = REMOTE_OPERATIONS[index];
    const vehicle = this.directory.vehicleInScope(user, vehicleId);
    // `check` names the failed condition check; `known` false when the terminal never reported its data.
    const refuse = async (errorCode: number, check?: string, known = true): Promise<never> => {
      const detail = check ? `refused before sending: ${check}${known ? '' : ' never reported'}` : 'refused before sending';
      await this.log.record(user, vehicle, operation.key, detail, { errorCode });
      throw new AppError(errorCode, { data: { vehicleId, operation: operation.key, ...(check ? { check, known } : {}) } });
    };
    const phone = vehicle.terminalPhone;
    if (!phone || !this.directory.isOnline(phone)) await refuse(ErrorCode.INSTRUCTION_VEHICLE_OFFLINE);
    if (operation.whileMovingRefused && (this.directory.stateOf(phone)?.speedKmh ?? 0) > MOVING_KMH) await refuse(ErrorCode.REMOTE_VEHICLE_MOVING);
    const open = await this.orders.count({ where: { vehicleId, commandType: 'remoteControl', status: In([...OPEN_STATUSES]) } });
    if (open > 0) await refuse(ErrorCode.REMOTE_REQUEST_IN_PROGRESS);
    const refusal = await this.safetyRefusal(authorization, vehicleId, operation.key).catch(async (error: unknown) => {
      if (error instanceof AppError) await refuse(error.errorCode, 'condition', false);
      throw error;
    });
    if (refusal) await refuse(refusal.errorCode, refusal.check, refusal.known);
    try {
      const [outcome] = await this.orderService.send(user, { commandType: 'remoteControl', vehicleIds: [vehicleId], params: { operation: index }, offlinePolicy: 'fail' }, 'remoteControl');
      await this.log.record(user, vehicle, operation.key, 'sent', outcome);
      return outcome;
    } catch (error) {
      if (error instanceof AppError) await this.log.record(user, vehicle, operation.key, 'not sent', { orderId: (error.data as SendOutcome | undefined)?.orderId, errorCode: error.errorCode });
      throw error;
    }
  }

  /**
   * The condition checks of an operation on the vehicle's newest state; also used by the lock
   * wizard (door lock and unlock). Operations without condition checks never ask tracking.
   */
  async safetyRefusal(authorization: string, vehicleId: string, operationKey: string): Promise<SafetyRefusal | null> {
    if (!['engineStart', 'engineStop', 'doorLock', 'doorUnlock', 'windowOpen'].includes(operationKey)) return null;
    const condition: VehicleConditionView | null = await this.conditions.conditionOf(authorization, vehicleId);
    return checkRemoteOperation(operationKey, condition, await this.context(vehicleId));
  }

  private async context(vehicleId: string): Promise<SafetyContext> {
    const since = Date.now() - this.config.INSTRUCTION_REMOTE_START_WINDOW_H * 3_600_000;
    const recent = await this.orders.find({ where: { vehicleId, commandType: 'remoteControl', createdAt: MoreThanOrEqual(since) }, order: { id: 'DESC' }, take: 500 });
    const operationOf = (order: InstructionOrder) => Number(order.params?.operation);
    const startsInWindow = recent.filter((order) => operationOf(order) === ENGINE_START && (order.status === SUCCESS || (OPEN_STATUSES as number[]).includes(order.status))).length;
    const lastEngine = await this.orders.find({ where: { vehicleId, commandType: 'remoteControl', status: SUCCESS }, order: { id: 'DESC' }, take: 200 });
    const engineOrder = lastEngine.find((order) => [ENGINE_START, ENGINE_STOP].includes(operationOf(order)));
    return {
      lastEngineOrderWasStart: engineOrder ? operationOf(engineOrder) === ENGINE_START : false,
      startsInWindow,
      startLimit: this.config.INSTRUCTION_REMOTE_START_MAX,
      minBatteryV: this.config.INSTRUCTION_REMOTE_MIN_BATTERY_V,
      minFuelPercent: this.config.INSTRUCTION_REMOTE_MIN_FUEL_PERCENT,
      minFuelLitres: this.config.INSTRUCTION_REMOTE_MIN_FUEL_L,
    };
  }
}
