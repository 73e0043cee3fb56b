import type { TreeRow } from '../monitor/vehicle-tree';

/**
 * The vehicle ids a filter box names: comma- or space-separated plates (or vehicle ids), matched
 * exactly against the vehicle tree; unknown words are kept as ids so the API answers "nothing".
 */
export function vehicleIdsFor(text: string, rows: readonly TreeRow[]): string[] {
  const words = text.split(/[\s,，]+/).map((word) => word.trim()).filter(Boolean);
  const byPlate = new Map(rows.filter((row) => row.vehicleId !== null).map((row) => [row.name.toLowerCase(), row.vehicleId!]));
  return [...new Set(words.map((word) => byPlate.get(word.toLowerCase()) ?? word))];
}
