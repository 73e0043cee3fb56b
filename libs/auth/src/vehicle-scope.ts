import type { AuthUser } from './auth-user';

/**
 * Where a vehicle sits: company ids root-first, fleet ids top-first, and the vehicle's own id where the
 * caller knows it (a registry entry carries it). Without `vehicleId` a vehicle grant cannot match, so a
 * user granted single vehicles only sees nothing there.
 */
export interface VehiclePlace {
  companyPath: readonly string[];
  fleetPath: readonly string[];
  vehicleId?: string | number | null;
}

/**
 * True when the user may see a vehicle at `place`: a super administrator sees everything, anyone else
 * the vehicles under a granted company or fleet and the single vehicles granted to them.
 */
export function inScope(user: AuthUser, place: VehiclePlace): boolean {
  if (user.superAdmin) return true;
  const companies = new Set(user.scope.companies);
  const fleets = new Set(user.scope.fleets);
  if (place.companyPath.some((id) => companies.has(String(id))) || place.fleetPath.some((id) => fleets.has(String(id)))) return true;
  return place.vehicleId != null && place.vehicleId !== '' && grantedVehicles(user.scope.vehicles).has(String(place.vehicleId));
}

// Lists walk every vehicle of the registry through inScope: the grant's set is built once per token.
const vehicleSets = new WeakMap<readonly string[], ReadonlySet<string>>();
const NO_VEHICLES: ReadonlySet<string> = new Set();

function grantedVehicles(vehicles: readonly string[] | undefined): ReadonlySet<string> {
  if (!vehicles?.length) return NO_VEHICLES;
  let set = vehicleSets.get(vehicles);
  if (!set) vehicleSets.set(vehicles, (set = new Set(vehicles.map(String))));
  return set;
}
