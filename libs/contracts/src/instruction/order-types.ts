/** What happens when the vehicle is offline at send time: fail at once (2, 7205) or wait for it. */
export type OfflinePolicy = 'fail' | 'queue';

/** Statuses an order can still change from (the header's pending count). */
export const PENDING_INSTRUCTION_STATUSES = [0, 5, 7] as const;

/**
 * An instruction order as it changes (topic instruction.order.v1, key terminal phone): the console
 * follows its dialogs' orders and the pending count from these.
 */
export interface InstructionOrderEvent {
  orderId: string;
  batchId: string;
  vehicleId: string;
  terminalPhone: string;
  plateCode: string;
  commandType: string;
  msgId: string;
  /** Instruction status 0-7 (spec §4). */
  status: number;
  /** Error code of a refusal or failure (7205, 7103 ...), 0 when none. */
  errorCode: number;
  replyMsgId?: string;
  replyBody?: Record<string, unknown>;
  at: number;
}

