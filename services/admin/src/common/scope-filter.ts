import type { AuthUser } from '@openfleet/auth';
import { Brackets, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';

/**
 * Restricts a query to the caller's tenant: rows whose `company_path` contains a granted company,
 * or (for tables with a fleet path) whose `fleet_path` contains a granted fleet. Super administrators see all.
 */
export function applyScope<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  user: AuthUser,
  options: { fleetPath?: boolean } = {},
): SelectQueryBuilder<T> {
  if (user.superAdmin) return query;
  const companies = user.scope.companies;
  const fleets = options.fleetPath ? user.scope.fleets : [];
  if (!companies.length && !fleets.length) {
    // Fleet-limited users still see their own company's non-vehicle records (users, drivers).
    return query.andWhere(`${alias}.companyId = :scopeOwnCompany`, { scopeOwnCompany: Number(user.companyId) });
  }
  return query.andWhere(
    new Brackets((where) => {
      companies.forEach((id, index) => where.orWhere(`${alias}.companyPath LIKE :scopeC${index}`, { [`scopeC${index}`]: `%/${id}/%` }));
      fleets.forEach((id, index) => where.orWhere(`${alias}.fleetPath LIKE :scopeF${index}`, { [`scopeF${index}`]: `%/${id}/%` }));
    }),
  );
}

/** Same rule for one already-loaded row. */
export function rowInScope(row: { companyPath: string; fleetPath?: string | null }, user: AuthUser): boolean {
  if (user.superAdmin) return true;
  if (user.scope.companies.some((id) => row.companyPath.includes(`/${id}/`))) return true;
  return user.scope.fleets.some((id) => (row.fleetPath ?? '').includes(`/${id}/`));
}
