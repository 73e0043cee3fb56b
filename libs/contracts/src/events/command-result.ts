import { checkFields, checkOneOf } from '../validation';
import { jsonCodec } from '../codec';

/** Instruction status codes of spec §4. */
export const InstructionStatus = {
  INITIAL: 0,
  SUCCESS: 1,
  DEVICE_OFFLINE: 2,
  FAILED: 3,
  RESPONSE_TIMEOUT: 4,
  WAITING_RESPONSE: 5,
  VOID: 6,
  ISSUED_AWAITING_RESPONSE: 7,
} as const;
export type InstructionStatusCode = (typeof InstructionStatus)[keyof typeof InstructionStatus];

/** Outcome of a downlink command (topic instruction.result.v1). */
export interface CommandResult {
  commandId: string;
  terminalPhone: string;
  status: InstructionStatusCode;
  at: number;
  /** "0x0001" or the specific reply id (0x0104 ...), when the terminal answered. */
  replyMsgId?: string;
  /** JT/T 808 general-reply result: 0 ok, 1 failed, 2 message error, 3 unsupported, 4 alarm confirmed. */
  replyResult?: number;
  replyBody?: Record<string, unknown>;
}

export const commandResultCodec = jsonCodec<CommandResult>(
  (value) =>
    checkFields(value, {
      commandId: 'string',
      terminalPhone: 'string',
      status: 'number',
      at: 'number',
      replyMsgId: 'string?',
      replyResult: 'number?',
      replyBody: 'object?',
    }) ?? checkOneOf(value, 'status', Object.values(InstructionStatus)),
);
