import type { ReminderRow } from '@openfleet/contracts/vehicle-service';
import { countsAfter, NO_REMINDERS, parseDaysBefore, thresholdLabel } from './reminder-counts';

const row = (kind: ReminderRow['kind'], status: ReminderRow['status'] = 0) => ({ kind, status }) as ReminderRow;

describe('countsAfter', () => {
  it('adds each new unread reminder to its kind and to the messages badge', () => {
    const event = { companyId: 'c1', vehicleId: 'v1', roleIds: [], reminders: [row('insurance'), row('inspection'), row('insurance'), row('maintenance', 1)] };
    expect(countsAfter(NO_REMINDERS, event)).toEqual({ messages: 3, insurance: 2, inspection: 1, maintenance: 0 });
    expect(NO_REMINDERS.messages).toBe(0);
  });
});

describe('thresholdLabel', () => {
  it('names days thresholds with their days, the others by name', () => {
    expect(thresholdLabel('days:7')).toEqual({ key: 'reminders.threshold.days', days: 7 });
    expect(thresholdLabel('km-overdue')).toEqual({ key: 'reminders.threshold.km-overdue' });
  });
});

describe('parseDaysBefore', () => {
  it('reads days in any order and separator, widest first', () => {
    expect(parseDaysBefore('7, 30，1')).toEqual([30, 7, 1]);
  });

  it('refuses repeats, out of range, fractions, empties and more than five', () => {
    expect(parseDaysBefore('7,7')).toBeNull();
    expect(parseDaysBefore('0')).toBeNull();
    expect(parseDaysBefore('366')).toBeNull();
    expect(parseDaysBefore('1.5')).toBeNull();
    expect(parseDaysBefore('')).toBeNull();
    expect(parseDaysBefore('1,2,3,4,5,6')).toBeNull();
  });
});
