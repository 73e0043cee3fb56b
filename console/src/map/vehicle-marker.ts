import { DisplayStatus } from '@openfleet/contracts/display-status';

/**
 * One vehicle as the map draws it: WGS-84 position (converted at the boundary), heading, display
 * status. The live store's vehicles have this shape, so the map reads them without copying.
 */
export interface VehicleMarker {
  readonly plateCode: string;
  /** null before the first fix: not drawn. */
  readonly lng: number | null;
  readonly lat: number | null;
  /** Degrees clockwise from north. */
  readonly direction: number;
  readonly displayStatus: DisplayStatus;
}

/** Sprite order of the ten status icons (spec §4 rule order). */
export const STATUS_ORDER: readonly DisplayStatus[] = [
  DisplayStatus.UNKNOWN,
  DisplayStatus.POSITIONING_ABNORMAL,
  DisplayStatus.OFFLINE_ALARM,
  DisplayStatus.OFFLINE,
  DisplayStatus.LOCATE_ALARM,
  DisplayStatus.STOPPED_ALARM,
  DisplayStatus.STOPPED,
  DisplayStatus.ONLINE_ALARM,
  DisplayStatus.ONLINE,
  DisplayStatus.LOCATED,
];

/** Icon colour per display status (tree icons, map sprite, legend). */
export const STATUS_COLOURS: Readonly<Record<DisplayStatus, string>> = {
  unknown: '#8a8f98',
  positioningAbnormal: '#5c5f66',
  offlineAlarm: '#b0413e',
  offline: '#a7adb5',
  locateAlarm: '#d9822b',
  stoppedAlarm: '#e0542f',
  stopped: '#2d72d2',
  onlineAlarm: '#cd4246',
  online: '#238551',
  located: '#0f9960',
};

export function statusIndex(status: DisplayStatus): number {
  const index = STATUS_ORDER.indexOf(status);
  return index < 0 ? 0 : index;
}
