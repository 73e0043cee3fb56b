import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { inScope, type AuthUser } from '@openfleet/auth';
import { commandDef, InstructionStatus, PENDING_INSTRUCTION_STATUSES, validateFields, withDefaults, type CommandDef, type Edition, type InstructionRequest, type SendOutcome } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { parseTimeParam, type Page } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import { In, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { pathOf, rowInScope, whereInScope } from '@openfleet/storage';
import { INSTRUCTION_CONFIG, type InstructionConfig } from '../instruction-config';
import { parameterItemsOf } from '../parameters/terminal-parameters.service';
import { TerminalDirectory, type CommandTarget } from '../registry/terminal-directory';
import type { OrderPageQueryDto, SendOrderDto } from './dto/order.dto';
import { InstructionOrder } from './instruction-order.entity';
import { OrderDispatcher } from './order-dispatcher';
import { OrderEvents } from './order-events';
import { orderView } from './order-secrets';

// The answer types are the console's too (libs/contracts instruction-api).
export type { SendOutcome };

const DEFAULT_QUEUE_MINUTES = 60;
const INSERT_CHUNK = 500;
const EXPORT_MAX_ROWS = 10_000;
/** Requests from other services were scope-checked there; here they see every vehicle. */
const SYSTEM: AuthUser = { id: 'system', companyId: '', userType: 0, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const hex4 = (n: number) => `0x${n.toString(16).padStart(4, '0').toUpperCase()}`;

/** Instruction orders: sending (one vehicle or a batch), cancelling, resending, the log and the pending count. */
@Injectable()
export class OrderService {
  constructor(
    @InjectRepository(InstructionOrder, 'instruction') private readonly orders: Repository<InstructionOrder>,
    @Inject(INSTRUCTION_CONFIG) private readonly config: InstructionConfig,
    private readonly directory: TerminalDirectory,
    private readonly dispatcher: OrderDispatcher,
    private readonly events: OrderEvents,
  ) {}

  /**
   * Creates one order per vehicle and sends those whose terminal is online; offline ones fail at once
   * (2, 7205) or wait in the queue. A single-vehicle send that does not reach status 7 or 5 answers
   * its error code; a batch answers every vehicle's outcome.
   */
  async send(user: AuthUser, request: SendOrderDto, flow?: CommandDef['dedicated']): Promise<SendOutcome[]> {
    const def = commandDef(request.commandType);
    if (!def) throw new AppError(ErrorCode.INSTRUCTION_NOT_CONFIGURED, { data: request.commandType });
    // Door locks and remote control only through their own flows (SMS code and password; pre-checks and log).
    if (def.dedicated && def.dedicated !== flow) throw new AppError(ErrorCode.INSTRUCTION_NOT_CONFIGURED, { data: { commandType: def.type, use: def.dedicated } });
    const vehicleIds = [...new Set(request.vehicleIds)];
    if (!vehicleIds.length) throw new AppError(ErrorCode.INSTRUCTION_VEHICLE_NOT_SELECTED);
    if (vehicleIds.length > this.config.INSTRUCTION_BATCH_MAX) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { maxVehicles: this.config.INSTRUCTION_BATCH_MAX } });
    const params = withDefaults(def.fields, request.params ?? {});
    const problems = validateFields(def.fields, params).filter((problem) => problem.reason !== 'edition');
    if (problems.length) throw new AppError(ErrorCode.INSTRUCTION_PARAMS_INVALID, { data: problems });
    const policy = request.offlinePolicy ?? 'fail';
    const expireMinutes = Math.min(request.expireMinutes ?? DEFAULT_QUEUE_MINUTES, this.config.INSTRUCTION_QUEUE_MAX_MINUTES);

    const now = Date.now();
    const batchId = vehicleIds.length > 1 ? randomUUID().replace(/-/g, '') : '';
    const outcomes: SendOutcome[] = [];
    const rows: InstructionOrder[] = [];
    const online = new Set<InstructionOrder>();
    for (const vehicleId of vehicleIds) {
      let target: CommandTarget;
      let body: Record<string, unknown>;
      try {
        target = this.directory.target(user, vehicleId);
        body = this.bodyFor(def, params, target.edition);
      } catch (error) {
        if (!(error instanceof AppError) || vehicleIds.length === 1) throw error;
        // Another company's vehicle answers exactly like one that does not exist: no plate.
        outcomes.push({ vehicleId, plateCode: this.visiblePlate(user, vehicleId), orderId: null, status: InstructionStatus.FAILED, errorCode: error.errorCode });
        continue;
      }
      const order = this.orders.create({
        batchId,
        vehicleId,
        terminalPhone: target.terminalPhone,
        plateCode: target.vehicle.plateCode,
        companyId: target.vehicle.companyId,
        companyPath: pathOf(target.vehicle.companyPath),
        fleetPath: pathOf(target.vehicle.fleetPath),
        commandType: def.type,
        msgId: hex4(def.msgId),
        params,
        body,
        status: target.online ? InstructionStatus.ISSUED_AWAITING_RESPONSE : policy === 'queue' ? InstructionStatus.WAITING_RESPONSE : InstructionStatus.DEVICE_OFFLINE,
        errorCode: target.online || policy === 'queue' ? 0 : ErrorCode.INSTRUCTION_VEHICLE_OFFLINE,
        offlinePolicy: policy,
        timeoutMs: (request.timeoutS ?? def.timeoutS) * 1000,
        expireAt: policy === 'queue' ? now + expireMinutes * 60_000 : 0,
        replyMsgId: '',
        replyResult: null,
        replyBody: null,
        operatorId: user.id,
        operatorName: '',
        createdAt: now,
        sentAt: target.online ? now : 0,
        replyAt: 0,
        updatedAt: now,
      });
      rows.push(order);
      if (target.online) online.add(order);
    }
    await this.refuseOverfullQueues(rows);
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await this.orders.insert(rows.slice(i, i + INSERT_CHUNK) as QueryDeepPartialEntity<InstructionOrder>[]);
    // The commands first (what the operator waits for), then the status events.
    await this.dispatcher.publishClaimed(rows.filter((row) => online.has(row)));
    await this.events.publish(rows);
    for (const row of rows) outcomes.push({ vehicleId: row.vehicleId, plateCode: row.plateCode, orderId: String(row.id), status: row.status, errorCode: row.errorCode });
    if (vehicleIds.length === 1 && outcomes[0].errorCode) throw new AppError(outcomes[0].errorCode, { data: outcomes[0] });
    return outcomes;
  }

  /**
   * An order another service asked for (instruction.request.v1), with the body it built. Once per
   * request id (a redelivered request finds its order). A refusal becomes a failed order, so the
   * requester hears of it through instruction.order.v1 like of any outcome.
   */
  async sendRequested(request: InstructionRequest): Promise<InstructionOrder | undefined> {
    if (await this.orders.existsBy({ batchId: request.requestId })) return undefined;
    const def = commandDef(request.commandType);
    const now = Date.now();
    let target: CommandTarget | undefined;
    let errorCode = 0;
    if (!def || def.dedicated !== request.source || hex4(def.msgId) !== request.msgId) errorCode = ErrorCode.INSTRUCTION_NOT_CONFIGURED;
    else {
      try {
        target = this.directory.target(SYSTEM, request.vehicleId);
        if (target.edition && def.editions && !def.editions.includes(target.edition)) errorCode = ErrorCode.PROTOCOL_VERSION_MISMATCH;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errorCode = error.errorCode;
      }
    }
    const vehicle = target?.vehicle ?? this.directory.vehicles.byVehicleId(request.vehicleId);
    const online = !errorCode && !!target?.online;
    const queue = !errorCode && !online && request.offlinePolicy === 'queue';
    const order = this.orders.create({
      batchId: request.requestId,
      vehicleId: request.vehicleId,
      terminalPhone: target?.terminalPhone ?? '',
      plateCode: vehicle?.plateCode ?? '',
      companyId: vehicle?.companyId ?? '',
      companyPath: pathOf(vehicle?.companyPath ?? []),
      fleetPath: pathOf(vehicle?.fleetPath ?? []),
      commandType: request.commandType,
      msgId: request.msgId,
      params: { source: request.source },
      body: request.body,
      status: errorCode ? InstructionStatus.FAILED : online ? InstructionStatus.ISSUED_AWAITING_RESPONSE : queue ? InstructionStatus.WAITING_RESPONSE : InstructionStatus.DEVICE_OFFLINE,
      errorCode: errorCode || (online || queue ? 0 : ErrorCode.INSTRUCTION_VEHICLE_OFFLINE),
      offlinePolicy: request.offlinePolicy,
      timeoutMs: request.timeoutS * 1000,
      expireAt: queue ? now + this.config.INSTRUCTION_QUEUE_MAX_MINUTES * 60_000 : 0,
      replyMsgId: '',
      replyResult: null,
      replyBody: null,
      operatorId: request.operatorId,
      operatorName: '',
      createdAt: now,
      sentAt: online ? now : 0,
      replyAt: 0,
      updatedAt: now,
    });
    await this.refuseOverfullQueues([order]);
    await this.orders.insert(order as QueryDeepPartialEntity<InstructionOrder>);
    if (online) await this.dispatcher.publishClaimed([order]);
    await this.events.publish([order]);
    return order;
  }

  /** The message body for a terminal of `edition`; 7109 when the command or one of its fields does not exist in that edition. */
  private bodyFor(def: CommandDef, params: Record<string, unknown>, edition: Edition | ''): Record<string, unknown> {
    if (edition && def.editions && !def.editions.includes(edition)) throw new AppError(ErrorCode.PROTOCOL_VERSION_MISMATCH, { data: { commandType: def.type, edition } });
    if (edition && validateFields(def.fields, params, edition).some((problem) => problem.reason === 'edition'))
      throw new AppError(ErrorCode.PROTOCOL_VERSION_MISMATCH, { data: { commandType: def.type, edition } });
    const body = def.build(params, edition || '2013');
    if (def.type === 'setParams') {
      const { items, problems } = parameterItemsOf((body.items as { id: number; value: unknown }[]) ?? []);
      if (problems.length) throw new AppError(ErrorCode.INSTRUCTION_PARAMS_INVALID, { data: problems });
      return { items };
    }
    return body;
  }

  /** The plate of a vehicle the caller may see; '' for one out of scope or unknown. */
  private visiblePlate(user: AuthUser, vehicleId: string): string {
    const vehicle = this.directory.vehicles.byVehicleId(vehicleId);
    return vehicle && inScope(user, vehicle) ? vehicle.plateCode : '';
  }

  /** Cancels orders not yet delivered: 7111 for one delivered to an online vehicle, 7113 for a finished one. */
  async cancel(user: AuthUser, orderIds: string[]): Promise<{ orderId: string; status: number; errorCode: number }[]> {
    const orders = await this.visibleOrders(user, orderIds);
    const outcomes = [];
    const changed: InstructionOrder[] = [];
    for (const id of orderIds) {
      const order = orders.get(Number(id));
      let errorCode = 0;
      if (!order) errorCode = ErrorCode.INSTRUCTION_NOT_FOUND;
      else if (await this.dispatcher.cancel(order)) changed.push(order);
      else if (order.status === InstructionStatus.ISSUED_AWAITING_RESPONSE) errorCode = ErrorCode.ONLINE_VEHICLE_CANNOT_CANCEL;
      else errorCode = ErrorCode.INSTRUCTION_ALREADY_FINISHED;
      outcomes.push({ orderId: id, status: order?.status ?? -1, errorCode });
    }
    await this.events.publish(changed);
    if (orderIds.length === 1 && outcomes[0].errorCode) throw new AppError(outcomes[0].errorCode, { data: outcomes[0] });
    return outcomes;
  }

  /**
   * 7120 for orders that would queue behind INSTRUCTION_QUEUE_MAX_PER_TERMINAL others of an offline
   * terminal: they fail at once (status 2) instead of growing a backlog the terminal would be flooded with.
   */
  private async refuseOverfullQueues(rows: InstructionOrder[]): Promise<void> {
    const queued = rows.filter((row) => row.status === InstructionStatus.WAITING_RESPONSE);
    if (!queued.length) return;
    const phones = [...new Set(queued.map((row) => row.terminalPhone))];
    const waiting = new Map<string, number>();
    for (let i = 0; i < phones.length; i += INSERT_CHUNK) {
      const counts = await this.orders
        .createQueryBuilder('o')
        .select('o.terminalPhone', 'terminalPhone')
        .addSelect('COUNT(*)', 'waiting')
        .where('o.terminalPhone IN (:...phones)', { phones: phones.slice(i, i + INSERT_CHUNK) })
        .andWhere('o.status = :status', { status: InstructionStatus.WAITING_RESPONSE })
        .groupBy('o.terminalPhone')
        .getRawMany<{ terminalPhone: string; waiting: number | string }>();
      for (const row of counts) waiting.set(row.terminalPhone, Number(row.waiting));
    }
    for (const row of queued) {
      const ahead = waiting.get(row.terminalPhone) ?? 0;
      if (ahead >= this.config.INSTRUCTION_QUEUE_MAX_PER_TERMINAL) {
        Object.assign(row, { status: InstructionStatus.FAILED, errorCode: ErrorCode.INSTRUCTION_QUEUE_FULL, expireAt: 0 });
      } else waiting.set(row.terminalPhone, ahead + 1);
    }
  }

  /** Sends finished orders again as new orders (same command, parameters and offline policy). */
  async resend(user: AuthUser, orderIds: string[]): Promise<SendOutcome[]> {
    const orders = await this.visibleOrders(user, orderIds);
    const outcomes: SendOutcome[] = [];
    for (const id of orderIds) {
      const order = orders.get(Number(id));
      if (!order) {
        outcomes.push({ vehicleId: '', plateCode: '', orderId: null, status: InstructionStatus.FAILED, errorCode: ErrorCode.INSTRUCTION_NOT_FOUND });
        continue;
      }
      try {
        outcomes.push(...(await this.send(user, { commandType: order.commandType, vehicleIds: [order.vehicleId], params: order.params, offlinePolicy: order.offlinePolicy as 'fail' | 'queue' })));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const data = error.data as SendOutcome | undefined;
        outcomes.push(data?.vehicleId ? data : { vehicleId: order.vehicleId, plateCode: order.plateCode, orderId: null, status: InstructionStatus.FAILED, errorCode: error.errorCode });
      }
    }
    if (orderIds.length === 1 && outcomes[0].errorCode) throw new AppError(outcomes[0].errorCode, { data: outcomes[0] });
    return outcomes;
  }

  async get(user: AuthUser, orderId: string): Promise<InstructionOrder> {
    const order = (await this.visibleOrders(user, [orderId])).get(Number(orderId));
    if (!order) throw new AppError(ErrorCode.INSTRUCTION_NOT_FOUND, { data: orderId });
    return order;
  }

  async page(user: AuthUser, query: OrderPageQueryDto): Promise<Page<InstructionOrder>> {
    const [records, total] = await this.filtered(user, query)
      .orderBy('o.id', 'DESC')
      .skip((query.current - 1) * query.size)
      .take(query.size)
      .getManyAndCount();
    return { records: records.map(orderView), total, current: query.current, size: query.size };
  }

  /** The log as the export writes it (newest first, at most 10,000 rows), credentials masked. */
  async exportRows(user: AuthUser, query: OrderPageQueryDto): Promise<InstructionOrder[]> {
    return (await this.filtered(user, query).orderBy('o.id', 'DESC').take(EXPORT_MAX_ROWS).getMany()).map(orderView);
  }

  /** Orders of the caller's scope that can still change (0, 5, 7): the header badge. */
  async pendingCount(user: AuthUser): Promise<{ count: number; time: number }> {
    const query = this.orders.createQueryBuilder('o').where('o.status IN (:...statuses)', { statuses: [...PENDING_INSTRUCTION_STATUSES] });
    return { count: await whereInScope(query, user, 'o', { vehicleColumn: 'vehicle_id' }).getCount(), time: Date.now() };
  }

  private filtered(user: AuthUser, query: OrderPageQueryDto) {
    const builder = this.orders.createQueryBuilder('o').where('1 = 1');
    if (query.status !== undefined) builder.andWhere('o.status = :status', { status: query.status });
    if (query.commandType) builder.andWhere('o.command_type = :commandType', { commandType: query.commandType });
    if (query.vehicleId) builder.andWhere('o.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
    if (query.batchId) builder.andWhere('o.batch_id = :batchId', { batchId: query.batchId });
    if (query.keyword) builder.andWhere('o.plate_code LIKE :keyword', { keyword: `%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` });
    if (query.startTime) builder.andWhere('o.created_at >= :from', { from: parseTimeParam(query.startTime, 'startTime') * 1000 });
    if (query.endTime) builder.andWhere('o.created_at <= :to', { to: parseTimeParam(query.endTime, 'endTime') * 1000 + 999 });
    return whereInScope(builder, user, 'o', { vehicleColumn: 'vehicle_id' });
  }

  /** Orders by id that the caller may see (others are simply absent). */
  private async visibleOrders(user: AuthUser, orderIds: string[]): Promise<Map<number, InstructionOrder>> {
    const ids = orderIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    if (!ids.length) return new Map();
    const rows = await this.orders.findBy({ id: In(ids) });
    return new Map(rows.filter((row) => rowInScope(user, row)).map((row) => [row.id, row]));
  }
}
