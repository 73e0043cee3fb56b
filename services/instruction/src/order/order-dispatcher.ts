import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, InstructionStatus, Topics, type CommandResult } from '@openfleet/contracts';
import { ErrorCode } from '@openfleet/errors';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { In, LessThan, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { INSTRUCTION_CONFIG, type InstructionConfig } from '../instruction-config';
import { TerminalParametersService } from '../parameters/terminal-parameters.service';
import { TerminalDirectory } from '../registry/terminal-directory';
import { InstructionOrder } from './instruction-order.entity';
import { OrderEvents } from './order-events';
import { CANCELLABLE_STATUSES, errorCodeOfResult, OPEN_STATUSES } from './order-status';

/** A delivered order whose result never came (gateway restarted) is timed out this long after its own timeout. */
const LOST_REPLY_GRACE_MS = 30_000;
/** An order left in status 0 (the process stopped between insert and delivery) is routed again after this. */
const STRANDED_AFTER_MS = 30_000;
const SWEEP_BATCH = 500;
/**
 * Terminals that came online within this long are looked up together: a gateway's restart brings a
 * thousand back at once, and so does this service's start, when its registry reads every state (one
 * query each kept its database pool, and its /health probe, busy for a minute on a loaded machine).
 */
const ONLINE_BATCH_MS = 200;

/**
 * Moves orders along: delivery to the gateways (instruction.downlink.v1), results back from them
 * (instruction.result.v1), queued orders out when their terminal comes online, and the sweeps
 * (queue expiry, lost replies, stranded orders). Every transition is a guarded UPDATE (`WHERE
 * status IN (...)`), so redelivered results and several instances never move an order twice, and
 * an order is claimed (5 -> 7) before it is published, so it is never sent twice.
 */
@Injectable()
export class OrderDispatcher extends BusConsumer {
  private readonly logger = new Logger(OrderDispatcher.name);
  private sweepTimer?: NodeJS.Timeout;
  private sweeping = false;
  /** Terminals that came online since the last lookup (canonical phones), and its timer. */
  private readonly cameOnline = new Set<string>();
  private onlineTimer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(InstructionOrder, 'instruction') private readonly orders: Repository<InstructionOrder>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(INSTRUCTION_CONFIG) private readonly config: InstructionConfig,
    private readonly directory: TerminalDirectory,
    private readonly events: OrderEvents,
    private readonly parameters: TerminalParametersService,
  ) {
    super();
  }

  protected consumes() {
    return [consume(Topics.commandResult, { group: `${this.config.INSTRUCTION_GROUP}-results`, fromBeginning: true, handle: async (messages) => this.applyResults(messages.map((message) => message.value)) })];
  }

  override async onModuleInit(): Promise<void> {
    this.directory.onOnline = (phone) => this.cameOnlineNow(phone);
    await super.onModuleInit();
    // On every replica, no lease: each move is a guarded UPDATE (WHERE status IN ...), so of two sweeps one moves an order.
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.INSTRUCTION_SWEEP_MS);
    this.sweepTimer.unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    clearTimeout(this.onlineTimer);
    await super.onModuleDestroy();
  }

  /**
   * Sends orders that were just claimed (status 7, sent_at set). When the bus refuses them, they
   * go back to the queue (queue policy) or fail with 7101: nothing is left claiming to be sent.
   */
  async publishClaimed(orders: InstructionOrder[]): Promise<void> {
    if (!orders.length) return;
    try {
      await this.bus.publish(
        Topics.downlinkCommand,
        orders.map((order) => ({
          key: canonicalTerminalPhone(order.terminalPhone),
          value: {
            commandId: String(order.id),
            terminalPhone: order.terminalPhone,
            vehicleId: order.vehicleId,
            msgId: order.msgId,
            body: order.body,
            requestedAt: order.sentAt,
            timeoutMs: order.timeoutMs,
          },
        })),
      );
    } catch (error) {
      this.logger.warn(`${orders.length} orders not delivered to the bus: ${(error as Error).message}`);
      const changed: InstructionOrder[] = [];
      for (const order of orders) {
        const queue = order.offlinePolicy === 'queue' && order.expireAt > Date.now();
        const status = queue ? InstructionStatus.WAITING_RESPONSE : InstructionStatus.FAILED;
        const errorCode = queue ? 0 : ErrorCode.INSTRUCTION_SEND_FAILED;
        if (await this.transition(order, [InstructionStatus.ISSUED_AWAITING_RESPONSE], { status, errorCode })) changed.push(order);
      }
      await this.events.publish(changed);
    }
  }

  /** A terminal came online: its queued orders go out with those of the others that came online meanwhile. */
  private cameOnlineNow(terminalPhone: string): void {
    this.cameOnline.add(terminalPhone);
    this.onlineTimer ??= setTimeout(() => {
      this.onlineTimer = undefined;
      const phones = [...this.cameOnline];
      this.cameOnline.clear();
      void this.flushQueued(phones).catch((error) => this.logger.warn(`queued orders of ${phones.length} terminals that came online: ${(error as Error).message}`));
    }, ONLINE_BATCH_MS);
  }

  /**
   * Claims (5 -> 7) and sends the queued orders of terminals that came online, each terminal's
   * oldest first: one query per 500 terminals (an order queued past the first 500 of its query
   * waits for the sweep). Returns how many this call claimed.
   */
  async flushQueued(terminalPhones: readonly string[]): Promise<number> {
    const phones = [...new Set(terminalPhones)];
    let claimedCount = 0;
    for (let i = 0; i < phones.length; i += SWEEP_BATCH) {
      const queued = await this.orders.find({ where: { terminalPhone: In(phones.slice(i, i + SWEEP_BATCH)), status: InstructionStatus.WAITING_RESPONSE }, order: { id: 'ASC' }, take: SWEEP_BATCH });
      claimedCount += await this.claimAndSend(queued);
    }
    return claimedCount;
  }

  private async claimAndSend(queued: InstructionOrder[]): Promise<number> {
    const claimed: InstructionOrder[] = [];
    const now = Date.now();
    for (const order of queued) {
      if (order.expireAt <= now) continue;
      if (await this.transition(order, [InstructionStatus.WAITING_RESPONSE], { status: InstructionStatus.ISSUED_AWAITING_RESPONSE, sentAt: now })) claimed.push(order);
    }
    await this.events.publish(claimed);
    await this.publishClaimed(claimed);
    return claimed.length;
  }

  /** Results from the gateways: final statuses, or back to the queue when the terminal turned out to be offline. */
  async applyResults(results: readonly CommandResult[]): Promise<void> {
    const ids = [...new Set(results.map((result) => Number(result.commandId)).filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (!ids.length) return;
    const byId = new Map((await this.orders.findBy({ id: In(ids) })).map((order) => [order.id, order]));
    // Results of different orders are independent: their guarded updates run side by side.
    const settled = await Promise.all(
      results.map(async (result) => {
        const order = byId.get(Number(result.commandId));
        if (!order || result.status === InstructionStatus.ISSUED_AWAITING_RESPONSE) return undefined;
        const requeue = result.status === InstructionStatus.DEVICE_OFFLINE && order.offlinePolicy === 'queue' && order.expireAt > Date.now();
        const next: Partial<InstructionOrder> = requeue
          ? { status: InstructionStatus.WAITING_RESPONSE, errorCode: 0 }
          : {
              status: result.status,
              errorCode: errorCodeOfResult(result),
              replyMsgId: result.replyMsgId ?? '',
              replyResult: result.replyResult ?? null,
              replyBody: result.replyBody ?? null,
              replyAt: result.at,
            };
        // Only a delivered order takes a result; a redelivered result finds it already final.
        if (!(await this.transition(order, [InstructionStatus.ISSUED_AWAITING_RESPONSE], next))) return undefined;
        if (order.status === InstructionStatus.SUCCESS && order.replyBody) await this.parameters.recordReply(order);
        return order;
      }),
    );
    const changed = settled.filter((order): order is InstructionOrder => order !== undefined);
    await this.events.publish(changed);
  }

  /** Queue expiry, lost replies, stranded orders, and queued orders whose terminal is online. */
  async sweep(now = Date.now()): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const changed: InstructionOrder[] = [];
      const expired = await this.orders.find({ where: { status: InstructionStatus.WAITING_RESPONSE, expireAt: LessThan(now) }, take: SWEEP_BATCH });
      for (const order of expired)
        if (await this.transition(order, [InstructionStatus.WAITING_RESPONSE], { status: InstructionStatus.DEVICE_OFFLINE, errorCode: ErrorCode.INSTRUCTION_VEHICLE_OFFLINE })) changed.push(order);
      const lost = await this.orders
        .createQueryBuilder('o')
        .where('o.status = :status AND o.sent_at + o.timeout_ms < :limit', { status: InstructionStatus.ISSUED_AWAITING_RESPONSE, limit: now - LOST_REPLY_GRACE_MS })
        .take(SWEEP_BATCH)
        .getMany();
      for (const order of lost)
        if (await this.transition(order, [InstructionStatus.ISSUED_AWAITING_RESPONSE], { status: InstructionStatus.RESPONSE_TIMEOUT, errorCode: ErrorCode.INSTRUCTION_RESPONSE_TIMEOUT })) changed.push(order);
      const stranded = await this.orders.find({ where: { status: InstructionStatus.INITIAL, createdAt: LessThan(now - STRANDED_AFTER_MS) }, take: SWEEP_BATCH });
      const strandedSend: InstructionOrder[] = [];
      for (const order of stranded) {
        const online = this.directory.isOnline(order.terminalPhone);
        const next: Partial<InstructionOrder> = online
          ? { status: InstructionStatus.ISSUED_AWAITING_RESPONSE, sentAt: now }
          : order.offlinePolicy === 'queue'
            ? { status: InstructionStatus.WAITING_RESPONSE }
            : { status: InstructionStatus.DEVICE_OFFLINE, errorCode: ErrorCode.INSTRUCTION_VEHICLE_OFFLINE };
        if (await this.transition(order, [InstructionStatus.INITIAL], next)) (online ? strandedSend : changed).push(order);
      }
      await this.events.publish([...changed, ...strandedSend]);
      await this.publishClaimed(strandedSend);
      const queuedPhones: { phone: string }[] = await this.orders
        .createQueryBuilder('o')
        .select('DISTINCT o.terminal_phone', 'phone')
        .where('o.status = :status', { status: InstructionStatus.WAITING_RESPONSE })
        .limit(SWEEP_BATCH)
        .getRawMany();
      await this.flushQueued(queuedPhones.map(({ phone }) => phone).filter((phone) => this.directory.isOnline(phone)));
    } catch (error) {
      this.logger.warn(`sweep failed: ${(error as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Moves one order if it is still in one of `from`; true when this call moved it (and `order`
   * now carries the new values). The guard makes the transition safe against concurrent movers.
   */
  async transition(order: InstructionOrder, from: readonly number[], next: Partial<InstructionOrder>): Promise<boolean> {
    const values = { ...next, updatedAt: Date.now() };
    // JSON columns (params, replyBody) defeat TypeORM's deep-partial typing; the transformer writes them.
    const result = await this.orders.update({ id: order.id, status: In([...from]) }, values as QueryDeepPartialEntity<InstructionOrder>);
    if (!result.affected) return false;
    Object.assign(order, values);
    return true;
  }

  /** Cancels an order not yet delivered (0/5 -> 6). */
  cancel(order: InstructionOrder): Promise<boolean> {
    return this.transition(order, CANCELLABLE_STATUSES, { status: InstructionStatus.VOID });
  }

  isOpen(order: InstructionOrder): boolean {
    return (OPEN_STATUSES as number[]).includes(order.status);
  }
}
