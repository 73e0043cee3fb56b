import { AppError, ErrorCode } from '@openfleet/errors';
import type { AuthUser } from './auth-user';
import { inScope, type VehiclePlace } from './vehicle-scope';

/** The filters of a report or list that name a place or vehicles. */
export interface ScopeFilter {
  companyId?: string;
  fleetId?: string;
  /** One id or several, comma-separated. */
  vehicleIds?: string;
}

/**
 * Refuses with 8002 a filter naming a company, fleet or vehicle the caller cannot see, exactly as
 * one that does not exist: filtered by another tenant's id, a report would otherwise answer an empty
 * page where an unknown id answers the same, and a task would run to an empty file. A company or
 * fleet is known when it is in the caller's scope or holds one of its vehicles (`vehicles`: the
 * registry, with company and fleet paths).
 */
export function checkFilterScope(user: AuthUser, vehicles: Iterable<VehiclePlace & { vehicleId: string }>, filter: ScopeFilter): void {
  const companyId = filter.companyId?.trim();
  const fleetId = filter.fleetId?.trim();
  const vehicleIds = new Set((filter.vehicleIds ?? '').split(',').map((id) => id.trim()).filter(Boolean));
  if (!companyId && !fleetId && !vehicleIds.size) return;
  let companyKnown = !companyId || user.scope.companies.includes(companyId);
  let fleetKnown = !fleetId || user.scope.fleets.includes(fleetId);
  for (const vehicle of vehicles) {
    if (!inScope(user, vehicle)) continue;
    vehicleIds.delete(vehicle.vehicleId);
    if (companyId) companyKnown ||= vehicle.companyPath.map(String).includes(companyId);
    if (fleetId) fleetKnown ||= vehicle.fleetPath.map(String).includes(fleetId);
  }
  if (!companyKnown) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'companyId' } });
  if (!fleetKnown) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'fleetId' } });
  if (vehicleIds.size) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: { field: 'vehicleIds' } });
}
