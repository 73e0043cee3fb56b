import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Who asks (an access token's user): everything for a super administrator, else the granted roots. */
export interface ScopeOwner {
  superAdmin: boolean;
  scope: { companies: readonly string[]; fleets: readonly string[] };
}

/**
 * Restricts a query on a table with `company_path`/`fleet_path` (ids `/a/b/`) to the caller's
 * vehicle scope: rows stay with the company and fleet the vehicle had when they were written.
 */
export function whereInScope<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, user: ScopeOwner, alias: string): SelectQueryBuilder<T> {
  if (user.superAdmin) return query;
  const clauses: string[] = [];
  const params: Record<string, string> = {};
  user.scope.companies.forEach((id, i) => {
    clauses.push(`${alias}.company_path LIKE :scopeC${i}`);
    params[`scopeC${i}`] = `%/${id}/%`;
  });
  user.scope.fleets.forEach((id, i) => {
    clauses.push(`${alias}.fleet_path LIKE :scopeF${i}`);
    params[`scopeF${i}`] = `%/${id}/%`;
  });
  return clauses.length ? query.andWhere(`(${clauses.join(' OR ')})`, params) : query.andWhere('1 = 0');
}

/**
 * For rows that belong to a company rather than a vehicle (a superior platform, its duty checks):
 * the caller's company roots only; a caller scoped to fleets sees none.
 */
export function whereCompanyInScope<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, user: ScopeOwner, alias: string): SelectQueryBuilder<T> {
  if (user.superAdmin) return query;
  if (!user.scope.companies.length) return query.andWhere('1 = 0');
  const params: Record<string, string> = {};
  const clauses = user.scope.companies.map((id, i) => {
    params[`scopeC${i}`] = `%/${id}/%`;
    return `${alias}.company_path LIKE :scopeC${i}`;
  });
  return query.andWhere(`(${clauses.join(' OR ')})`, params);
}

/** The same rule for one row already loaded. */
export function rowInScope(user: ScopeOwner, row: { companyPath: string; fleetPath: string }): boolean {
  if (user.superAdmin) return true;
  return user.scope.companies.some((id) => row.companyPath.includes(`/${id}/`)) || user.scope.fleets.some((id) => row.fleetPath.includes(`/${id}/`));
}
