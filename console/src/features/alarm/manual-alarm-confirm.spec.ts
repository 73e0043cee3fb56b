import { confirmRequests, isManuallyConfirmable } from './manual-alarm-confirm';

describe('manual alarm confirmation (0x8203)', () => {
  it('offers it for the terminal alarms of the 0x8203 types only', () => {
    expect(isManuallyConfirmable({ source: 'terminal', bit: 0 })).toBe(true);
    expect(isManuallyConfirmable({ source: 'terminal', bit: 3 })).toBe(true);
    expect(isManuallyConfirmable({ source: 'terminal', bit: 28 })).toBe(true);
    expect(isManuallyConfirmable({ source: 'terminal', bit: 1 })).toBe(false);
    expect(isManuallyConfirmable({ source: 'platform', bit: 0 })).toBe(false);
  });

  it('sends one request per vehicle with the alarms\' bits OR-ed, and skips the rest', () => {
    expect(confirmRequests([
      { source: 'terminal', bit: 0, vehicleId: '1' },
      { source: 'terminal', bit: 20, vehicleId: '1' },
      { source: 'terminal', bit: 3, vehicleId: '2' },
      { source: 'terminal', bit: 1, vehicleId: '3' },
      { source: 'platform', bit: 0, vehicleId: '4' },
    ])).toEqual([
      { vehicleId: '1', alarmSerial: 0, alarmTypes: 0x00100001 },
      { vehicleId: '2', alarmSerial: 0, alarmTypes: 0x8 },
    ]);
  });
});
