import { canonicalTerminalPhone } from '../terminal-phone';

/**
 * Vehicle-facing links that name a vehicle by its VIN instead of a SIM number, and still report
 * positions: GB/T 32960 (electric vehicles, real-time unit 0x05) and HJ 1239 (diesel trucks, the
 * position in the data stream). Their positions and session events travel on
 * tracking.position.v1 / gateway.session.v2 under a **link key** in the place of the terminal
 * phone: the protocol's two letters, a colon and the VIN in capitals (`EV:LSJMEV00000000001`,
 * 20 characters, the width of every terminal_phone column). A key is never a phone (phones are
 * digits), so one vehicle's 808 terminal and its VIN links are separate sources, each with its
 * own state, spells and track, joined into one vehicle by `pickPositionSource`.
 */
export const VinLink = { GB32960: 'EV', HJ1239: 'HJ' } as const;
export type VinLink = (typeof VinLink)[keyof typeof VinLink];

const COLON = 58;

/** The key a VIN link's positions and session events carry in `terminalPhone`. */
export function vinLinkKey(link: VinLink, vin: string): string {
  return `${link}:${vin.toUpperCase()}`;
}

/** The VIN of a link key, or undefined for anything else (a terminal phone). */
export function vinOfLinkKey(key: string): string | undefined {
  if (key.length < 4 || key.charCodeAt(2) !== COLON) return undefined;
  const prefix = key.slice(0, 2);
  return prefix === VinLink.GB32960 || prefix === VinLink.HJ1239 ? key.slice(3) : undefined;
}

/**
 * The keys a vehicle's positions may arrive under, in order of preference: its JT/T 808 terminal
 * (canonical phone), then its GB/T 32960 link, then its HJ 1239 link (both only with a VIN).
 */
export function positionSourceKeys(vehicle: { terminalPhone: string; vin: string }): string[] {
  const keys: string[] = [];
  if (vehicle.terminalPhone) keys.push(canonicalTerminalPhone(vehicle.terminalPhone));
  if (vehicle.vin) keys.push(vinLinkKey(VinLink.GB32960, vehicle.vin), vinLinkKey(VinLink.HJ1239, vehicle.vin));
  return keys;
}

/**
 * The one rule that makes a vehicle with several sources (an 808 terminal and a VIN link) one
 * vehicle: the first **online** source in `positionSourceKeys` order (so the 808 terminal while it
 * is online); with none online, the one whose latest report is newest (where the vehicle was last
 * seen); with no report at all, the first that exists. `states` follow the keys' order.
 */
export function pickPositionSource<S>(states: readonly (S | undefined)[], isOnline: (state: S) => boolean, reportedAt: (state: S) => number): S | undefined {
  let newest: S | undefined;
  let newestAt = -1;
  for (const state of states) {
    if (state === undefined) continue;
    if (isOnline(state)) return state;
    const at = reportedAt(state);
    if (at > newestAt) {
      newest = state;
      newestAt = at;
    }
  }
  return newest;
}
