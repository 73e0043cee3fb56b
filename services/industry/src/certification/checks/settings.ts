import type { CertificationSettings } from '@openfleet/contracts';

/**
 * Defaults of a test, each from the standard (docs/industry.md, "Access certification"):
 * - requiredExtras: 0x01 mileage (JT/T 794 wants the odometer reading with the position reports),
 *   0x30 wireless signal strength and 0x31 GNSS satellite count (JT/T 808-2013/2019 table 27,
 *   the items provincial access tests read to judge a fix);
 * - maxReportIntervalS 30: the default time-reporting interval testers configure (808 parameter 0x0029);
 * - requiredUnits: the GB/T 32960.3-2016 §7.2.3 units a pure electric vehicle sends in every
 *   real-time report (0x01 vehicle, 0x02 motors, 0x05 location, 0x06 extremes, 0x07 alarms,
 *   0x08 cell voltages, 0x09 probe temperatures; 0x03 fuel cell and 0x04 engine only where fitted).
 */
export const DEFAULT_CERTIFICATION_SETTINGS: CertificationSettings = {
  requiredExtras: ['0x01', '0x30', '0x31'],
  maxReportIntervalS: 30,
  minFrames: 3,
  maxClockSkewS: 300,
  requireRegistration: true,
  requiredUnits: ['0x01', '0x02', '0x05', '0x06', '0x07', '0x08', '0x09'],
  requireReissue: false,
};

const idOf = (text: string) => `0x${parseInt(text, 16).toString(16).padStart(2, '0')}`;

/** The defaults with what the dispatcher gave; ids normalised to "0x01" (lower case, two digits). */
export function settingsOf(given: Partial<CertificationSettings> | undefined): CertificationSettings {
  // A validated DTO carries the fields it was not given as undefined: they keep their defaults.
  const set = Object.fromEntries(Object.entries(given ?? {}).filter(([, value]) => value !== undefined));
  const settings: CertificationSettings = { ...DEFAULT_CERTIFICATION_SETTINGS, ...set };
  return { ...settings, requiredExtras: [...new Set(settings.requiredExtras.map(idOf))], requiredUnits: [...new Set(settings.requiredUnits.map(idOf))].sort() };
}
