import { VehicleRegistry, checkFilterScope, type AuthUser } from '@openfleet/auth';
import { OPERATION_EXPIRING_DAYS, type TermState, type VehicleRegistryEntry } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { pathOf, rowInScope, whereInScope } from '@openfleet/storage';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { OperationColumns } from './operation.entities';

const DAY_MS = 86_400_000;

/** '!' escapes LIKE wildcards: a backslash would need escaping differently on MySQL and SQLite. */
export const like = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Whole days from `from` to `to` (both "YYYY-MM-DD"). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The China date `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Where a contract or term stands on `today`: the last day still counts, the 30 days before the end are "expiring". */
export function termState(start: string | null, end: string | null, today: string): { state: TermState; daysLeft: number | null } {
  if (!end) return { state: start && start > today ? 'upcoming' : 'none', daysLeft: null };
  const daysLeft = daysBetween(today, end);
  if (daysLeft < 0) return { state: 'expired', daysLeft };
  if (start && start > today) return { state: 'upcoming', daysLeft };
  return { state: daysLeft <= OPERATION_EXPIRING_DAYS ? 'expiring' : 'active', daysLeft };
}

/** SQL on an end-date column for a state filter (the same rule as termState, on stored text). */
export function whereTermState<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>, column: string, startColumn: string, state: string, today: string): SelectQueryBuilder<T> {
  const soon = addDays(today, OPERATION_EXPIRING_DAYS);
  switch (state) {
    case 'expired':
      return builder.andWhere(`${column} < :today`, { today });
    case 'expiring':
      return builder.andWhere(`${column} >= :today AND ${column} <= :soon AND (${startColumn} IS NULL OR ${startColumn} <= :today)`, { today, soon });
    case 'active':
      return builder.andWhere(`${column} > :soon AND (${startColumn} IS NULL OR ${startColumn} <= :today)`, { today, soon });
    case 'upcoming':
      return builder.andWhere(`${startColumn} > :today AND (${column} IS NULL OR ${column} >= :today)`, { today });
    case 'none':
      return builder.andWhere(`${column} IS NULL`);
    default:
      throw new AppError(ErrorCode.BAD_PARAMETER, { detail: 'state: none|upcoming|active|expiring|expired', data: { field: 'state' } });
  }
}

/** Company and fleet paths of the vehicle now, stored on the row so lists filter by scope in SQL. */
export function placeOf(vehicle: VehicleRegistryEntry) {
  return { vehicleId: vehicle.vehicleId, plateCode: vehicle.plateCode, companyId: vehicle.companyId, companyPath: pathOf(vehicle.companyPath.map(String)), fleetPath: pathOf(vehicle.fleetPath.map(String)) };
}

/** The list's common filters: scope, then vehicle, company, fleet and plate keyword; 8002 for a place the caller cannot see. */
export function scopedList<T extends ObjectLiteral>(
  builder: SelectQueryBuilder<T>,
  user: AuthUser,
  registry: VehicleRegistry,
  query: { vehicleId?: string; companyId?: string; fleetId?: string; keyword?: string },
): SelectQueryBuilder<T> {
  checkFilterScope(user, registry.all(), { companyId: query.companyId, fleetId: query.fleetId, vehicleIds: query.vehicleId });
  whereInScope(builder, user, 'r', { vehicleColumn: 'vehicle_id' });
  if (query.vehicleId) builder.andWhere('r.vehicle_id = :vehicleId', { vehicleId: query.vehicleId });
  if (query.companyId) builder.andWhere("r.company_path LIKE :companyPath ESCAPE '!'", { companyPath: like(`/${query.companyId}/`) });
  if (query.fleetId) builder.andWhere("r.fleet_path LIKE :fleetPath ESCAPE '!'", { fleetPath: like(`/${query.fleetId}/`) });
  if (query.keyword) builder.andWhere("r.plate_code LIKE :plate ESCAPE '!'", { plate: like(query.keyword) });
  return builder;
}

/** The row if the caller may see it; 1001 otherwise (another company's row answers like a missing one). */
export function visibleOr404<R extends OperationColumns>(user: AuthUser, row: R | null, id: number): R {
  if (!row || !rowInScope(user, row)) throw new AppError(ErrorCode.RECORD_NOT_FOUND, { data: id });
  return row;
}

/** The row as answered: the company, not the scope paths. */
export function publicRow<R extends OperationColumns>(row: R): Omit<R, 'companyPath' | 'fleetPath'> {
  const { companyPath: _companyPath, fleetPath: _fleetPath, ...rest } = row;
  return rest;
}
