import { firstPage } from '../table-screen/table-model';
import { emptyRecordFilter, filterProblem, recordListQuery } from './record-filter';

describe('record filter -> list query', () => {
  it('sends only what is chosen: page and size always, nothing else when the bar is empty', () => {
    expect(recordListQuery(emptyRecordFilter, firstPage)).toEqual({ current: 1, size: 20 });
  });

  it('maps plate keyword, company, fleet, status and the window as whole China days', () => {
    const query = recordListQuery(
      { companyId: '7', fleetId: '12', from: '2026-11-01', to: '2026-11-30', status: 'expired' },
      { ...firstPage, pageNo: 3, pageSize: 50, keyword: '京A' },
    );
    expect(query).toEqual({
      current: 3,
      size: 50,
      keyword: '京A',
      companyId: '7',
      fleetId: '12',
      startTime: '2026-11-01 00:00:00',
      endTime: '2026-11-30 23:59:59',
      status: 'expired',
    });
  });

  it('keeps a status of 0 (violation not handled)', () => {
    expect(recordListQuery({ ...emptyRecordFilter, status: '0' }, firstPage).status).toBe('0');
  });

  it('refuses a window that ends before it starts, or a date that is not one', () => {
    expect(filterProblem({ ...emptyRecordFilter, from: '2026-11-02', to: '2026-11-01' })).toBe('vehicleService.endBeforeStart');
    expect(filterProblem({ ...emptyRecordFilter, from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(filterProblem({ ...emptyRecordFilter, from: '2026/11/01' })).toBe('vehicleService.badDate');
    expect(filterProblem({ ...emptyRecordFilter, to: '2026-11-01' })).toBeNull();
  });
});
