import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { parseMonthParam, parseTimeParam, PLATFORM_TIME_RANGE } from './time-window';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const RANGE = `between ${PLATFORM_TIME_RANGE.first} and ${PLATFORM_TIME_RANGE.last} (China time)`;

function accepts(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

/** A time as `parseTimeParam` reads it; numbers are epoch ms (a query's `@Type(() => Number)`). */
const isPlatformTime = (value: unknown, args?: ValidationArguments) =>
  (typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))) && accepts(() => parseTimeParam(String(value), args?.property ?? 'time'));

function platformDecorator(name: string, validate: (value: unknown, args?: ValidationArguments) => boolean, expected: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name, validator: { validate, defaultMessage: (args) => `${args?.property} must be ${expected}` } }, options);
}

/**
 * A date or time field read the way `parseTimeParam` reads it: "YYYY-MM-DD[ HH:mm[:ss]]" in China
 * time or epoch ms, a real calendar time, within 2000-01-01 .. 2099-12-31 (400 otherwise).
 */
export function IsPlatformDate(options?: ValidationOptions): PropertyDecorator {
  return platformDecorator('isPlatformDate', isPlatformTime, `"YYYY-MM-DD HH:mm:ss" or epoch ms, ${RANGE}`, options);
}

/** A calendar day "YYYY-MM-DD" (expiry, production, report days) within 2000-01-01 .. 2099-12-31. */
export function IsPlatformDay(options?: ValidationOptions): PropertyDecorator {
  return platformDecorator('isPlatformDay', (value, args) => typeof value === 'string' && DAY.test(value) && isPlatformTime(value, args), `"YYYY-MM-DD", ${RANGE}`, options);
}

/** A month "YYYY-MM" within 2000-01 .. 2099-12 (monthly reports), read like `parseMonthParam`. */
export function IsPlatformMonth(options?: ValidationOptions): PropertyDecorator {
  return platformDecorator(
    'isPlatformMonth',
    (value, args) => typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) && accepts(() => parseMonthParam(value, args?.property ?? 'month')),
    '"YYYY-MM" between 2000-01 and 2099-12',
    options,
  );
}

/**
 * A daily clock "HH:mm:ss" or a dated "YYYY-MM-DD HH:mm:ss" within the platform range (fence time
 * windows, sent to terminals as BCD YYMMDDhhmmss); "" is no window, as stored and exported.
 */
export function IsClockOrPlatformDate(options?: ValidationOptions): PropertyDecorator {
  return platformDecorator(
    'isClockOrPlatformDate',
    (value, args) => typeof value === 'string' && (value === '' || CLOCK.test(value) || (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) && isPlatformTime(value, args))),
    `"HH:mm:ss" daily or "YYYY-MM-DD HH:mm:ss", ${RANGE}`,
    options,
  );
}
