import { mysqlValuesList, placeholderList } from './sql-values';

describe('mysqlValuesList', () => {
  it('writes numbers and NULL as they are and escapes strings', () => {
    expect(mysqlValuesList([[1, -2.5, null, undefined, '13800138000'], [0, 7, 'it\'s', '{"a":"b\\\\c"}', 'x\ny']])).toBe(
      "(1,-2.5,NULL,NULL,'13800138000'),(0,7,'it\\'s','{\\\"a\\\":\\\"b\\\\\\\\c\\\"}','x\\ny')",
    );
  });
});

describe('placeholderList', () => {
  it('repeats one tuple per row', () => {
    expect(placeholderList(3, 2)).toBe('(?,?,?),(?,?,?)');
  });
});
