/** English abbreviations of the 16 compass sectors, clockwise from north. */
// prettier-ignore
export const COMPASS_NAMES = [
  'N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE',
  'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW',
] as const;

/** Chinese names of the 16 compass sectors, clockwise from north. */
// prettier-ignore
export const COMPASS_NAMES_ZH_CN = [
  '北', '东北偏北', '东北', '东北偏东', '东', '东南偏东', '东南', '东南偏南',
  '南', '西南偏南', '西南', '西南偏西', '西', '西北偏西', '西北', '西北偏北',
] as const;

/** Width of one compass sector in degrees. */
export const COMPASS_SECTOR_DEGREES = 22.5;

/**
 * Sector 0..15 of a heading in degrees (any real value, wrapped to 0..360).
 * Sector 0 is north and covers [348.75, 11.25); each boundary belongs to the sector clockwise of it.
 */
export function compassSector(degrees: number): number {
  if (!Number.isFinite(degrees)) throw new RangeError(`Heading must be a finite number, got ${degrees}`);
  const wrapped = ((degrees % 360) + 360) % 360;
  return Math.floor((wrapped + COMPASS_SECTOR_DEGREES / 2) / COMPASS_SECTOR_DEGREES) % 16;
}

/** Name of the sector of a heading, e.g. 45 -> "NE" / "东北". */
export function compassName(degrees: number, locale: 'zh_CN' | 'en_US' = 'zh_CN'): string {
  const sector = compassSector(degrees);
  return locale === 'en_US' ? COMPASS_NAMES[sector] : COMPASS_NAMES_ZH_CN[sector];
}
