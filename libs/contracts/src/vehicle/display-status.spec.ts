import { DisplayStatus, LocateStatus, vehicleDisplayStatus, type DisplayStatusInput } from './display-status';

const moving: DisplayStatusInput = { plateCode: '京A12345', locateStatus: LocateStatus.LOCATED, vehicleStatus: 1, alarmCount: 0, gpsSpeed: 42 };

describe('vehicleDisplayStatus (spec §4, first match wins)', () => {
  it.each<[string, DisplayStatusInput, DisplayStatus]>([
    ['1 no plate', { ...moving, plateCode: '' }, DisplayStatus.UNKNOWN],
    ['1 blank plate beats everything', { plateCode: '  ', locateStatus: LocateStatus.ABNORMAL, vehicleStatus: 0, alarmCount: 3 }, DisplayStatus.UNKNOWN],
    ['1 missing plate', { ...moving, plateCode: undefined }, DisplayStatus.UNKNOWN],
    ['2 locateStatus 0 beats offline and alarms', { ...moving, locateStatus: LocateStatus.ABNORMAL, vehicleStatus: 0, alarmCount: 2 }, DisplayStatus.POSITIONING_ABNORMAL],
    ['3 offline with alarms', { ...moving, vehicleStatus: 0, alarmCount: 1 }, DisplayStatus.OFFLINE_ALARM],
    ['4 offline', { ...moving, vehicleStatus: 0, gpsSpeed: 0 }, DisplayStatus.OFFLINE],
    ['5 not located with alarms', { ...moving, locateStatus: LocateStatus.NOT_LOCATED, alarmCount: 1 }, DisplayStatus.LOCATE_ALARM],
    ['5 locate status missing with alarms', { ...moving, locateStatus: null, alarmCount: 1 }, DisplayStatus.LOCATE_ALARM],
    ['6 located, speed 0, alarms', { ...moving, gpsSpeed: 0, alarmCount: 4 }, DisplayStatus.STOPPED_ALARM],
    ['7 located, speed 0', { ...moving, gpsSpeed: 0 }, DisplayStatus.STOPPED],
    ['7 located, speed missing', { ...moving, gpsSpeed: undefined }, DisplayStatus.STOPPED],
    ['8 online with alarms', { ...moving, alarmCount: 1 }, DisplayStatus.ONLINE_ALARM],
    ['8 online, not located, no alarm is not rule 5', { ...moving, locateStatus: LocateStatus.NOT_LOCATED, alarmCount: 2, plateCode: 'x' }, DisplayStatus.LOCATE_ALARM],
    ['9 online', moving, DisplayStatus.ONLINE],
    ['9 online, not located, no alarms', { ...moving, locateStatus: LocateStatus.NOT_LOCATED }, DisplayStatus.ONLINE],
    ['10 session unknown, moving', { ...moving, vehicleStatus: undefined }, DisplayStatus.LOCATED],
    ['10 session unknown, not located, no alarms', { plateCode: 'A', locateStatus: LocateStatus.NOT_LOCATED }, DisplayStatus.LOCATED],
  ])('%s', (_, input, expected) => {
    expect(vehicleDisplayStatus(input)).toBe(expected);
  });
});
