import { SubpackageAssembler, type AssembledMessage, type Fragment } from './subpackage-assembler';

const part = (index: number, total = 3, serial = 10 + index - 1): Fragment => ({
  msgId: 0x0801,
  version: '2013',
  serial,
  total,
  index,
  bytes: Buffer.from([index]),
});

describe('SubpackageAssembler', () => {
  it('joins parts in index order whatever the arrival order', () => {
    const a = new SubpackageAssembler(1000, 1);
    expect(a.add(part(3), 0)).toBe('held');
    expect(a.add(part(1), 0)).toBe('held');
    const whole = a.add(part(2), 0) as AssembledMessage;
    expect([...whole.body]).toEqual([1, 2, 3]);
    expect(whole.firstSerial).toBe(10);
    expect(whole.serials).toEqual([12, 10, 11]);
    expect(a.size).toBe(0);
  });

  it('asks for missing parts after the timeout, then gives up', () => {
    const a = new SubpackageAssembler(100, 1);
    a.add(part(2), 0);
    expect(a.sweep(50)).toEqual({ retransmit: [], abandoned: [] });
    expect(a.sweep(100).retransmit).toEqual([{ msgId: 0x0801, originalSerial: 10, missing: [1, 3] }]);
    expect(a.sweep(250).abandoned).toEqual([{ msgId: 0x0801, total: 3, received: 1 }]);
    expect(a.size).toBe(0);
  });

  it('wraps the first serial around 0xFFFF and ignores duplicates', () => {
    const a = new SubpackageAssembler(100, 1);
    a.add(part(2, 2, 0), 0);
    a.add(part(2, 2, 0), 0);
    expect((a.add(part(1, 2, 0xffff), 0) as AssembledMessage).firstSerial).toBe(0xffff);
  });
});

describe('SubpackageAssembler bounds', () => {
  it('rejects (and drops) a message growing past 512 KiB, so its fragment is not acknowledged', () => {
    const a = new SubpackageAssembler(1000, 2);
    const big = (index: number): Fragment => ({ msgId: 0x0801, version: '2013', serial: index, total: 3, index, bytes: Buffer.alloc(200 * 1024) });
    expect(a.add(big(1), 0)).toBe('held');
    expect(a.add(big(2), 0)).toBe('held');
    expect(a.add(big(3), 0)).toBe('rejected');
    expect(a.size).toBe(0);
  });
});
