import type { AuthUser } from '@openfleet/auth';
import { Brackets, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';

/**
 * Restricts a query to the caller's tenant: rows whose `company_path` contains a granted company,
 * or (for tables with a fleet path) whose `fleet_path` contains a granted fleet, or (for tables naming
 * their vehicle: `vehicleColumn`, an entity property) a single vehicle granted to the caller. Super
 * administrators see all.
 */
export function applyScope<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  user: AuthUser,
  options: { fleetPath?: boolean; vehicleColumn?: string } = {},
): SelectQueryBuilder<T> {
  if (user.superAdmin) return query;
  const companies = user.scope.companies;
  const fleets = options.fleetPath ? user.scope.fleets : [];
  const vehicles = options.vehicleColumn ? (user.scope.vehicles ?? []) : [];
  if (!companies.length && !fleets.length && !vehicles.length) {
    // Vehicle rows (they have a fleet path) of a user granted single vehicles only: none where the row's vehicle is not known.
    if (options.fleetPath && !user.scope.fleets.length && user.scope.vehicles?.length) return query.andWhere('1 = 0');
    // Fleet-limited users still see their own company's non-vehicle records (users, drivers).
    return query.andWhere(`${alias}.companyId = :scopeOwnCompany`, { scopeOwnCompany: Number(user.companyId) });
  }
  return query.andWhere(
    new Brackets((where) => {
      companies.forEach((id, index) => where.orWhere(`${alias}.companyPath LIKE :scopeC${index}`, { [`scopeC${index}`]: `%/${id}/%` }));
      fleets.forEach((id, index) => where.orWhere(`${alias}.fleetPath LIKE :scopeF${index}`, { [`scopeF${index}`]: `%/${id}/%` }));
      if (vehicles.length) where.orWhere(`${alias}.${options.vehicleColumn} IN (:...scopeV)`, { scopeV: vehicles.map(Number) });
    }),
  );
}

/** Same rule for one already-loaded row; a row that names its vehicle also counts under a single-vehicle grant. */
export function rowInScope(row: { companyPath: string; fleetPath?: string | null; vehicleId?: string | number | null }, user: AuthUser): boolean {
  if (user.superAdmin) return true;
  if (user.scope.companies.some((id) => row.companyPath.includes(`/${id}/`))) return true;
  if (user.scope.fleets.some((id) => (row.fleetPath ?? '').includes(`/${id}/`))) return true;
  return row.vehicleId != null && row.vehicleId !== '' && (user.scope.vehicles ?? []).includes(String(row.vehicleId));
}
