/** What the industry service's bus-line module answers the console: types only, browser-safe. */

/** up: 上行, down: 下行. Each direction has its own ordered stops. */
export type BusDirection = 'up' | 'down';
export const BUS_DIRECTIONS: readonly BusDirection[] = ['up', 'down'];

/** Limits the API checks (and the console's form repeats). */
export const BUS_LINE_LIMITS = { maxStops: 100, minRadiusM: 10, maxRadiusM: 500, maxCodeLength: 32, maxNameLength: 64 } as const;

/** One stop of a direction: a point (WGS-84) and the radius inside which a bus is "at" it. */
export interface BusStop {
  /** The stop id of spec §3, unique within the line's direction. */
  stopId: string;
  name: string;
  longitude: number;
  latitude: number;
  radiusM: number;
}

/** A vehicle on a line, starting in `direction` (it turns at each terminus). */
export interface BusLineVehicle {
  vehicleId: string;
  plateCode?: string;
  direction: BusDirection;
}

/** POST/PUT /industry/busLine body. */
export interface BusLineInput {
  /** The line id of spec §3 (e.g. "K12"), unique within the company. */
  code: string;
  name: string;
  companyId?: string;
  /** Planned headway in seconds; bunching is judged against it, or against the live median without it. */
  scheduledHeadwayS?: number | null;
  up: BusStop[];
  down: BusStop[];
  vehicles: BusLineVehicle[];
}

/** A stored line (GET /industry/busLine, /industry/busLine/:id). Times epoch ms. */
export interface BusLineView extends BusLineInput {
  id: number;
  companyId: string;
  createdAt: number;
  updatedAt: number;
}

/** An arrival at a stop, its departure once the bus left, or a stop the bus passed without entering (skipped). */
export interface BusStopEventView {
  id: number;
  lineId: number;
  vehicleId: string;
  plateCode: string;
  direction: BusDirection;
  /** The stop's index in its direction, 0-based. */
  seq: number;
  stopId: string;
  stopName: string;
  /** Epoch ms; for a skipped stop, when the bus reached the next one it did enter. */
  arrivedAt: number;
  departedAt: number | null;
  dwellS: number | null;
  skipped: boolean;
}

/** Where the next-stop predictions come from: this hour's median, all hours' median, or distance at a default speed. */
export type BusEtaSource = 'hour' | 'all' | 'speed';

export interface BusEta {
  seq: number;
  stopId: string;
  /** Predicted arrival, epoch ms. */
  at: number;
  source: BusEtaSource;
}

/** A vehicle on the strip: at a stop, or between `seq` and `seq + 1` at `fraction` of the way. */
export interface BusStripVehicle {
  vehicleId: string;
  plateCode: string;
  direction: BusDirection;
  /** The last stop reached (-1: none yet this trip). */
  seq: number;
  atStop: boolean;
  /** 0..1 of the way to the next stop (0 while at a stop). */
  fraction: number;
  /** GNSS time of its last position, epoch ms. */
  lastAt: number;
  /** Seconds behind the vehicle ahead on the same direction (null: none ahead). */
  headwayS: number | null;
  /** Closer to the one ahead than BUNCHING_RATIO of the reference headway. */
  bunched: boolean;
  etas: BusEta[];
}

/** GET /industry/busLine/:id/strip: the live strip of a line (busLineMonitor). */
export interface BusLineStrip {
  lineId: number;
  code: string;
  name: string;
  up: BusStop[];
  down: BusStop[];
  vehicles: BusStripVehicle[];
  /** What bunching is judged against: the scheduled headway, or the median of the live ones. */
  referenceHeadwayS: number | null;
  at: number;
}

/** A headway under this share of the reference marks the pair as bunched. */
export const BUNCHING_RATIO = 0.5;
