/**
 * Spec §5 character classes and formats, shared by the admin DTOs (server) and the console dialogs
 * (client), so a dialog refuses exactly what the server would refuse. Framework-free.
 */
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
  /** Brand and model names: Chinese/English/digits, spaces, `.`, `-`, `_` ("HOWO T7H"). */
  productName: /^[\u4e00-\u9fa5A-Za-z0-9][\u4e00-\u9fa5A-Za-z0-9 ._-]*$/,
  /** Manufacturer number: 5 letters/digits, not starting with 0. */
  manufacturerNumber: /^[1-9A-Za-z][0-9A-Za-z]{4}$/,
  /** Manufacturer code: letters/digits, at most 15. */
  manufacturerCode: /^[A-Za-z0-9]{1,15}$/,
  /** Zip code: 6 digits (Hohhot is 010000). */
  postalCode: /^\d{6}$/,
  /** Landline or fax: area code 3-4 digits, a dash, 7-8 digits, optional extension. */
  landline: /^0\d{2,3}-\d{7,8}(-\d{1,6})?$/,
  /** Calendar date YYYY-MM-DD. */
  isoDate: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
} as const;

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/** Resident ID card (GB 11643): 18 characters, a real birth date, and the ISO 7064 MOD 11-2 check character. */
export function isIdCardNumber(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{17}[\dXx]$/.test(value)) return false;
  const [year, month, day] = [value.slice(6, 10), value.slice(10, 12), value.slice(12, 14)].map(Number);
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || birth.getTime() > Date.now()) return false;
  const sum = ID_CARD_WEIGHTS.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return ID_CARD_CHECK[sum % 11] === value[17].toUpperCase();
}

/** A vehicle's emission data (spec §5): the China stage (3-6) and what remote emission monitoring needs. */
export interface VehicleEmission {
  emissionStandard?: number | null;
  maxReferenceTorque?: number | null;
  fuelTankVolume?: number | null;
  ureaTankVolume?: number | null;
  /** 1: the remote emission terminal must be activated (HJ 1239). */
  activation?: number | null;
  envVehicleType?: string | null;
  securityChip?: string | null;
}

/**
 * Spec §5 emission-stage rules, the fields they leave missing: stage 5 needs the maximum reference
 * torque, the fuel tank volume and the urea tank volume; stage 6 with activation needs the
 * environmental-bureau vehicle type; activation needs a security chip.
 */
export function missingEmissionFields(v: VehicleEmission): (keyof VehicleEmission)[] {
  const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  const missing: (keyof VehicleEmission)[] = [];
  if (v.emissionStandard === 5) for (const key of ['maxReferenceTorque', 'fuelTankVolume', 'ureaTankVolume'] as const) if (blank(v[key])) missing.push(key);
  if (v.activation === 1) {
    if (v.emissionStandard === 6 && blank(v.envVehicleType)) missing.push('envVehicleType');
    if (blank(v.securityChip)) missing.push('securityChip');
  }
  return missing;
}
