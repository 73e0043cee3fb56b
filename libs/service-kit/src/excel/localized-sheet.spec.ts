import { importCell, importColumns, localeOfRequest, sheetRow, type LocalizedColumn } from './localized-sheet';

const relation: LocalizedColumn = { key: 'relationType', header: { zh_CN: '经营关系', en_US: 'Relation' }, labels: { 1: { zh_CN: '直营', en_US: 'Owned' }, 2: { zh_CN: '挂靠', en_US: 'Affiliated' } } };
const paid: LocalizedColumn = { key: 'paid', header: { zh_CN: '已缴费', en_US: 'Paid' }, kind: 'boolean' };
const start: LocalizedColumn = { key: 'start', header: { zh_CN: '开始', en_US: 'Start' }, kind: 'day' };
const fee: LocalizedColumn = { key: 'fee', header: { zh_CN: '费用', en_US: 'Fee' }, kind: 'number' };
const state: LocalizedColumn = { key: 'state', header: { zh_CN: '状态', en_US: 'State' }, input: false };

describe('localized sheets', () => {
  it('reads the language from Accept-Language, Chinese unless English is asked for', () => {
    expect(localeOfRequest({ headers: { 'accept-language': 'en-US,en;q=0.9' } })).toBe('en_US');
    expect(localeOfRequest({ headers: { 'accept-language': 'zh-CN' } })).toBe('zh_CN');
    expect(localeOfRequest({ headers: {} })).toBe('zh_CN');
  });

  it('writes labels and yes/no in the locale', () => {
    expect(sheetRow([relation, paid], 'zh_CN', { relationType: 2, paid: true, other: 'x' })).toEqual({ relationType: '挂靠', paid: '是', other: 'x' });
    expect(sheetRow([relation, paid], 'en_US', { relationType: 1, paid: false })).toEqual({ relationType: 'Owned', paid: 'No' });
  });

  it('imports under either header, never a computed column', () => {
    expect(importColumns([relation, state]).map((column) => column.header)).toEqual(['经营关系', 'Relation']);
  });

  it('converts cells back: labels in either language or codes, yes/no, Excel dates and serials, numbers', () => {
    expect([importCell(relation, '挂靠'), importCell(relation, 'owned'), importCell(relation, 2), importCell(relation, '租赁')]).toEqual([2, 1, 2, '租赁']);
    expect([importCell(paid, '是'), importCell(paid, 'No'), importCell(paid, 'maybe')]).toEqual([true, false, 'maybe']);
    expect([importCell(start, new Date(Date.UTC(2026, 0, 15))), importCell(start, 46037), importCell(start, '2026-01-15')]).toEqual(['2026-01-15', '2026-01-15', '2026-01-15']);
    expect([importCell(fee, '12.5'), importCell(fee, 3), importCell(fee, 'abc'), importCell(fee, '')]).toEqual([12.5, 3, 'abc', undefined]);
  });
});
