// The admin API's §5 rules for the dialogs (the patterns are the server's own, from libs/contracts),
// so dialogs refuse what the server would refuse. Each answers an i18n key or null.
import { Patterns } from '@openfleet/contracts/validation-rules';

const rule =
  (pattern: RegExp, key: string) =>
  (value: string): string | null =>
    pattern.test(value) ? null : key;

export { Patterns } from '@openfleet/contracts/validation-rules';

export const nameRule = rule(Patterns.chineseOrEnglish, 'validation.chineseOrEnglish');
export const codeNameRule = rule(Patterns.chineseEnglishDigits, 'validation.chineseEnglishDigits');
export const mobileRule = rule(Patterns.mobile, 'validation.phone');
export const terminalCodeRule = rule(Patterns.terminalCode, 'validation.terminalCode');
export const simNumberRule = rule(Patterns.simNumber, 'validation.simNo');
export const accountRule = rule(Patterns.account, 'validation.account');
export const vinRule = rule(Patterns.vin, 'validation.vin');
export const plateRule = rule(Patterns.plate, 'validation.plate');
export const licenceRule = rule(Patterns.licence, 'validation.licence');
export const emailRule = rule(Patterns.email, 'validation.email');

/** Options `1..n` (or the given codes) labelled by `<prefix>.<code>` keys. */
export function codeOptions(prefix: string, codes: readonly (string | number)[]) {
  return codes.map((code) => ({ value: String(code), labelKey: `${prefix}.${code}` }));
}

/** Trims a text field; empty becomes undefined so optional DTO fields are left out. */
export function optional(value: string | undefined): string | undefined {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
}

export function optionalNumber(value: string | undefined): number | undefined {
  const trimmed = optional(value);
  return trimmed === undefined ? undefined : Number(trimmed);
}

/** `undefined`/`null` to '' for form fields. */
export function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
