import { jsonCodec } from '../codec';
import { checkFields } from '../validation';
import type { ReminderEvent } from './reminders-api';

/**
 * New reminders of one vehicle (topic vehicle-service.reminders.v1, key the vehicle id): the api
 * live hub pushes them as `reminders` to the users of the vehicle's company whose role is among
 * `roleIds` (every user when empty).
 */
export const reminderEventCodec = jsonCodec<ReminderEvent>((value) => {
  const problem = checkFields(value, { companyId: 'string', vehicleId: 'string', roleIds: 'object', reminders: 'object' });
  if (problem) return problem;
  const event = value as ReminderEvent;
  if (!Array.isArray(event.roleIds) || !event.roleIds.every((id) => typeof id === 'string')) return 'roleIds must be a list of strings';
  if (!Array.isArray(event.reminders)) return 'reminders must be a list';
  for (const reminder of event.reminders) {
    const bad = checkFields(reminder, { id: 'number', kind: 'string', threshold: 'string', recordId: 'number', vehicleId: 'string', status: 'number', createdAt: 'number' });
    if (bad) return `reminders: ${bad}`;
  }
  return null;
});
