import { GENERAL_ALARMS } from '@openfleet/gb32960';
import { foldAlarmFlags } from './battery-alarms';

const bit = (name: string) => 1 << GENERAL_ALARMS.indexOf(name as (typeof GENERAL_ALARMS)[number]);

describe('battery alarm flags (GB/T 32960 table 18)', () => {
  it('opens an alarm when a flag is set and ends it, with its start, when the flag clears', () => {
    const open: Record<string, number> = {};
    expect(foldAlarmFlags(open, bit('batteryHighTemperature'), 1000)).toEqual([{ phase: 'start', type: 'batteryHighTemperature', startedAt: 1000 }]);
    // Still set: nothing new, the start stays.
    expect(foldAlarmFlags(open, bit('batteryHighTemperature') | bit('socLow'), 2000)).toEqual([{ phase: 'start', type: 'socLow', startedAt: 2000 }]);
    expect(foldAlarmFlags(open, bit('socLow'), 3000)).toEqual([{ phase: 'end', type: 'batteryHighTemperature', startedAt: 1000 }]);
    expect(open).toEqual({ socLow: 2000 });
  });

  it('reads bit 0 as temperature difference and bit 18 as overcharge', () => {
    expect(foldAlarmFlags({}, 1, 5).map((c) => c.type)).toEqual(['temperatureDifference']);
    expect(foldAlarmFlags({}, 1 << 18, 5).map((c) => c.type)).toEqual(['packOvercharge']);
    // Bits above 18 are not general alarms of the 2016 edition.
    expect(foldAlarmFlags({}, 1 << 19, 5)).toEqual([]);
  });

  it('leaves open alarms alone when a report has no alarm unit', () => {
    const open = { socLow: 10 };
    expect(foldAlarmFlags(open, null, 20)).toEqual([]);
    expect(open).toEqual({ socLow: 10 });
  });
});
