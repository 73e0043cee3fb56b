import {
  firstPage,
  pageCount,
  selectedRowIndexes,
  validateForm,
  withKeyword,
  withPage,
  withPageSize,
  withSort,
  type FieldSpec,
} from './table-model';
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

describe('SIM form (spec §5: terminal SIM 11 digits)', () => {
  const valid: SimForm = { ...emptySimForm, simNo: '13800000000' };

  it('accepts a valid SIM', () => expect(validateForm(simFields, valid)).toEqual({}));

  it('rejects a SIM number that is not 11 digits, and malformed ICCID/IMSI', () => {
    expect(validateForm(simFields, { ...valid, simNo: '1380000000', iccid: '123', imsi: 'x' })).toEqual({
      simNo: 'validation.simNo',
      iccid: 'validation.iccid',
      imsi: 'validation.imsi',
    });
  });

  it('converts the form into the API shape', () => {
    expect(formToSim({ ...valid, operator: '2', remark: ' ' })).toEqual({
      simNo: '13800000000',
      iccid: null,
      imsi: null,
      operator: 2,
      status: 1,
      remark: null,
    });
  });
});
