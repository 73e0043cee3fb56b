import { ErrorCode, errorFamilies, errorRanges, isErrorCode } from './error-code';

describe('ErrorCode', () => {
  const rows = errorFamilies.flatMap(({ family, table }) =>
    Object.entries(table).map(([name, [code]]) => ({ family, name, code })),
  );

  it('has no duplicate numeric codes', () => {
    const seen = new Map<number, string>();
    const clashes: string[] = [];
    for (const { name, code } of rows) {
      const previous = seen.get(code);
      if (previous) clashes.push(`${code}: ${previous} / ${name}`);
      seen.set(code, name);
    }
    expect(clashes).toEqual([]);
  });

  it('has unique names across families (no family silently overrides another)', () => {
    const names = rows.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(ErrorCode)).toHaveLength(names.length);
  });

  it('uses UPPER_SNAKE names and positive integer codes', () => {
    for (const { name, code } of rows) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(Number.isInteger(code) && code > 0).toBe(true);
    }
  });

  it('keeps the codes the spec and the clients rely on', () => {
    expect(ErrorCode).toMatchObject({
      REQUEST_FAILED: 100,
      SUCCESS: 200,
      REPEATED_SUBMISSION: 201,
      TOO_FREQUENT: 207,
      COMPANY_MISMATCH: 209,
      QUERY_WINDOW_EXCEEDED: 300,
      LOGIN_FAILED: 303,
      BAD_PARAMETER: 400,
      NOT_LOGGED_IN: 401,
      LOGIN_AGAIN: 402,
      NO_PERMISSION: 403,
      NOT_FOUND: 404,
      TIMEOUT: 408,
      CONFLICT: 409,
      ALREADY_DELETED: 410,
      LOCKED: 423,
      FUNCTION_NOT_OPEN: 424,
      SERVER_ERROR: 500,
      GATEWAY_TIMEOUT: 504,
      SERVER_MESSAGE: 998,
      TOKEN_INVALID: 41002,
      ADD_FAILED: 5001,
      DELETE_FAILED: 5002,
      MODIFY_FAILED: 5003,
    });
  });

  it('covers every code the spec lists by number', () => {
    const listed = [
      3007, 3031, 3032, 3033, 3034, 3200, 3201, 3202, 3203, 3204, 2081, 2082, 4000, 4001, 4003, 4006, 4013,
      4016, 4017, 4230, 4231, 4031, 4032, 4037, 9000, 8002, 7111, 7205, 3002, 3005, 3006, 3114, 3115, 3116,
    ];
    const ranges: [number, number][] = [
      [7000, 7007],
      [7101, 7120],
      [3039, 3055],
      [20003, 20007],
    ];
    for (const [min, max] of ranges) for (let c = min; c <= max; c++) listed.push(c);
    expect(listed.filter((c) => !isErrorCode(c))).toEqual([]);
  });

  it('isErrorCode rejects unknown values', () => {
    expect(isErrorCode(403)).toBe(true);
    expect(isErrorCode(12345)).toBe(false);
    expect(isErrorCode('403')).toBe(false);
  });

  it('declares well-formed ranges', () => {
    for (const range of errorRanges) {
      expect(range.min).toBeLessThanOrEqual(range.max);
      expect(range.zh_CN.length && range.en_US.length).toBeGreaterThan(0);
    }
  });
});
