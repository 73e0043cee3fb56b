import { actionable, changedParameters, orderQuery } from './order-log';

describe('order log helpers', () => {
  it('sends only the filters that are set', () => {
    expect(orderQuery({ pageNo: 2, pageSize: 50, keyword: '' }, { status: '', commandType: '', startTime: '', endTime: '' })).toEqual({ current: 2, size: 50 });
    expect(orderQuery({ pageNo: 1, pageSize: 20, keyword: '京A' }, { status: '0', commandType: 'photo', startTime: '2026-11-24 00:00:00', endTime: '' })).toEqual({
      current: 1,
      size: 20,
      keyword: '京A',
      status: 0,
      commandType: 'photo',
      startTime: '2026-11-24 00:00:00',
    });
  });

  it('offers cancel for undelivered orders and resend for finished ones', () => {
    expect(actionable([0, 5])).toEqual({ cancel: true, resend: false });
    expect(actionable([5, 7])).toEqual({ cancel: false, resend: false });
    expect(actionable([1, 3, 4])).toEqual({ cancel: false, resend: true });
    expect(actionable([])).toEqual({ cancel: false, resend: false });
  });

  it('sends only parameters whose new value differs from the reported one', () => {
    const rows = [{ id: 1, value: 30 }, { id: 0x13, value: '10.0.0.1' }, { id: 0x29, value: null }];
    expect(changedParameters(rows, { 1: '30', 0x13: ' 10.0.0.2 ', 0x29: '' })).toEqual([{ id: 0x13, value: '10.0.0.2' }]);
    expect(changedParameters(rows, { 0x29: '10' })).toEqual([{ id: 0x29, value: '10' }]);
  });

  it('sends hex typed over a structured (JT/T 1078) value', () => {
    const rows = [{ id: 0x79, value: { storageThresholdPercent: 20, durationMin: 5, preMarkMin: 1 } }];
    expect(changedParameters(rows, { 0x79: '140501' })).toEqual([{ id: 0x79, value: '140501' }]);
    expect(changedParameters(rows, { 0x79: ' ' })).toEqual([]);
  });
});
