import { jsonCodec } from '../codec';
import { checkFields } from '../validation';
import type { InstructionOrderEvent } from './order-types';

export const instructionOrderCodec = jsonCodec<InstructionOrderEvent>((value) =>
  checkFields(value, {
    orderId: 'string',
    batchId: 'string',
    vehicleId: 'string',
    terminalPhone: 'string',
    plateCode: 'string',
    commandType: 'string',
    msgId: 'string',
    status: 'number',
    errorCode: 'number',
    replyMsgId: 'string?',
    replyBody: 'object?',
    at: 'number',
  }),
);
