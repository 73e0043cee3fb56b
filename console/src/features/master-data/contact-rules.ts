// Spec §5 formats for the contact fields of users and companies (issue 28): zip code, landline/fax,
// ID card, birth date. The patterns are the server's (libs/contracts), so a dialog refuses what the
// admin API would refuse. Empty passes: the fields are optional. Each answers an i18n key or null.
import { Patterns, isIdCardNumber } from '@openfleet/contracts/validation-rules';

const optionalMatch =
  (pattern: RegExp, key: string) =>
  (value: string): string | null =>
    value.trim() === '' || pattern.test(value.trim()) ? null : key;

export const postalCodeRule = optionalMatch(Patterns.postalCode, 'validation.postalCode');
export const faxRule = optionalMatch(Patterns.landline, 'validation.landline');
export const idCardRule = (value: string): string | null => (value.trim() === '' || isIdCardNumber(value.trim()) ? null : 'validation.idCard');

/** A real calendar date `YYYY-MM-DD`, not in the future (`now` for tests). */
export function birthDateRule(value: string, now: number = Date.now()): string | null {
  const date = value.trim();
  if (date === '') return null;
  if (!Patterns.isoDate.test(date)) return 'validation.birthDate';
  const parsed = new Date(`${date}T00:00:00Z`);
  return parsed.toISOString().slice(0, 10) === date && parsed.getTime() <= now && parsed.getUTCFullYear() >= 1900 ? null : 'validation.birthDate';
}
