import type { EventBus } from '@openfleet/bus';
import { InstructionStatus, Topics, type CommandResult } from '@openfleet/contracts';
import { ErrorCode } from '@openfleet/errors';
import type { FindOperator, Repository } from 'typeorm';
import type { InstructionConfig } from '../instruction-config';
import type { TerminalParametersService } from '../parameters/terminal-parameters.service';
import type { TerminalDirectory } from '../registry/terminal-directory';
import type { InstructionOrder } from './instruction-order.entity';
import { OrderDispatcher } from './order-dispatcher';
import type { OrderEvents } from './order-events';

const NOW = 1_732_000_000_000;
const PHONE = '13800000001';
const { INITIAL, SUCCESS, DEVICE_OFFLINE, FAILED, WAITING_RESPONSE, VOID, ISSUED_AWAITING_RESPONSE } = InstructionStatus;

/**
 * The order table as the dispatcher uses it outside the sweep: rows read as copies, and the
 * guarded update (`WHERE id = ? AND status IN (...)`) that makes every transition happen once.
 */
class OrderTable {
  readonly rows = new Map<number, InstructionOrder>();
  add(row: Partial<InstructionOrder>): InstructionOrder {
    const order = { id: this.rows.size + 1, terminalPhone: PHONE, vehicleId: 'v1', msgId: '8103', body: {}, status: WAITING_RESPONSE, errorCode: 0, offlinePolicy: 'queue', timeoutMs: 30_000, expireAt: NOW + 60_000, sentAt: 0, createdAt: NOW - 1000, replyBody: null, ...row } as InstructionOrder;
    this.rows.set(order.id, order);
    return { ...order };
  }
  status(id: number): number {
    return this.rows.get(id)!.status;
  }
  async update(where: { id: number; status: FindOperator<number[]> }, values: Partial<InstructionOrder>) {
    const row = this.rows.get(where.id);
    if (!row || !(where.status.value as unknown as number[]).includes(row.status)) return { affected: 0 };
    Object.assign(row, values);
    return { affected: 1 };
  }
  readonly finds: { terminalPhone: FindOperator<string[]> }[] = [];
  async find({ where }: { where: { terminalPhone: FindOperator<string[]>; status: number } }) {
    this.finds.push({ terminalPhone: where.terminalPhone });
    const phones = where.terminalPhone.value as unknown as string[];
    return [...this.rows.values()].filter((row) => phones.includes(row.terminalPhone) && row.status === where.status).sort((a, b) => a.id - b.id).map((row) => ({ ...row }));
  }
  async findBy({ id }: { id: FindOperator<number[]> }) {
    return (id.value as unknown as number[]).flatMap((each) => (this.rows.has(each) ? [{ ...this.rows.get(each)! }] : []));
  }
}

function setUp() {
  const table = new OrderTable();
  const published: { topic: string; keys: string[]; ids: string[] }[] = [];
  const bus = { publish: jest.fn(async (topic: { name: string }, records: { key: string; value: { commandId: string } }[]) => void published.push({ topic: topic.name, keys: records.map((r) => r.key), ids: records.map((r) => r.value.commandId) })) };
  const announced: number[][] = [];
  const events = { publish: jest.fn(async (orders: InstructionOrder[]) => void announced.push(orders.map((order) => order.id))) };
  const parameters = { recordReply: jest.fn(async () => undefined) };
  const directory = { isOnline: () => true } as unknown as TerminalDirectory & { onOnline?: (phone: string) => void };
  const dispatcher = new OrderDispatcher(table as unknown as Repository<InstructionOrder>, bus as unknown as EventBus, { INSTRUCTION_GROUP: 'instruction', INSTRUCTION_SWEEP_MS: 1000 } as InstructionConfig, directory, events as unknown as OrderEvents, parameters as unknown as TerminalParametersService);
  return { table, bus, published, events, announced, parameters, dispatcher, directory };
}

const result = (commandId: number, status: number, extra: Partial<CommandResult> = {}): CommandResult => ({ commandId: String(commandId), terminalPhone: PHONE, status, at: NOW, ...extra }) as CommandResult;

beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => jest.restoreAllMocks());

describe('order dispatcher', () => {
  describe('queued orders of a terminal that came online', () => {
    it('claims and sends them oldest first, keyed by the canonical phone, skipping one expiring right now', () => {
      const { table, published, announced, dispatcher } = setUp();
      const padded = `0${PHONE}`;
      const oldest = table.add({ terminalPhone: padded });
      const expiring = table.add({ terminalPhone: padded, expireAt: NOW });
      const newest = table.add({ terminalPhone: padded });
      return dispatcher.flushQueued([padded]).then((count) => {
        expect(count).toBe(2);
        expect(published).toEqual([{ topic: Topics.downlinkCommand.name, keys: [PHONE, PHONE], ids: [String(oldest.id), String(newest.id)] }]);
        expect(announced).toEqual([[oldest.id, newest.id]]);
        expect(table.rows.get(oldest.id)).toMatchObject({ status: ISSUED_AWAITING_RESPONSE, sentAt: NOW });
        expect(table.status(expiring.id)).toBe(WAITING_RESPONSE);
      });
    });

    it('looks up the terminals that came online within 200 ms in one query, and sends each one\'s orders in order', async () => {
      jest.useFakeTimers({ doNotFake: ['Date'] });
      try {
        const { table, published, dispatcher, directory } = setUp();
        const other = '13800000002';
        const first = table.add({});
        table.add({ terminalPhone: '13800000003' }); // did not come online
        const second = table.add({ terminalPhone: other });
        const third = table.add({});
        await dispatcher.onModuleInit().catch(() => undefined); // its consumer needs a real bus; the hook is set first
        clearInterval((dispatcher as unknown as { sweepTimer: NodeJS.Timeout }).sweepTimer);
        directory.onOnline!(PHONE);
        jest.advanceTimersByTime(150);
        directory.onOnline!(other);
        expect(table.finds).toEqual([]);
        jest.advanceTimersByTime(50);
        await jest.runAllTimersAsync();
        expect(table.finds).toHaveLength(1);
        expect(published.flatMap((p) => p.ids)).toEqual([first.id, second.id, third.id].map(String));
        expect(published.flatMap((p) => p.keys)).toEqual([PHONE, other, PHONE]);
        expect(table.status(2)).toBe(WAITING_RESPONSE);
      } finally {
        jest.useRealTimers();
      }
    });

    it('never sends an order twice when two flushes race', async () => {
      const { table, published, dispatcher } = setUp();
      table.add({});
      const counts = await Promise.all([dispatcher.flushQueued([PHONE]), dispatcher.flushQueued([PHONE])]);
      expect(counts.sort()).toEqual([0, 1]);
      expect(published.flatMap((p) => p.ids)).toEqual(['1']);
    });
  });

  describe('when the bus refuses the claimed orders', () => {
    it('puts a queue order not yet expired back in the queue, and fails the others with 7101', async () => {
      const { table, bus, announced, dispatcher } = setUp();
      const queued = table.add({ status: ISSUED_AWAITING_RESPONSE, offlinePolicy: 'queue', expireAt: NOW + 1 });
      const expired = table.add({ status: ISSUED_AWAITING_RESPONSE, offlinePolicy: 'queue', expireAt: NOW });
      const failing = table.add({ status: ISSUED_AWAITING_RESPONSE, offlinePolicy: 'fail' });
      bus.publish.mockRejectedValueOnce(new Error('broker down'));
      await dispatcher.publishClaimed([queued, expired, failing]);
      expect(table.rows.get(queued.id)).toMatchObject({ status: WAITING_RESPONSE, errorCode: 0 });
      expect(table.rows.get(expired.id)).toMatchObject({ status: FAILED, errorCode: ErrorCode.INSTRUCTION_SEND_FAILED });
      expect(table.rows.get(failing.id)).toMatchObject({ status: FAILED, errorCode: ErrorCode.INSTRUCTION_SEND_FAILED });
      expect(announced).toEqual([[queued.id, expired.id, failing.id]]);
    });
  });

  describe('results from the gateways', () => {
    it('makes a delivered order final with the reply, and records a successful reply\'s parameters', async () => {
      const { table, parameters, announced, dispatcher } = setUp();
      const order = table.add({ status: ISSUED_AWAITING_RESPONSE });
      await dispatcher.applyResults([result(order.id, SUCCESS, { replyMsgId: '0104', replyBody: { params: [] } })]);
      expect(table.rows.get(order.id)).toMatchObject({ status: SUCCESS, errorCode: 0, replyMsgId: '0104', replyAt: NOW });
      expect(parameters.recordReply).toHaveBeenCalledTimes(1);
      expect(announced).toEqual([[order.id]]);
    });

    it('takes a redelivered result once, and a result for an order not delivered never', async () => {
      const { table, announced, parameters, dispatcher } = setUp();
      const delivered = table.add({ status: ISSUED_AWAITING_RESPONSE });
      const cancelled = table.add({ status: VOID });
      await dispatcher.applyResults([result(delivered.id, FAILED, { replyResult: 3, replyBody: { params: [] } }), result(cancelled.id, SUCCESS)]);
      await dispatcher.applyResults([result(delivered.id, SUCCESS)]);
      expect(table.rows.get(delivered.id)).toMatchObject({ status: FAILED, errorCode: ErrorCode.INSTRUCTION_NOT_SUPPORTED });
      expect(table.status(cancelled.id)).toBe(VOID);
      expect(announced).toEqual([[delivered.id], []]);
      expect(parameters.recordReply).not.toHaveBeenCalled(); // only a success changes what the terminal holds
    });

    it('queues again an order whose terminal was offline while its queue lasts; otherwise it is offline', async () => {
      const { table, dispatcher } = setUp();
      const requeued = table.add({ status: ISSUED_AWAITING_RESPONSE, offlinePolicy: 'queue', expireAt: NOW + 1 });
      const expired = table.add({ status: ISSUED_AWAITING_RESPONSE, offlinePolicy: 'queue', expireAt: NOW });
      const failing = table.add({ status: ISSUED_AWAITING_RESPONSE, offlinePolicy: 'fail' });
      await dispatcher.applyResults([requeued, expired, failing].map((order) => result(order.id, DEVICE_OFFLINE)));
      expect(table.rows.get(requeued.id)).toMatchObject({ status: WAITING_RESPONSE, errorCode: 0 });
      expect(table.rows.get(expired.id)).toMatchObject({ status: DEVICE_OFFLINE, errorCode: ErrorCode.INSTRUCTION_VEHICLE_OFFLINE });
      expect(table.rows.get(failing.id)).toMatchObject({ status: DEVICE_OFFLINE, errorCode: ErrorCode.INSTRUCTION_VEHICLE_OFFLINE });
    });

    it('ignores "still waiting" results and ids that are not order ids', async () => {
      const { table, announced, dispatcher } = setUp();
      const order = table.add({ status: ISSUED_AWAITING_RESPONSE });
      await dispatcher.applyResults([result(order.id, ISSUED_AWAITING_RESPONSE), { ...result(0, SUCCESS), commandId: 'abc' }]);
      expect(table.status(order.id)).toBe(ISSUED_AWAITING_RESPONSE);
      expect(announced).toEqual([[]]);
    });
  });

  it('cancels only an order not yet delivered', async () => {
    const { table, dispatcher } = setUp();
    const initial = table.add({ status: INITIAL });
    const delivered = table.add({ status: ISSUED_AWAITING_RESPONSE });
    expect(await dispatcher.cancel(initial)).toBe(true);
    expect(await dispatcher.cancel(delivered)).toBe(false);
    expect(table.status(initial.id)).toBe(VOID);
    expect(table.status(delivered.id)).toBe(ISSUED_AWAITING_RESPONSE);
  });
});
