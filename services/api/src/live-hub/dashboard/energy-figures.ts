import type { EnergyReport } from '@openfleet/contracts';
import { decodeRealtime } from '@openfleet/gb32960';

const WHOLE_VEHICLE = new Set([0x01]);

/** The charge state and SOC of a GB/T 32960 report (its whole-vehicle unit), or undefined without one or when it does not decode. */
export function energyFiguresOf(report: EnergyReport): { chargeState: number; socPercent: number | undefined } | undefined {
  try {
    // Only the whole-vehicle unit is built; the others (96 cell voltages ...) are skipped by size.
    for (const unit of decodeRealtime(report.data, WHOLE_VEHICLE).units) {
      if ('vehicle' in unit) return { chargeState: unit.vehicle.chargeState, socPercent: typeof unit.vehicle.socPercent === 'number' ? unit.vehicle.socPercent : undefined };
    }
  } catch {
    // The energy service stored and judged the report; the big screen only skips what it cannot read.
  }
  return undefined;
}
