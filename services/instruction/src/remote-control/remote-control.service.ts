import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { REMOTE_OPERATIONS } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { InstructionOrder } from '../order/instruction-order.entity';
import { OPEN_STATUSES } from '../order/order-status';
import { OrderService, type SendOutcome } from '../order/order.service';
import { TerminalDirectory } from '../registry/terminal-directory';
import { RemoteOperationLogService } from './remote-operation-log.service';

/** Above this speed the vehicle counts as moving (GNSS jitter keeps a parked vehicle at 1-3 km/h). */
const MOVING_KMH = 5;

/**
 * Remote control (engine, doors, windows, trunk) through 0x8500: refused before sending when the
 * vehicle is offline (7205), moving for operations that need it parked (3049) or already has a
 * remote request open (3040); every attempt, refused or sent, is in remoteOperationLog.
 */
@Injectable()
export class RemoteControlService {
  constructor(
    @InjectRepository(InstructionOrder, 'instruction') private readonly orders: Repository<InstructionOrder>,
    private readonly directory: TerminalDirectory,
    private readonly orderService: OrderService,
    private readonly log: RemoteOperationLogService,
  ) {}

  async send(user: AuthUser, vehicleId: string, operationKey: string): Promise<SendOutcome> {
    const index = REMOTE_OPERATIONS.findIndex((operation) => operation.key === operationKey);
    if (index < 0) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'operation' } });
    const operation = REMOTE_OPERATIONS[index];
    const vehicle = this.directory.vehicleInScope(user, vehicleId);
    const refuse = async (errorCode: number): Promise<never> => {
      await this.log.record(user, vehicle, operation.key, 'refused before sending', { errorCode });
      throw new AppError(errorCode, { data: { vehicleId, operation: operation.key } });
    };
    const phone = vehicle.terminalPhone;
    if (!phone || !this.directory.isOnline(phone)) await refuse(ErrorCode.INSTRUCTION_VEHICLE_OFFLINE);
    if (operation.whileMovingRefused && (this.directory.stateOf(phone)?.speedKmh ?? 0) > MOVING_KMH) await refuse(ErrorCode.REMOTE_VEHICLE_MOVING);
    const open = await this.orders.count({ where: { vehicleId, commandType: 'remoteControl', status: In([...OPEN_STATUSES]) } });
    if (open > 0) await refuse(ErrorCode.REMOTE_REQUEST_IN_PROGRESS);
    try {
      const [outcome] = await this.orderService.send(user, { commandType: 'remoteControl', vehicleIds: [vehicleId], params: { operation: index }, offlinePolicy: 'fail' }, 'remoteControl');
      await this.log.record(user, vehicle, operation.key, 'sent', outcome);
      return outcome;
    } catch (error) {
      if (error instanceof AppError) await this.log.record(user, vehicle, operation.key, 'not sent', { orderId: (error.data as SendOutcome | undefined)?.orderId, errorCode: error.errorCode });
      throw error;
    }
  }
}
