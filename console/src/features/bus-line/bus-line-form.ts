import type { BusLineInput, BusStop } from '@openfleet/contracts/industry';
import { BUS_LINE_LIMITS } from '@openfleet/contracts/industry';

/** The line dialog's text form: stops one per line "id,name,longitude,latitude,radius"; vehicles as checked ids per starting direction. */
export interface BusLineForm extends Record<string, string> {
  code: string;
  name: string;
  scheduledHeadwayS: string;
  up: string;
  down: string;
  vehiclesUp: string;
  vehiclesDown: string;
}

export const emptyBusLineForm: BusLineForm = { code: '', name: '', scheduledHeadwayS: '', up: '', down: '', vehiclesUp: '', vehiclesDown: '' };

export function stopsToText(stops: readonly BusStop[]): string {
  return stops.map((stop) => [stop.stopId, stop.name, stop.longitude, stop.latitude, stop.radiusM].join(',')).join('\n');
}

/** The stops of a textarea, or null when a line is not "id,name,longitude,latitude,radius" within the limits. */
export function parseStops(text: string): BusStop[] | null {
  const stops: BusStop[] = [];
  for (const raw of text.split('\n').map((line) => line.trim()).filter(Boolean)) {
    const cells = raw.split(/[,，]/).map((cell) => cell.trim());
    if (cells.length !== 5 || !cells[0] || !cells[1]) return null;
    const [longitude, latitude, radiusM] = cells.slice(2).map(Number);
    if (![longitude, latitude, radiusM].every(Number.isFinite)) return null;
    if (Math.abs(longitude) > 180 || Math.abs(latitude) > 90 || radiusM < BUS_LINE_LIMITS.minRadiusM || radiusM > BUS_LINE_LIMITS.maxRadiusM) return null;
    stops.push({ stopId: cells[0], name: cells[1], longitude, latitude, radiusM });
  }
  return stops.length > BUS_LINE_LIMITS.maxStops ? null : stops;
}

/** An i18n key when the stops of a direction are not acceptable (the up direction needs two at least). */
export function stopsProblem(text: string, required: boolean): string | null {
  const stops = parseStops(text);
  if (!stops) return 'busLine.stopsFormat';
  if ((required && stops.length < 2) || stops.length === 1) return 'busLine.stopsTooFew';
  return null;
}

const ids = (list: string) => list.split(',').map((id) => id.trim()).filter(Boolean);

export function toBusLineInput(form: BusLineForm): BusLineInput {
  return {
    code: form.code.trim(),
    name: form.name.trim(),
    scheduledHeadwayS: form.scheduledHeadwayS.trim() ? Number(form.scheduledHeadwayS) : null,
    up: parseStops(form.up) ?? [],
    down: parseStops(form.down) ?? [],
    vehicles: [...ids(form.vehiclesUp).map((vehicleId) => ({ vehicleId, direction: 'up' as const })), ...ids(form.vehiclesDown).filter((id) => !ids(form.vehiclesUp).includes(id)).map((vehicleId) => ({ vehicleId, direction: 'down' as const }))],
  };
}

export function toBusLineForm(line: BusLineInput): BusLineForm {
  return {
    code: line.code,
    name: line.name,
    scheduledHeadwayS: line.scheduledHeadwayS ? String(line.scheduledHeadwayS) : '',
    up: stopsToText(line.up),
    down: stopsToText(line.down),
    vehiclesUp: line.vehicles.filter((v) => v.direction === 'up').map((v) => v.vehicleId).join(','),
    vehiclesDown: line.vehicles.filter((v) => v.direction === 'down').map((v) => v.vehicleId).join(','),
  };
}
