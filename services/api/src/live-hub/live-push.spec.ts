import type { AuthUser } from '@openfleet/auth';
import type { Position, VehicleRegistryEntry } from '@openfleet/contracts';
import { clientSees, liveClientOf, liveVideoAlarmsOf, PositionCoalescer } from './live-push';

const position = (extrasJson: string): Position =>
  ({
    terminalPhone: '13912345678', vehicleId: 'v1', gpsTimeS: 100, receivedAtMs: 100_000, latitudeE6: 30_000_000, longitudeE6: 120_000_000, altitudeM: 5,
    speedDkmh: 100, directionDeg: 90, alarmFlags: 0, statusFlags: 2, mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false,
    recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 1, sequence: 0, extrasJson,
  }) as Position;

describe('video alarms in the live push', () => {
  it('carries the 0x14-0x18 items of a position that has a 0x14 item', () => {
    const extras = { videoAlarms: 0x21, videoSignalLossChannels: 5, storageFaults: 0x1000, abnormalDriving: { behaviours: 1, fatigueLevel: 70 }, ioStatus: 3 };
    expect(liveVideoAlarmsOf(JSON.stringify(extras))).toEqual({
      flags: 0x21,
      signalLossChannels: 5,
      occlusionChannels: 0,
      storageFaults: 0x1000,
      abnormalDriving: { behaviours: 1, fatigueLevel: 70 },
    });
    expect(liveVideoAlarmsOf('{"videoAlarms":2}')?.abnormalDriving).toBeNull();
  });

  it('carries nothing for a position without 0x14, or with extras that do not parse', () => {
    expect(liveVideoAlarmsOf('')).toBeUndefined();
    expect(liveVideoAlarmsOf('{"ioStatus":3,"videoSignalLossChannels":1}')).toBeUndefined();
    expect(liveVideoAlarmsOf('{"videoAlarms":')).toBeUndefined();
  });

  it('puts them on the pushed position only when present', () => {
    const coalescer = new PositionCoalescer();
    coalescer.offer(position('{"videoAlarms":1,"videoSignalLossChannels":2}'), undefined);
    expect(coalescer.drain()[0].position.videoAlarms).toEqual({ flags: 1, signalLossChannels: 2, occlusionChannels: 0, storageFaults: 0, abnormalDriving: null });
    coalescer.offer({ ...position(''), gpsTimeS: 101 }, undefined);
    expect('videoAlarms' in coalescer.drain()[0].position).toBe(false);
  });
});

describe('live positions of singly granted vehicles', () => {
  const user = (scope: AuthUser['scope']): AuthUser => ({ id: '7', companyId: '3', userType: 1, roleIds: [], superAdmin: false, scope });
  const at = (vehicleId: string, fleetPath: string[]) => ({ vehicleId, companyPath: ['1', '3'], fleetPath }) as unknown as VehicleRegistryEntry;

  it('a user granted one vehicle sees its positions and no other of the company', () => {
    const client = liveClientOf(user({ companies: [], fleets: [], vehicles: ['41'] }));
    expect([clientSees(client, at('41', ['8'])), clientSees(client, at('42', ['8'])), clientSees(client, undefined)]).toEqual([true, false, false]);
  });

  it('fleets and vehicles add up', () => {
    const client = liveClientOf(user({ companies: [], fleets: ['9'], vehicles: ['41'] }));
    expect([clientSees(client, at('41', ['8'])), clientSees(client, at('42', ['8', '9'])), clientSees(client, at('43', ['8']))]).toEqual([true, true, false]);
  });
});
