import { canonicalTerminalPhone, conditionExtrasOf, type Position, type TerminalUplink } from '@openfleet/contracts';
import { canBusId } from '../records/can-signal';
import { canFramesOf } from '../records/terminal-records';

/** One row of condition_extras: the newest condition items of a terminal. */
export interface ConditionExtrasRow {
  terminalPhone: string;
  vehicleId: string;
  gpsTime: number;
  extendedSignals: number | null;
  ioStatus: number | null;
  analogAd0: number | null;
  analogAd1: number | null;
  signalStrength: number | null;
  satellites: number | null;
}

/** One row of condition_can: the newest frame of a bus id of a terminal. */
export interface ConditionCanRow {
  terminalPhone: string;
  busId: number;
  vehicleId: string;
  at: number;
  data: string;
}

/**
 * The newest condition items per terminal of a batch of positions. A report without any of them
 * (most of the traffic) costs one substring search; an item a report leaves out keeps its stored value.
 */
export function conditionExtrasRows(positions: readonly Position[], vehicleOf: (position: Position) => string): ConditionExtrasRow[] {
  const newest = new Map<string, ConditionExtrasRow>();
  for (const position of positions) {
    const extras = conditionExtrasOf(position.extrasJson);
    if (!extras) continue;
    const terminalPhone = canonicalTerminalPhone(position.terminalPhone);
    const known = newest.get(terminalPhone);
    if (known && known.gpsTime > position.gpsTimeS) {
      // An older report of the batch (blind-area upload) only fills what the newer one left out.
      known.extendedSignals ??= extras.extendedSignals;
      known.ioStatus ??= extras.ioStatus;
      known.signalStrength ??= extras.signalStrength;
      known.satellites ??= extras.satellites;
      if (known.analogAd0 === null && extras.analog) [known.analogAd0, known.analogAd1] = [extras.analog.ad0, extras.analog.ad1];
      continue;
    }
    newest.set(terminalPhone, {
      terminalPhone,
      vehicleId: vehicleOf(position),
      gpsTime: position.gpsTimeS,
      extendedSignals: extras.extendedSignals ?? known?.extendedSignals ?? null,
      ioStatus: extras.ioStatus ?? known?.ioStatus ?? null,
      analogAd0: extras.analog?.ad0 ?? known?.analogAd0 ?? null,
      analogAd1: extras.analog?.ad1 ?? known?.analogAd1 ?? null,
      signalStrength: extras.signalStrength ?? known?.signalStrength ?? null,
      satellites: extras.satellites ?? known?.satellites ?? null,
    });
  }
  return [...newest.values()].sort((a, b) => a.terminalPhone.localeCompare(b.terminalPhone));
}

/** The newest frame per terminal and bus id of a batch of uplinks (0x0705 only); a later frame of one upload wins. */
export function conditionCanRows(uplinks: readonly TerminalUplink[], vehicleOf: (uplink: TerminalUplink) => string): ConditionCanRow[] {
  const newest = new Map<string, ConditionCanRow>();
  for (const uplink of uplinks) {
    if (uplink.msgId !== '0x0705') continue;
    for (const frame of canFramesOf(uplink, vehicleOf(uplink))) {
      const busId = canBusId(frame.canId);
      const key = `${frame.terminalPhone}/${busId}`;
      const known = newest.get(key);
      if (known && known.at > frame.at) continue;
      newest.set(key, { terminalPhone: frame.terminalPhone, busId, vehicleId: frame.vehicleId, at: frame.at, data: frame.data });
    }
  }
  return [...newest.values()].sort((a, b) => a.terminalPhone.localeCompare(b.terminalPhone) || a.busId - b.busId);
}
