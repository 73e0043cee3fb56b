import type { EnergyReport } from '@openfleet/contracts';
import { encodeRealtime, type RealtimeUnit } from '@openfleet/gb32960';
import { checkCodes, newCheck, type TestProgress } from './check-state';
import { applyReport } from './gb32960-checks';
import { unitViolation } from './gb32960-ranges';
import { settingsOf } from './settings';

const settings = settingsOf({ minFrames: 1 });
const AT = Date.UTC(2026, 10, 27, 2, 0, 0);
const VEHICLE: Extract<RealtimeUnit, { type: 1 }>['vehicle'] = { vehicleState: 1, chargeState: 3, runMode: 1, speedKmh: 42.5, mileageKm: 100, voltageV: 350, currentA: -10, socPercent: 80, dcdcState: 1, gear: 0x2e, insulationKOhm: 5000, acceleratorPercent: 20, brakePercent: 0 };
const fresh = (): TestProgress => ({ checks: checkCodes('gb32960', settings).map(newCheck) });
const report = (units: RealtimeUnit[], patch: Partial<EnergyReport> = {}): EnergyReport => ({ vin: 'LNBSCCAK7JD000001', vehicleId: 'e', collectedAt: AT, receivedAt: AT + 1000, reissued: false, data: encodeRealtime({ time: '2026-11-27 10:00:00', units }), ...patch });
const check = (progress: TestProgress, code: string) => progress.checks.find((c) => c.code === code)!;

describe('GB/T 32960 certification checks', () => {
  it.each([
    [{ socPercent: 100 }, null],
    [{ socPercent: 'abnormal' as const }, null],
    [{ speedKmh: 220.1 }, '0x01.speedKmh'],
    [{ chargeState: 5 }, '0x01.chargeState'],
    [{ chargeState: 0xfe }, null],
    [{ insulationKOhm: 60_001 }, '0x01.insulationKOhm'],
  ])('judges the vehicle unit %o: %s', (patch, field) => {
    expect(unitViolation({ type: 1, vehicle: { ...VEHICLE, ...patch } })?.field ?? null).toBe(field);
  });

  it('judges motors, alarms, cells and probes by the ranges of the standard', () => {
    expect(unitViolation({ type: 2, motors: [] })).toEqual({ field: '0x02.count', value: '0' });
    expect(unitViolation({ type: 7, alarms: { maxLevel: 3, flags: 1 << 18, packFaults: [], motorFaults: [], engineFaults: [], otherFaults: [] } })).toBeNull();
    expect(unitViolation({ type: 7, alarms: { maxLevel: 3, flags: 1 << 19, packFaults: [], motorFaults: [], engineFaults: [], otherFaults: [] } })?.field).toBe('0x07.flags');
    expect(unitViolation({ type: 7, alarms: { maxLevel: 4, flags: 0, packFaults: [], motorFaults: [], engineFaults: [], otherFaults: [] } })?.field).toBe('0x07.maxLevel');
    const cells = (cellVoltagesV: number[]) => unitViolation({ type: 8, voltages: [{ subsystem: 1, voltageV: 350, currentA: 0, totalCells: 10, firstCell: 5, cellVoltagesV }] });
    expect(cells([3.3, 60])).toBeNull();
    expect(cells([3.3, 60.001])).toEqual({ field: '0x08[1].cell6', value: '60.001' });
    expect(unitViolation({ type: 9, temperatures: [{ subsystem: 2, probeTempsC: [-40, -41] }] })).toEqual({ field: '0x09[2].probe2', value: '-41' });
    // No valid fix (status bit 0): the coordinates are not judged.
    expect(unitViolation({ type: 5, position: { status: 1, longitude: 0, latitude: 0 } })).toBeNull();
    expect(unitViolation({ type: 5, position: { status: 0, longitude: 181, latitude: 30 } })?.field).toBe('0x05.longitude');
  });

  it('fails a required unit a live report lacks, but not one a reissue lacks', () => {
    const progress = fresh();
    applyReport(progress, report([{ type: 1, vehicle: VEHICLE }], { reissued: true, collectedAt: AT - 60_000 }), settings);
    expect(check(progress, 'unit01').status).toBe('pending');
    expect(check(progress, 'reissue')).toMatchObject({ status: 'passed', evidence: { field: '0x03', value: '61s late' } });
    applyReport(progress, report([{ type: 1, vehicle: VEHICLE }]), settings);
    expect(check(progress, 'unit01').status).toBe('passed');
    expect(check(progress, 'unit02')).toMatchObject({ status: 'failed', evidence: { at: AT, field: '0x02', value: 'absent' } });
  });

  it('fails a reissue newer than the live reports, a skewed clock and an undecodable data unit', () => {
    const progress = fresh();
    applyReport(progress, report([{ type: 1, vehicle: VEHICLE }], { collectedAt: AT, receivedAt: AT + 301_000 }), settings);
    expect(check(progress, 'timeSync')).toMatchObject({ status: 'failed', evidence: { value: '301s' } });
    applyReport(progress, report([{ type: 1, vehicle: VEHICLE }], { reissued: true, collectedAt: AT + 1000 }), settings);
    expect(check(progress, 'reissue')).toMatchObject({ status: 'failed', evidence: { value: '1s ahead' } });
    applyReport(progress, { ...report([]), data: Buffer.from([26, 11, 27, 10, 0, 0, 0x01, 0x01]) }, settings);
    expect(check(progress, 'frameFormat').status).toBe('failed');
    expect(check(progress, 'login').status).toBe('passed');
  });
});
