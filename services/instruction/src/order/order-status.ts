import { InstructionStatus, type CommandResult } from '@openfleet/contracts';
import { ErrorCode } from '@openfleet/errors';

/** Statuses an order can still leave. */
export const OPEN_STATUSES = [InstructionStatus.INITIAL, InstructionStatus.WAITING_RESPONSE, InstructionStatus.ISSUED_AWAITING_RESPONSE];

/** Statuses from which an order can still be cancelled (not yet delivered to the terminal). */
export const CANCELLABLE_STATUSES = [InstructionStatus.INITIAL, InstructionStatus.WAITING_RESPONSE];

/**
 * The error code an operator reads for a gateway result: the general reply's result byte (1 failed,
 * 2 bad message, 3 unsupported), a timeout, or a command the gateway could not encode.
 */
export function errorCodeOfResult(result: Pick<CommandResult, 'status' | 'replyResult'>): number {
  switch (result.status) {
    case InstructionStatus.SUCCESS:
      return 0;
    case InstructionStatus.RESPONSE_TIMEOUT:
      return ErrorCode.INSTRUCTION_RESPONSE_TIMEOUT;
    case InstructionStatus.DEVICE_OFFLINE:
      return ErrorCode.INSTRUCTION_VEHICLE_OFFLINE;
    case InstructionStatus.FAILED:
      if (result.replyResult === 2) return ErrorCode.INSTRUCTION_MESSAGE_ERROR;
      if (result.replyResult === 3) return ErrorCode.INSTRUCTION_NOT_SUPPORTED;
      if (result.replyResult === undefined) return ErrorCode.INSTRUCTION_SEND_FAILED;
      return ErrorCode.INSTRUCTION_TERMINAL_FAILED;
    default:
      return 0;
  }
}
