import { isIdCardNumber } from '@openfleet/contracts';
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
