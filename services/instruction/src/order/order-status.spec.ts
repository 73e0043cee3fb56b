import { InstructionStatus } from '@openfleet/contracts';
import { parameterItemsOf } from '../parameters/terminal-parameters.service';
import { errorCodeOfResult } from './order-status';

describe('order results', () => {
  it("maps the terminal's general reply result to the catalogue codes", () => {
    expect(errorCodeOfResult({ status: InstructionStatus.SUCCESS })).toBe(0);
    expect(errorCodeOfResult({ status: InstructionStatus.FAILED, replyResult: 1 })).toBe(7103);
    expect(errorCodeOfResult({ status: InstructionStatus.FAILED, replyResult: 2 })).toBe(7104);
    expect(errorCodeOfResult({ status: InstructionStatus.FAILED, replyResult: 3 })).toBe(7105);
    // The gateway could not encode it: never reached the terminal.
    expect(errorCodeOfResult({ status: InstructionStatus.FAILED })).toBe(7101);
    expect(errorCodeOfResult({ status: InstructionStatus.RESPONSE_TIMEOUT })).toBe(7117);
    expect(errorCodeOfResult({ status: InstructionStatus.DEVICE_OFFLINE })).toBe(7205);
  });
});

describe('0x8103 parameter items from typed text', () => {
  it('types values from the parameter table and keeps unknown ids as raw bytes', () => {
    const { items, problems } = parameterItemsOf([
      { id: 0x0029, value: '15' },
      { id: 0x0031, value: 65535 },
      { id: 0x0084, value: '2' },
      { id: 0x0083, value: '京A12345' },
      { id: 0xf0a1, value: '0a0b' },
    ]);
    expect(problems).toEqual([]);
    expect(items).toEqual([
      { id: 0x0029, type: 'dword', value: 15 },
      { id: 0x0031, type: 'word', value: 65535 },
      { id: 0x0084, type: 'byte', value: 2 },
      { id: 0x0083, type: 'string', value: '京A12345' },
      { id: 0xf0a1, type: 'bytes', value: '0a0b' },
    ]);
  });

  it('refuses values outside their type: a WORD of 65536, a BYTE of 256, a negative, hex that is not', () => {
    expect(parameterItemsOf([{ id: 0x0031, value: '65536' }]).problems).toHaveLength(1);
    expect(parameterItemsOf([{ id: 0x0084, value: 256 }]).problems).toHaveLength(1);
    expect(parameterItemsOf([{ id: 0x0001, value: '-1' }]).problems).toHaveLength(1);
    expect(parameterItemsOf([{ id: 0x0001, value: '4294967295' }]).problems).toHaveLength(0);
    expect(parameterItemsOf([{ id: 0x0001, value: '4294967296' }]).problems).toHaveLength(1);
    expect(parameterItemsOf([{ id: 0xf0a1, value: 'xyz' }]).problems).toHaveLength(1);
  });
});
