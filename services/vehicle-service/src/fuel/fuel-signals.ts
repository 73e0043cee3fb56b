import type { Position, VehicleFuelTank } from '@openfleet/contracts';
import { litresAtHeight } from './tank-calibration';

/** The vendor extra that carries a CAN collector's total fuel used: DWORD, 1/10 L (docs/fuel.md). */
export const CAN_FUEL_EXTRA_KEY = 'raw0xe1';

/** What a position says about fuel, before filtering. */
export interface FuelReading {
  /** Litres per sensor (NaN: this one sent nothing). Empty: the position carries no fuel at all. */
  litres: number[];
  /** CAN total fuel used, litres; null when not sent. */
  canTotalL: number | null;
}

interface FuelExtras {
  analog?: { ad0?: number; ad1?: number };
  [key: string]: unknown;
}

/**
 * Reads the fuel of one position. A vehicle with calibrated tanks is read by height: sensor 1 on
 * analog AD0, sensor 2 on AD1 (0x0200 extra 0x2B, the height in mm, as oil-level sensors wired to a
 * terminal's analog inputs report it), through each tank's table. Otherwise the 0x0200 extra 0x02
 * litres (1/10 L) the gateway maps to `fuelDl`. Extras are parsed only when something needs them.
 */
export function readFuel(position: Position, tanks: readonly VehicleFuelTank[] | undefined): FuelReading {
  const extrasJson = position.extrasJson;
  const extras = extrasJson && (tanks?.length || extrasJson.includes(CAN_FUEL_EXTRA_KEY)) ? parseExtras(extrasJson) : undefined;
  const canTotalL = canTotalOf(extras);
  if (tanks?.length && extras?.analog) {
    const heights = [extras.analog.ad0, extras.analog.ad1];
    const litres = tanks.map((tank) => {
      const height = heights[tank.slot - 1];
      return typeof height === 'number' ? litresAtHeight(tank.points, height) : NaN;
    });
    if (litres.some(Number.isFinite)) return { litres, canTotalL };
  }
  return { litres: position.hasFuel ? [position.fuelDl / 10] : [], canTotalL };
}

function parseExtras(json: string): FuelExtras | undefined {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as FuelExtras) : undefined;
  } catch {
    return undefined; // a malformed extras string is not a fuel reading; the position still counts
  }
}

function canTotalOf(extras: FuelExtras | undefined): number | null {
  const hex = extras?.[CAN_FUEL_EXTRA_KEY];
  if (typeof hex !== 'string' || !/^[0-9a-fA-F]{8}$/.test(hex)) return null;
  return parseInt(hex, 16) / 10;
}

/** ACC on: bit 0 of the 0x0200 status. */
export const accOn = (position: Position): boolean => (position.statusFlags & 1) === 1;

/** Stopped: below 1 km/h, or ACC off. */
export const isStopped = (position: Position): boolean => position.speedDkmh < 10 || !accOn(position);
