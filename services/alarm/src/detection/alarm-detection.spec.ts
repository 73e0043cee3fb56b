import type { FenceEvent, Position, VehicleRegistryEntry } from '@openfleet/contracts';
import { detectFenceEvent, detectOffline, detectPosition, openKeyOf, terminalAlarms, UPDATE_EVERY_MS, type VehicleContext } from './alarm-detection';

const PHONE = '013800000001';
const T0 = 1_732_000_000; // GNSS seconds
const EMERGENCY = 1 << 0;
const OVERSPEED = 1 << 1;
const NO_RULES: VehicleContext['rules'] = { overspeedKmh: 0, overspeedS: 0, fatigueDriveS: 0, fatigueRestS: 0, nightStart: '', nightEnd: '', stoppedS: 0, offlineS: 0 };
const vehicle = { vehicleId: 'v1', plateCode: '粤B12345', companyPath: ['1', '7'], fleetPath: ['3'], terminalPhone: PHONE } as VehicleRegistryEntry;
const context: VehicleContext = { vehicle, rules: NO_RULES };

function position(gpsTimeS: number, alarmFlags = 0, speedKmh = 0, extras?: Record<string, unknown>): Position {
  return { terminalPhone: PHONE, vehicleId: 'v1', gpsTimeS, receivedAtMs: gpsTimeS * 1000, latitudeE6: 22_543_096, longitudeE6: 114_057_865, altitudeM: 0, speedDkmh: speedKmh * 10, directionDeg: 0, alarmFlags, statusFlags: 0, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false, recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson: extras ? JSON.stringify(extras) : '' };
}

const types = (alarms: { type: string }[]) => alarms.map((alarm) => alarm.type);

describe('alarm detection (pure)', () => {
  describe('terminal alarm bits', () => {
    it('starts one alarm when a bit is set, with the vehicle and where it happened', () => {
      const state = terminalAlarms(PHONE);
      const { started, updated, ended } = detectPosition(state, position(T0, EMERGENCY, 42), context);
      expect(types(started)).toEqual(['emergency']);
      expect(started[0]).toMatchObject({ bit: 0, source: 'terminal', terminalPhone: PHONE, vehicleId: 'v1', plateCode: '粤B12345', companyPath: '/1/7/', startedAt: T0 * 1000, endedAt: 0, latitude: 22.543096, speedKmh: 42, alarmKey: `${PHONE}:emergency:${T0 * 1000}` });
      expect(updated).toEqual([]);
      expect(ended).toEqual([]);
      expect([...state.open.keys()]).toEqual(['emergency']);
    });

    it('updates, never restarts, an alarm whose bit stays set: at most once a minute, keeping the top speed', () => {
      const state = terminalAlarms(PHONE);
      const [alarm] = detectPosition(state, position(T0, OVERSPEED, 90), context).started;
      const soon = detectPosition(state, position(T0 + 30, OVERSPEED, 120), context);
      expect(soon).toEqual({ started: [], updated: [], ended: [] });
      expect(alarm).toMatchObject({ speedKmh: 120, maxSpeedKmh: 120, lastAt: T0 * 1000 });
      const due = detectPosition(state, position(T0 + UPDATE_EVERY_MS / 1000, OVERSPEED, 100), context);
      expect(due.started).toEqual([]);
      expect(due.updated).toEqual([alarm]);
      expect(alarm).toMatchObject({ speedKmh: 100, maxSpeedKmh: 120, lastAt: (T0 + 60) * 1000, endedAt: 0 });
    });

    it('ends the alarm when its bit clears, once', () => {
      const state = terminalAlarms(PHONE);
      const [alarm] = detectPosition(state, position(T0, EMERGENCY), context).started;
      const cleared = detectPosition(state, position(T0 + 5), context);
      expect(cleared.ended).toEqual([alarm]);
      expect(alarm).toMatchObject({ endedAt: (T0 + 5) * 1000, lastAt: (T0 + 5) * 1000 });
      expect(state.open.size).toBe(0);
      expect(detectPosition(state, position(T0 + 10), context)).toEqual({ started: [], updated: [], ended: [] });
    });

    it('handles several bits at once: each starts, and each ends on its own', () => {
      const state = terminalAlarms(PHONE);
      const first = detectPosition(state, position(T0, EMERGENCY | OVERSPEED | (1 << 31)), context);
      expect(types(first.started)).toEqual(['emergency', 'overspeed', 'illegalDoorOpen']);
      const second = detectPosition(state, position(T0 + 1, OVERSPEED), context);
      expect(second.started).toEqual([]);
      expect(types(second.ended)).toEqual(['emergency', 'illegalDoorOpen']);
      expect([...state.open.keys()]).toEqual(['overspeed']);
    });

    it('ignores a position not newer than the last one seen (redelivery, backfill)', () => {
      const state = terminalAlarms(PHONE);
      detectPosition(state, position(T0, EMERGENCY), context);
      expect(detectPosition(state, position(T0 - 10), context)).toEqual({ started: [], updated: [], ended: [] });
      expect(detectPosition(state, position(T0, OVERSPEED), context)).toEqual({ started: [], updated: [], ended: [] });
      expect([...state.open.keys()]).toEqual(['emergency']);
      expect(state.lastAt).toBe(T0 * 1000);
    });
  });

  describe('platform rules', () => {
    const overspeed: VehicleContext = { vehicle, rules: { ...NO_RULES, overspeedKmh: 100, overspeedS: 10 } };

    it('does not start overspeed at exactly the limit speed', () => {
      const state = terminalAlarms(PHONE);
      detectPosition(state, position(T0, 0, 100), overspeed);
      expect(detectPosition(state, position(T0 + 60, 0, 100), overspeed).started).toEqual([]);
    });

    it('starts overspeed once the duration is reached exactly, with the limit in its detail, and ends it below the limit', () => {
      const state = terminalAlarms(PHONE);
      expect(detectPosition(state, position(T0, 0, 101), overspeed).started).toEqual([]);
      expect(detectPosition(state, position(T0 + 9, 0, 101), overspeed).started).toEqual([]);
      const reached = detectPosition(state, position(T0 + 10, 0, 101), overspeed).started;
      expect(types(reached)).toEqual(['platformOverspeed']);
      expect(reached[0]).toMatchObject({ source: 'platform', bit: -1, detail: { limitKmh: 100, minDurationS: 10 } });
      expect(detectPosition(state, position(T0 + 11, 0, 130), overspeed).started).toEqual([]);
      expect(detectPosition(state, position(T0 + 12, 0, 100), overspeed).ended).toEqual(reached);
    });
  });

  describe('offline too long', () => {
    const offline: VehicleContext = { vehicle, rules: { ...NO_RULES, offlineS: 600 } };

    it('starts at exactly the limit, placed where the terminal last was, and the next position ends it', () => {
      const state = terminalAlarms(PHONE);
      detectPosition(state, position(T0), offline);
      expect(detectOffline(state, (T0 + 599) * 1000, offline).started).toEqual([]);
      const [alarm] = detectOffline(state, (T0 + 600) * 1000, offline).started;
      expect(alarm).toMatchObject({ type: 'offlineTooLong', startedAt: (T0 + 600) * 1000, latitude: 22.543096, detail: { offlineS: 600 } });
      expect(detectOffline(state, (T0 + 900) * 1000, offline).started).toEqual([]);
      expect(detectPosition(state, position(T0 + 901), offline).ended).toEqual([alarm]);
    });

    it('never starts for a terminal never seen or without a limit', () => {
      expect(detectOffline(terminalAlarms(PHONE), Date.now(), offline).started).toEqual([]);
      const state = terminalAlarms(PHONE);
      detectPosition(state, position(T0), context);
      expect(detectOffline(state, (T0 + 86_400) * 1000, context).started).toEqual([]);
    });
  });

  describe('fence events', () => {
    const fenceEvent = (kind: FenceEvent['kind'], at: number): FenceEvent => ({ eventId: `e-${kind}-${at}`, terminalPhone: PHONE, vehicleId: 'v1', fenceId: '9', fenceName: 'depot', kind, at, latitude: 22.5, longitude: 114, speedKmh: 30, blindArea: false });

    it('a deviation lasts until back on the route, under the key a reload finds it by', () => {
      const state = terminalAlarms(PHONE);
      const [alarm] = detectFenceEvent(state, fenceEvent('deviation', 1000), vehicle).started;
      expect(alarm).toMatchObject({ type: 'routeDeviation', endedAt: 0, alarmKey: 'e-deviation-1000', detail: { fenceId: '9', fenceName: 'depot' } });
      expect([...state.open.keys()]).toEqual([openKeyOf(alarm)]);
      expect(detectFenceEvent(state, fenceEvent('backOnRoute', 2000), vehicle).ended).toEqual([alarm]);
      expect(alarm.endedAt).toBe(2000);
      expect(state.open.size).toBe(0);
    });

    it('an entry is instantaneous: started already ended', () => {
      const state = terminalAlarms(PHONE);
      const [alarm] = detectFenceEvent(state, fenceEvent('enter', 1000), vehicle).started;
      expect(alarm).toMatchObject({ type: 'fenceIn', startedAt: 1000, endedAt: 1000 });
      expect(state.open.size).toBe(0);
    });

    it('over-rpm in a fence is an instantaneous area over-rpm alarm carrying the limit and the rpm', () => {
      const state = terminalAlarms(PHONE);
      const [alarm] = detectFenceEvent(state, { ...fenceEvent('overRpm', 1000), detail: { limitRpm: 2500, rpm: 2800, overS: 10 } }, vehicle).started;
      expect(alarm).toMatchObject({ type: 'areaOverRpm', level: 1, startedAt: 1000, endedAt: 1000, alarmKey: 'e-overRpm-1000', detail: { fenceId: '9', fenceName: 'depot', limitRpm: 2500, rpm: 2800, overS: 10 } });
      expect(state.open.size).toBe(0);
    });
  });

  describe('active safety (0x64-0x67)', () => {
    const adas = (flag: number, alarmId = 5) => ({ adas: { alarmId, flag, eventType: 1, level: 2, identification: { terminalId: 'T1', time: '241120103000', serial: 1, attachmentCount: 0 } } });

    it('flag 1 opens, flag 2 of the same alarm id ends; a backfilled flag 1 is stored already ended', () => {
      const state = terminalAlarms(PHONE);
      const [alarm] = detectPosition(state, position(T0, 0, 0, adas(1)), context).started;
      expect(alarm).toMatchObject({ type: 'adasForwardCollision', endedAt: 0 });
      expect(detectPosition(state, position(T0 + 1, 0, 0, adas(2)), context).ended).toEqual([alarm]);
      const [old] = detectPosition(state, position(T0 - 60, 0, 0, adas(1, 6)), context).started;
      expect(old.endedAt).toBe((T0 - 60) * 1000);
      expect(state.open.size).toBe(0);
    });
  });
});
