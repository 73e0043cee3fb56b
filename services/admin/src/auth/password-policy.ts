import { AppError, ErrorCode } from '@openfleet/errors';
import { randomBytes } from 'node:crypto';

/**
 * Spec §5: first character a letter, at least 8 characters, and a "safe level": at least two of
 * lower case, upper case, digits, symbols. Anything else is errorCode 400 with the reason in data.
 */
export function checkPasswordRules(password: string | undefined): void {
  if (!password) throw new AppError(ErrorCode.PASSWORD_EMPTY);
  const problems: string[] = [];
  if (!/^[A-Za-z]/.test(password)) problems.push('password must start with a letter');
  if (password.length < 8) problems.push('password must have at least 8 characters');
  if (password.length > 64) problems.push('password must have at most 64 characters');
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  if (classes < 2) problems.push('password too weak: mix letters with digits, capitals or symbols');
  if (problems.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: problems });
}

export { hashPassword, verifyPassword } from '@openfleet/auth';

/** A password that passes the rules, for the first super administrator. */
export function generatePassword(): string {
  return `A${randomBytes(12).toString('base64url')}9z`;
}
