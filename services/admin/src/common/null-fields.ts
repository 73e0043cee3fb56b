import { AppError, ErrorCode } from '@openfleet/errors';
import type { EntityMetadata } from 'typeorm';

/**
 * Update DTOs accept `null` for "emptied" optional fields (the console sends them so). A `null` for a
 * column that cannot be empty is bad input (400 naming the fields), not a database error (500).
 */
export function assertNullsAllowed(metadata: EntityMetadata, fields: Record<string, unknown>): void {
  const refused = Object.entries(fields)
    .filter(([key, value]) => value === null && metadata.findColumnWithPropertyName(key)?.isNullable === false)
    .map(([key]) => `${key} cannot be empty`);
  if (refused.length) throw new AppError(ErrorCode.BAD_PARAMETER, { data: refused });
}
