import { COMMANDS } from '@openfleet/contracts/instruction';

/** The terminal general reply (0x0001, JT/T 808 table 4): which message it answers and how. */
export interface GeneralReply {
  readonly replyId: number;
  readonly result: number;
}

/** 0 success/confirmed, 1 failure, 2 message error, 3 not supported, 4 alarm handling confirmed. */
export const GENERAL_RESULTS = [0, 1, 2, 3, 4] as const;

/** The reply body when it is a general reply (`{replySerial, replyId, result}`), else null. */
export function generalReplyOf(replyMsgId: string | undefined, body: Record<string, unknown> | null | undefined): GeneralReply | null {
  if (!body || typeof body.replyId !== 'number' || typeof body.result !== 'number') return null;
  if (replyMsgId && replyMsgId !== '0x0001' && replyMsgId !== '0x8001') return null;
  return { replyId: body.replyId, result: body.result };
}

/** `0x8300` style id. */
export function msgIdText(id: number): string {
  return `0x${id.toString(16).padStart(4, '0').toUpperCase()}`;
}

/** The [zh_CN, en_US] name of a platform message the console sends, or null when it is not one of ours. */
export function messageLabel(msgId: number): readonly [string, string] | null {
  return COMMANDS.find((command) => command.msgId === msgId)?.label ?? null;
}
