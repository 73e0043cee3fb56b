/**
 * Device and vehicle faults (/gps/fault, screen faultInformation): types only, browser-safe
 * (`@openfleet/contracts/alarm`). A fault lasts from its alarm's start to its end.
 */

/** Where a fault comes from: a 0x0200 alarm bit, or a JT/T 1078 video alarm (extra 0x14). */
export type FaultSource = 'terminal' | 'video';

/** Fault kinds by alarm type: the terminal's module faults (alarm bits) and the video device faults. */
export const FAULT_KINDS: Readonly<Record<string, { source: FaultSource; bit?: number }>> = {
  gnssModuleFault: { source: 'terminal', bit: 4 },
  gnssAntennaDisconnected: { source: 'terminal', bit: 5 },
  gnssAntennaShortCircuit: { source: 'terminal', bit: 6 },
  mainPowerUndervoltage: { source: 'terminal', bit: 7 },
  mainPowerOff: { source: 'terminal', bit: 8 },
  displayFault: { source: 'terminal', bit: 9 },
  ttsModuleFault: { source: 'terminal', bit: 10 },
  cameraFault: { source: 'terminal', bit: 11 },
  icCardModuleFault: { source: 'terminal', bit: 12 },
  vssFault: { source: 'terminal', bit: 24 },
  videoSignalLoss: { source: 'video' },
  videoStorageFault: { source: 'video' },
  videoDeviceFault: { source: 'video' },
};

/** One fault of the list (gps/fault/page). */
export interface FaultRow {
  id: number;
  kind: string;
  source: FaultSource;
  /** The 0x0200 alarm bit, -1 for video faults. */
  bit: number;
  terminalPhone: string;
  vehicleId: string;
  plateCode: string;
  startedAt: number;
  /** 0 while the fault lasts. */
  endedAt: number;
  /** Seconds from start to end (to now while it lasts). */
  durationS: number;
  /** 0 ongoing, 1 ended. */
  status: 0 | 1;
}

/** One kind of the summary (gps/fault/summary). */
export interface FaultKindSummary {
  kind: string;
  count: number;
  ongoing: number;
  vehicles: number;
  durationS: number;
}
