import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Who asks (an access token's user): everything for a super administrator, else the granted roots and single vehicles. */
export interface ScopeOwner {
  superAdmin: boolean;
  scope: { companies: readonly string[]; fleets: readonly string[]; vehicles?: readonly string[] };
}

/** Where a table keeps the vehicle a row belongs to (a column name, as in the SQL). */
export interface ScopeColumns {
  vehicleColumn?: string;
  /**
   * Rows also in scope by their own id, whatever their company: for a table whose rows name no
   * vehicle (fences), the ids the caller's granted vehicles lead to (the fences bound to them).
   * An empty list adds nothing.
   */
  orIds?: { column: string; ids: readonly (string | number)[] };
}

/**
 * Restricts a query on a table with `company_path`/`fleet_path` (ids `/a/b/`) to the caller's
 * vehicle scope: rows stay with the company and fleet the vehicle had when they were written. With
 * `vehicleColumn` the rows of the caller's single granted vehicles count too; without it a user
 * granted single vehicles only sees none of the table, unless `orIds` names rows they may see.
 */
export function whereInScope<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, user: ScopeOwner, alias: string, columns: ScopeColumns = {}): SelectQueryBuilder<T> {
  if (user.superAdmin) return query;
  const clauses: string[] = [];
  const params: Record<string, unknown> = {};
  user.scope.companies.forEach((id, i) => {
    clauses.push(`${alias}.company_path LIKE :scopeC${i}`);
    params[`scopeC${i}`] = `%/${id}/%`;
  });
  user.scope.fleets.forEach((id, i) => {
    clauses.push(`${alias}.fleet_path LIKE :scopeF${i}`);
    params[`scopeF${i}`] = `%/${id}/%`;
  });
  if (columns.vehicleColumn && user.scope.vehicles?.length) {
    clauses.push(`${alias}.${columns.vehicleColumn} IN (:...scopeV)`);
    params.scopeV = [...user.scope.vehicles];
  }
  if (columns.orIds?.ids.length) {
    clauses.push(`${alias}.${columns.orIds.column} IN (:...scopeIds)`);
    params.scopeIds = [...columns.orIds.ids];
  }
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

/** The same rule for one row already loaded: a row that names its vehicle also counts under a single-vehicle grant. */
export function rowInScope(user: ScopeOwner, row: { companyPath: string; fleetPath: string; vehicleId?: string | number | null }): boolean {
  if (user.superAdmin) return true;
  if (user.scope.companies.some((id) => row.companyPath.includes(`/${id}/`)) || user.scope.fleets.some((id) => row.fleetPath.includes(`/${id}/`))) return true;
  return row.vehicleId != null && row.vehicleId !== '' && (user.scope.vehicles ?? []).includes(String(row.vehicleId));
}
