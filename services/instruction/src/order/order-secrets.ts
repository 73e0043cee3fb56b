import { maskOrderSecrets } from '@openfleet/contracts';
import type { InstructionOrder } from './instruction-order.entity';

/**
 * An order as the log, its detail and its export show it, credentials masked. The masking itself
 * lives in @openfleet/contracts: the api's live hub masks order events the same way.
 */
export function orderView<T extends Pick<InstructionOrder, 'msgId' | 'params' | 'body' | 'replyBody'>>(order: T): T {
  return maskOrderSecrets(order);
}
