import { InstructionStatus, type DownlinkCommand } from '@openfleet/contracts';
import { PendingCommands } from './pending-commands';

const command = (commandId: string): DownlinkCommand => ({
  commandId,
  terminalPhone: '013800000001',
  msgId: '0x8103',
  body: {},
  requestedAt: 0,
  timeoutMs: 1000,
});

describe('PendingCommands', () => {
  it('matches 0x0001 by reply serial and id, with failure results', () => {
    const pending = new PendingCommands();
    pending.add({ command: command('a'), msgId: 0x8103, serial: 1, deadline: 1000 });
    pending.add({ command: command('b'), msgId: 0x8105, serial: 2, deadline: 1000 });
    expect(pending.match(0x0001, { replySerial: 2, replyId: 0x8103, result: 0 })).toBeUndefined();
    expect(pending.match(0x0001, { replySerial: 2, replyId: 0x8105, result: 2 })).toMatchObject({
      status: InstructionStatus.FAILED,
      replyResult: 2,
      pending: { command: { commandId: 'b' } },
    });
    expect(pending.match(0x0001, { replySerial: 1, replyId: 0x8103, result: 0 })?.status).toBe(InstructionStatus.SUCCESS);
    expect(pending.size).toBe(0);
  });

  it('matches specific replies by reply serial, or the oldest waiting command when they carry none', () => {
    const pending = new PendingCommands();
    pending.add({ command: command('q1'), msgId: 0x8201, serial: 5, deadline: 1000 });
    pending.add({ command: command('q2'), msgId: 0x8201, serial: 6, deadline: 1000 });
    pending.add({ command: command('attr'), msgId: 0x8107, serial: 7, deadline: 1000 });
    expect(pending.match(0x0201, { replySerial: 6 })?.pending.command.commandId).toBe('q2');
    expect(pending.match(0x0107, { terminalType: 1 })?.pending.command.commandId).toBe('attr');
    expect(pending.match(0x0104, { replySerial: 5 })).toBeUndefined();
    expect(pending.expire(999)).toEqual([]);
    expect(pending.expire(1000).map((p) => p.command.commandId)).toEqual(['q1']);
  });
});
