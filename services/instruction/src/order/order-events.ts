import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics, type InstructionOrderEvent } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import type { InstructionOrder } from './instruction-order.entity';

export function orderEventOf(order: InstructionOrder): InstructionOrderEvent {
  return {
    orderId: String(order.id),
    batchId: order.batchId,
    vehicleId: order.vehicleId,
    terminalPhone: order.terminalPhone,
    plateCode: order.plateCode,
    commandType: order.commandType,
    msgId: order.msgId,
    status: order.status,
    errorCode: order.errorCode,
    ...(order.replyMsgId ? { replyMsgId: order.replyMsgId } : {}),
    ...(order.replyBody ? { replyBody: order.replyBody } : {}),
    at: order.updatedAt,
  };
}

/** Publishes order changes (instruction.order.v1): the console's dialogs and pending count follow them. */
@Injectable()
export class OrderEvents {
  private readonly logger = new Logger(OrderEvents.name);

  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async publish(orders: readonly InstructionOrder[]): Promise<void> {
    if (!orders.length) return;
    try {
      await this.bus.publish(
        Topics.instructionOrder,
        orders.map((order) => ({ key: canonicalTerminalPhone(order.terminalPhone || order.vehicleId), value: orderEventOf(order) })),
      );
    } catch (error) {
      // The order row is the record; a lost notification only delays the console until its next refresh.
      this.logger.warn(`order events not published: ${(error as Error).message}`);
    }
  }
}
