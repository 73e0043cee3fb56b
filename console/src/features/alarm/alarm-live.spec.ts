import { liveAlarmReaction } from './alarm-live';

describe('live alarm reaction', () => {
  const now = 1_000_000_000;
  it('toasts what starts now as the company configured it, falling back to the level', () => {
    expect(liveAlarmReaction({ type: 'emergency', level: 0, startedAt: now }, now)).toEqual({ toast: true, sound: true });
    expect(liveAlarmReaction({ type: 'overspeed', level: 1, startedAt: now }, now)).toEqual({ toast: true, sound: false });
    expect(liveAlarmReaction({ type: 'areaInOut', level: 2, startedAt: now }, now)).toEqual({ toast: false, sound: false });
    expect(liveAlarmReaction({ type: 'areaInOut', level: 2, startedAt: now, detail: { push: true, sound: true } }, now)).toEqual({ toast: true, sound: true });
    expect(liveAlarmReaction({ type: 'emergency', level: 0, startedAt: now, detail: { push: false, sound: true } }, now)).toEqual({ toast: false, sound: false });
  });

  it('treats an instantaneous alarm as a start, and stays quiet on ends, backfill and stale news', () => {
    expect(liveAlarmReaction({ type: 'dsmPhoneCall', level: 1, startedAt: now, endedAt: now }, now).toast).toBe(true);
    expect(liveAlarmReaction({ type: 'emergency', level: 0, startedAt: now - 1000, endedAt: now }, now).toast).toBe(false);
    expect(liveAlarmReaction({ type: 'emergency', level: 0, startedAt: now, detail: { blindArea: true } }, now).toast).toBe(false);
    expect(liveAlarmReaction({ type: 'emergency', level: 0, startedAt: now - 5 * 60_000 }, now).toast).toBe(true);
    expect(liveAlarmReaction({ type: 'emergency', level: 0, startedAt: now - 5 * 60_000 - 1 }, now).toast).toBe(false);
  });
});
