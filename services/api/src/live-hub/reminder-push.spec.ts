import type { ReminderEvent, VehicleRegistryEntry } from '@openfleet/contracts';
import type { LiveClient } from './live-push';
import { reminderReaches } from './reminder-push';

const client = (companies: string[], superAdmin = false, vehicles: string[] = []): LiveClient => ({ superAdmin, companies: new Set(companies), fleets: new Set(), vehicles: new Set(vehicles), subscription: { kind: 'scope' } });
const vehicle = { vehicleId: 'v1', companyPath: ['1', '10'], fleetPath: ['77'] } as VehicleRegistryEntry;
const event = (roleIds: string[]): ReminderEvent => ({ companyId: '10', vehicleId: 'v1', roleIds, reminders: [] });

describe('reminderReaches', () => {
  it('reaches the users of the vehicle company path, not another company', () => {
    expect(reminderReaches(client(['10']), ['5'], vehicle, event([]))).toBe(true);
    expect(reminderReaches(client(['1']), ['5'], vehicle, event([]))).toBe(true);
    expect(reminderReaches(client(['20']), ['5'], vehicle, event([]))).toBe(false);
  });

  it('reaches only the receiving roles when the company names some', () => {
    expect(reminderReaches(client(['10']), ['5'], vehicle, event(['6']))).toBe(false);
    expect(reminderReaches(client(['10']), ['5', '6'], vehicle, event(['6']))).toBe(true);
    expect(reminderReaches(client([], true), ['5'], vehicle, event(['6']))).toBe(false);
  });

  it("falls back to the event's company for a vehicle the registry does not know", () => {
    expect(reminderReaches(client(['10']), [], undefined, event([]))).toBe(true);
    expect(reminderReaches(client(['1']), [], undefined, event([]))).toBe(false);
  });

  it('reaches a user granted the single vehicle (vgPower), not one granted another', () => {
    expect(reminderReaches(client([], false, ['v1']), [], vehicle, event([]))).toBe(true);
    expect(reminderReaches(client([], false, ['v2']), [], vehicle, event([]))).toBe(false);
  });
});
