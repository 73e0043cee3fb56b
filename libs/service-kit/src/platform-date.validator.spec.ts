import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import { IsClockOrPlatformDate, IsPlatformDate, IsPlatformDay, IsPlatformMonth } from './platform-date.validator';

class Probe {
  @IsOptional() @IsPlatformDate() time?: string;
  @IsOptional() @Type(() => Number) @IsPlatformDate() fromMs?: number;
  @IsOptional() @IsPlatformDay() day?: string;
  @IsOptional() @IsPlatformMonth() month?: string;
  @IsOptional() @IsClockOrPlatformDate() fenceTime?: string;
}

/** The fields class-validator refuses for this plain object. */
const refused = (plain: Record<string, unknown>) => validateSync(plainToInstance(Probe, plain)).map((error) => error.property);

describe('platform date decorators', () => {
  it('IsPlatformDate: the parseTimeParam forms within 2000-01-01 .. 2099-12-31, boundaries exact', () => {
    for (const time of ['2000-01-01 00:00:00', '2099-12-31 23:59:59', '2026-11-22', '2026-11-22 08:30', '1795305600000']) expect(refused({ time })).toEqual([]);
    for (const time of ['1999-12-31 23:59:59', '2100-01-01', '2100-01-01 00:00:00', '9999-01-01', '2026-02-30', 'yesterday', '']) expect(refused({ time })).toEqual(['time']);
    expect(refused({ time: 20261122 })).toEqual(['time']);
  });

  it('IsPlatformDate: epoch ms numbers of a query (after @Type) within the range', () => {
    expect(refused({ fromMs: String(Date.UTC(2026, 10, 22)) })).toEqual([]);
    expect(refused({ fromMs: String(Date.UTC(2100, 0, 1)) })).toEqual(['fromMs']);
    expect(refused({ fromMs: '0' })).toEqual(['fromMs']);
  });

  it('IsPlatformDay: a calendar day only', () => {
    expect(refused({ day: '2000-01-01' })).toEqual([]);
    expect(refused({ day: '2099-12-31' })).toEqual([]);
    for (const day of ['1999-12-31', '2100-01-01', '2026-02-29', '2026-11-22 08:00:00', '1795305600000']) expect(refused({ day })).toEqual(['day']);
  });

  it('IsPlatformMonth: "YYYY-MM" within 2000-01 .. 2099-12', () => {
    expect(refused({ month: '2000-01' })).toEqual([]);
    expect(refused({ month: '2099-12' })).toEqual([]);
    for (const month of ['1999-12', '2100-01', '9999-12', '2026-13', '2026-11-01']) expect(refused({ month })).toEqual(['month']);
  });

  it('IsClockOrPlatformDate: a daily clock or a dated time in range', () => {
    for (const fenceTime of ['', '00:00:00', '23:59:59', '2026-11-22 08:00:00', '2099-12-31 23:59:59']) expect(refused({ fenceTime })).toEqual([]);
    for (const fenceTime of ['24:00:00', '8:00:00', '2100-01-01 00:00:00', '1999-12-31 23:59:59', '2026-11-22', 'soon']) expect(refused({ fenceTime })).toEqual(['fenceTime']);
  });
});
