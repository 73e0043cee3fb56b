import type { AuthUser } from './auth-user';

/** Where a vehicle sits: company ids root-first, fleet ids top-first. */
export interface VehiclePlace {
  companyPath: readonly string[];
  fleetPath: readonly string[];
}

/** True when the user may see a vehicle at `place`: a super administrator sees everything. */
export function inScope(user: AuthUser, place: VehiclePlace): boolean {
  if (user.superAdmin) return true;
  const companies = new Set(user.scope.companies);
  const fleets = new Set(user.scope.fleets);
  return place.companyPath.some((id) => companies.has(String(id))) || place.fleetPath.some((id) => fleets.has(String(id)));
}
