/** Spec §5 character classes and formats used by the DTOs. */
export const Patterns = {
  chineseOrEnglish: /^[\u4e00-\u9fa5A-Za-z ]+$/,
  chineseEnglishDigits: /^[\u4e00-\u9fa5A-Za-z0-9_-]+$/,
  mobile: /^1[3-9]\d{9}$/,
  terminalCode: /^[A-Z0-9]{7}$/,
  simNumber: /^\d{11}$/,
  account: /^[A-Za-z0-9_]{3,32}$/,
  vin: /^[A-HJ-NPR-Z0-9]{17,}$/,
} as const;
