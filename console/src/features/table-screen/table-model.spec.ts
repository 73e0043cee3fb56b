import {
  clientPage,
  firstPage,
  sortRows,
  pageCount,
  selectedRowIndexes,
  validateForm,
  withKeyword,
  withPage,
  withPageSize,
  withSort,
  type FieldSpec,
  columnWidthFor,
} from './table-model';
import { clearedAsNull } from './resource-api';
import { emptySimForm, formToSim, simFields, type SimForm } from '../sim/sim-form';

describe('table model', () => {
  it('pages', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(withPage(firstPage, 9, 41).pageNo).toBe(3);
    expect(withPage(firstPage, 0, 41).pageNo).toBe(1);
  });

  it('goes back to page 1 on a new search, sort or page size', () => {
    const onPage3 = { ...firstPage, pageNo: 3 };
    expect(withKeyword(onPage3, '  138 ')).toMatchObject({ keyword: '138', pageNo: 1 });
    expect(withSort(onPage3, 'simNo', 'desc')).toMatchObject({
      sortField: 'simNo',
      sortOrder: 'desc',
      pageNo: 1,
    });
    expect(withPageSize(onPage3, 50)).toMatchObject({ pageSize: 50, pageNo: 1 });
  });

  it('turns selection regions into row indexes', () => {
    expect(selectedRowIndexes([{ rows: [1, 2] }, { rows: [2, 4] }], 4)).toEqual([1, 2, 3]);
    expect(selectedRowIndexes([{ rows: null }], 2)).toEqual([0, 1]);
  });

  it('validates required, length and custom rules', () => {
    type F = { a: string; b: string };
    const fields: FieldSpec<F>[] = [
      { name: 'a', labelKey: 'a', required: true },
      { name: 'b', labelKey: 'b', maxLength: 3, validate: (v) => (v === 'bad' ? 'nope' : null) },
    ];
    expect(validateForm(fields, { a: '', b: 'long one' })).toEqual({
      a: 'validation.required',
      b: 'validation.maxLength',
    });
    expect(validateForm(fields, { a: 'x', b: 'bad' })).toEqual({ b: 'nope' });
    expect(validateForm(fields, { a: 'x', b: '' })).toEqual({});
  });
});

describe('SIM form (spec §5: terminal SIM 11 digits, operator 1-3)', () => {
  const fields = simFields([]);
  const valid: SimForm = { ...emptySimForm, number: '13800000000' };

  it('accepts a valid SIM', () => expect(validateForm(fields, valid)).toEqual({}));

  it('rejects a SIM number that is not 11 digits and a missing operator', () => {
    expect(validateForm(fields, { ...valid, number: '1380000000', operator: '' })).toEqual({
      number: 'validation.simNo',
      operator: 'validation.required',
    });
  });

  it('converts the form into the API shape', () => {
    expect(formToSim({ ...valid, operator: '2', city: ' ' })).toEqual({
      number: '13800000000',
      operator: 2,
      city: undefined,
      companyId: undefined,
    });
  });
});

describe('client-side search, sort and paging of array answers', () => {
  const rows = [
    { id: 1, name: 'Beta' },
    { id: 2, name: 'alpha' },
    { id: 3, name: 'Gamma' },
  ];

  it('filters by keyword on the search fields, case-insensitively', () => {
    expect(clientPage(rows, { ...firstPage, keyword: 'A' }, ['name']).total).toBe(3);
    expect(clientPage(rows, { ...firstPage, keyword: 'gam' }, ['name']).records).toEqual([rows[2]]);
  });

  it('sorts by the chosen column in both directions and pages', () => {
    const desc = clientPage(rows, { ...firstPage, sortField: 'id', sortOrder: 'desc', pageSize: 2 }, []);
    expect(desc.records.map((row) => row.id)).toEqual([3, 2]);
    expect(desc.total).toBe(3);
    expect(sortRows(rows, { ...firstPage, sortField: 'name', sortOrder: 'asc' }).map((row) => row.id)).toEqual([2, 1, 3]);
  });

  it('skips add-only fields when editing', () => {
    type F = { password: string };
    const fields: FieldSpec<F>[] = [{ name: 'password', labelKey: 'p', required: true, addOnly: true }];
    expect(validateForm(fields, { password: '' })).toEqual({ password: 'validation.required' });
    expect(validateForm(fields, { password: '' }, true)).toEqual({});
  });
});

describe('update bodies', () => {
  it('send emptied optional fields as null, never the company', () => {
    expect(clearedAsNull({ name: 'a', phone: undefined, companyId: undefined, fleetIds: [] })).toEqual({
      name: 'a',
      phone: null,
      companyId: undefined,
      fleetIds: [],
    });
  });
});

describe('column widths', () => {
  it('keep the requested width when the header fits, and widen it when the header would be cut', () => {
    expect(columnWidthFor('车牌', 110)).toBe(110);
    // "速度(km/h)" at 60 px was cut to "速度(k…".
    expect(columnWidthFor('速度(km/h)', 60)).toBeGreaterThanOrEqual(2 * 13 + 7 * 7.5);
    expect(columnWidthFor('Intermediate level', 80)).toBeGreaterThan(80);
    // A sortable header leaves room for its menu button.
    expect(columnWidthFor('速度(km/h)', 60, true)).toBe(columnWidthFor('速度(km/h)', 60) + 20);
  });
});
