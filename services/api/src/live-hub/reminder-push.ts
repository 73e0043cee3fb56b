import type { ReminderEvent, VehicleRegistryEntry } from '@openfleet/contracts';
import type { LiveClient } from './live-push';

/**
 * True when a socket's user gets a `reminders` event: the vehicle is in the user's scope (its
 * company or fleet paths; the event's company when the registry does not know the vehicle) and,
 * when the company names receiving roles, the user holds one of them. Super administrators see
 * every vehicle but still only under the roles rule.
 */
export function reminderReaches(client: LiveClient, roleIds: readonly string[], vehicle: VehicleRegistryEntry | undefined, event: ReminderEvent): boolean {
  if (event.roleIds.length && !roleIds.some((role) => event.roleIds.includes(String(role)))) return false;
  if (client.superAdmin) return true;
  const companies = vehicle ? vehicle.companyPath : [event.companyId];
  const fleets = vehicle ? vehicle.fleetPath : [];
  return companies.some((id) => client.companies.has(String(id))) || fleets.some((id) => client.fleets.has(String(id))) || client.vehicles.has(String(event.vehicleId));
}
