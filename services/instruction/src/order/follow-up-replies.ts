import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { canonicalTerminalPhone, InstructionStatus, type TerminalUplink } from '@openfleet/contracts';
import type { Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { InstructionOrder } from './instruction-order.entity';
import { OrderEvents } from './order-events';

/** Follow-ups that answer an order later than its reply, and where they go on it. */
const FOLLOW_UPS: Record<string, { command: string; key: string }> = {
  // 0x0108: the upgrade's outcome (0 ok, 1 failed, 2 cancelled), minutes after the package's 0x0001.
  '0x0108': { command: '0x8108', key: 'upgradeResult' },
  // 0x0302: the driver's answer to a question (carries the question's serial, not our order id).
  '0x0302': { command: '0x8302', key: 'answer' },
  // 0x0303: the driver asked for (or cancelled) an information type of the menu.
  '0x0303': { command: '0x8303', key: 'onDemand' },
  // 0x0301: the driver reported one of the events the platform set.
  '0x0301': { command: '0x8301', key: 'eventReport' },
  // 0x1206: a JT/T 1078 file upload (0x9206) finished (result 0 ok, 1 failed), after the file reached the FTP server.
  '0x1206': { command: '0x9206', key: 'uploadResult' },
};

/** How far back a follow-up looks for its order. */
const FOLLOW_UP_WINDOW_MS = 24 * 3_600_000;

/**
 * Terminal messages that complete an order after its reply: kept on the terminal's latest
 * successful order of that command, and pushed to the console like any order change.
 */
@Injectable()
export class FollowUpReplies {
  constructor(
    @InjectRepository(InstructionOrder, 'instruction') private readonly orders: Repository<InstructionOrder>,
    private readonly events: OrderEvents,
  ) {}

  handles(msgId: string): boolean {
    return msgId in FOLLOW_UPS;
  }

  async apply(uplink: TerminalUplink): Promise<InstructionOrder | undefined> {
    const follow = FOLLOW_UPS[uplink.msgId];
    if (!follow) return undefined;
    const order = await this.orders
      .createQueryBuilder('o')
      .where('o.terminal_phone = :phone AND o.msg_id = :command AND o.status = :status AND o.created_at > :since', {
        phone: canonicalTerminalPhone(uplink.terminalPhone),
        command: follow.command,
        status: InstructionStatus.SUCCESS,
        since: uplink.receivedAt - FOLLOW_UP_WINDOW_MS,
      })
      .orderBy('o.id', 'DESC')
      .getOne();
    if (!order) return undefined;
    const replyBody = { ...(order.replyBody ?? {}), [follow.key]: { ...uplink.body, receivedAt: uplink.receivedAt } };
    const updatedAt = Date.now();
    await this.orders.update({ id: order.id }, { replyBody, updatedAt } as QueryDeepPartialEntity<InstructionOrder>);
    Object.assign(order, { replyBody, updatedAt });
    await this.events.publish([order]);
    return order;
  }
}
