// Client copies of the admin API's §5 rules (services/admin/src/common/validation.ts and the DTOs),
// so dialogs refuse what the server would refuse. Each answers an i18n key or null.
const rule =
  (pattern: RegExp, key: string) =>
  (value: string): string | null =>
    pattern.test(value) ? null : key;

export const Patterns = {
  chineseOrEnglish: /^[\u4e00-\u9fa5A-Za-z ]+$/,
  chineseEnglishDigits: /^[\u4e00-\u9fa5A-Za-z0-9_-]+$/,
  mobile: /^1[3-9]\d{9}$/,
  terminalCode: /^[A-Z0-9]{7}$/,
  simNumber: /^\d{11}$/,
  account: /^[A-Za-z0-9_]{3,32}$/,
  vin: /^[A-HJ-NPR-Z0-9]{17,}$/,
  plate: /^[\u4e00-\u9fa5A-Z0-9]{2,16}$/,
  licence: /^[A-Za-z0-9]{6,32}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
} as const;

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
