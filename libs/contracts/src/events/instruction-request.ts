import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

/**
 * A command another service asks the instruction service to send (topic instruction.request.v1,
 * key canonical terminal phone): fence issuing builds its 0x8600-0x8608 bodies itself. The
 * instruction service makes an order of it (batchId = requestId) and its instruction.order.v1
 * events tell the requester how it went. The requester has checked the operator's scope.
 */
export interface InstructionRequest {
  requestId: string;
  /** Requesting service ('fence'). */
  source: string;
  commandType: string;
  vehicleId: string;
  msgId: string;
  body: Record<string, unknown>;
  operatorId: string;
  offlinePolicy: 'fail' | 'queue';
  timeoutS: number;
  requestedAt: number;
}

export const instructionRequestCodec = jsonCodec<InstructionRequest>((value) =>
  checkFields(value, {
    requestId: 'string',
    source: 'string',
    commandType: 'string',
    vehicleId: 'string',
    msgId: 'string',
    body: 'object',
    operatorId: 'string',
    offlinePolicy: 'string',
    timeoutS: 'number',
    requestedAt: 'number',
  }),
);
