import { Patterns as SharedPatterns, isIdCardNumber } from '@openfleet/contracts';
import { registerDecorator, type ValidationOptions } from 'class-validator';

// The §5 patterns and the ID card check live in libs/contracts, shared with the console's dialogs.
export { Patterns, isIdCardNumber } from '@openfleet/contracts';

/** class-validator decorator for {@link isIdCardNumber}. */
export function IsIdCard(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isIdCard',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must be an ID card number`, ...options },
      validator: { validate: isIdCardNumber },
    });
}

/** A real calendar date `YYYY-MM-DD` that is not in the future (birth dates). */
export function IsPastDate(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isPastDate',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must be a past date YYYY-MM-DD`, ...options },
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string' || !SharedPatterns.isoDate.test(value)) return false;
          const date = new Date(`${value}T00:00:00Z`);
          return date.toISOString().slice(0, 10) === value && date.getTime() <= Date.now() && date.getUTCFullYear() >= 1900;
        },
      },
    });
}
