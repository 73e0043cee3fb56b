import type { CertificationSettings, EnergyReport } from '@openfleet/contracts';
import { decodeRealtime, type RealtimeUnit } from '@openfleet/gb32960';
import { satisfied, violated, type TestProgress } from './check-state';
import { unitViolation } from './gb32960-ranges';

// GB/T 32960 checks of a running test, from the reports the energy gateway accepted
// (energy.report.v2). The gateway publishes nothing before a vehicle's 0x01 login was accepted
// with its time, so the first report is the evidence of login; reissues (0x03) come flagged.

const unitCode = (type: number) => `unit${type.toString(16).padStart(2, '0')}`;
const unitId = (type: number) => `0x${type.toString(16).padStart(2, '0')}`;

export function applyReport(progress: TestProgress, report: EnergyReport, settings: CertificationSettings): void {
  const at = report.collectedAt;
  satisfied(progress, 'login', 1, { at: report.receivedAt, field: '0x01', value: report.vin, note: 'logged in: the gateway accepted reports' });
  let units: RealtimeUnit[];
  try {
    units = decodeRealtime(report.data).units;
  } catch (error) {
    violated(progress, 'frameFormat', { at, field: report.reissued ? '0x03' : '0x02', value: report.data.subarray(0, 32).toString('hex'), note: (error as Error).message });
    return;
  }
  satisfied(progress, 'frameFormat', settings.minFrames, { at, field: report.reissued ? '0x03' : '0x02', value: `${units.length} units` });

  if (report.reissued) {
    // A reissue is history: older than its arrival and than the newest live report.
    const before = Math.min(report.receivedAt, progress.lastLiveAt ?? report.receivedAt);
    if (at < before) satisfied(progress, 'reissue', 1, { at, field: '0x03', value: `${Math.round((report.receivedAt - at) / 1000)}s late` });
    else violated(progress, 'reissue', { at, field: '0x03', value: `${Math.round((at - before) / 1000)}s ahead`, note: 'a reissued report not older than the live ones' });
    return;
  }
  progress.lastLiveAt = Math.max(progress.lastLiveAt ?? 0, at);
  const skewS = Math.abs(report.receivedAt - at) / 1000;
  if (skewS > settings.maxClockSkewS) violated(progress, 'timeSync', { at, field: 'collectedAt', value: `${Math.round(skewS)}s`, note: `more than ${settings.maxClockSkewS}s from the arrival` });
  else satisfied(progress, 'timeSync', settings.minFrames, { at, field: 'collectedAt', value: `${Math.round(skewS)}s` });

  const byType = new Map(units.map((unit) => [unit.type, unit]));
  for (const id of settings.requiredUnits) {
    const type = parseInt(id, 16);
    const unit = byType.get(type);
    if (!unit) {
      violated(progress, unitCode(type), { at, field: unitId(type), value: 'absent', note: 'a real-time report without this unit' });
      continue;
    }
    const problem = unitViolation(unit);
    if (problem) violated(progress, unitCode(type), { at, field: problem.field, value: problem.value, note: 'outside the range of GB/T 32960.3-2016' });
    else satisfied(progress, unitCode(type), settings.minFrames, { at, field: unitId(type), value: 'in range' });
  }
}
