/** What the vehicle-service's fuel part answers the console: types only, browser-safe. */

/** refuel: a rise while stopped; theft: a drop while stopped or beyond what the distance explains (suspected theft or leak). */
export type FuelEventKind = 'refuel' | 'theft';

/** One refuelling or suspected loss (GET /vehicleService/fuel/events, the curve's markers). Times epoch ms. */
export interface FuelEventView {
  id: number;
  vehicleId: string;
  plateCode: string;
  companyId: string;
  kind: FuelEventKind;
  /** When the level started to move, and when it had settled. */
  startedAt: number;
  endedAt: number;
  /** Litres added (refuel) or lost beyond consumption (theft), one decimal. */
  amountL: number;
  litresBefore: number;
  litresAfter: number;
  latitude: number;
  longitude: number;
  /** The vehicle stood still (speed 0 or ACC off) when the level moved. */
  whileStopped: boolean;
}

/** One point of the fuel curve: the median-filtered level of all the vehicle's tanks. */
export interface FuelCurvePoint {
  at: number;
  litres: number;
}

/** GET /vehicleService/fuel/curve?vehicleId&startTime&endTime (China time, at most 7 days). */
export interface FuelCurve {
  vehicleId: string;
  points: FuelCurvePoint[];
  events: FuelEventView[];
}

/** Figures shared by the report's rows (litres one decimal; null where there is nothing to divide by). */
export interface FuelFigures {
  distanceKm: number;
  /** Level at the start - level at the end + refuelled - suspected loss. */
  consumedL: number;
  refuelledL: number;
  suspectedLossL: number;
  litresPer100Km: number | null;
  /** From the CAN total-fuel counter where the terminal sends one; null otherwise. */
  canConsumedL: number | null;
  /** consumedL - canConsumedL. */
  canDifferenceL: number | null;
}

/** GET /vehicleService/fuel/report: one row per vehicle over the window (day = '' ) or per vehicle and day (groupBy=day). */
export interface FuelReportRow extends FuelFigures {
  vehicleId: string;
  plateCode: string;
  companyId: string;
  fleetId: string;
  /** yyyy-MM-dd in China time when grouped by day, '' for the whole window. */
  day: string;
}

/** One fleet's (or the company's vehicles outside fleets: fleetId '') totals. */
export interface FuelFleetRow extends FuelFigures {
  fleetId: string;
  vehicles: number;
}

export interface FuelReport {
  rows: FuelReportRow[];
  total: number;
  fleets: FuelFleetRow[];
}

/** One trip (an ACC-on spell with distance) and what it burnt: GET /vehicleService/fuel/trips. */
export interface FuelTripView extends FuelFigures {
  vehicleId: string;
  plateCode: string;
  startedAt: number;
  endedAt: number;
}

/** Detection thresholds (GET/PUT /vehicleService/fuel/settings); per company and vehicle type, vehicleType 0 = any. */
export interface FuelThresholds {
  /** A refuel is a rise of at least this many litres ... */
  refuelMinL: number;
  /** ... or this share of the tank's capacity (%), whichever is reached. */
  refuelMinPercent: number;
  theftMinL: number;
  theftMinPercent: number;
  /** A rise counts only within this many seconds of the level it rose from. */
  windowS: number;
  /** Samples in the median filter (odd, 1-15). */
  medianSamples: number;
  /** A moved level must hold this long before it is an event (a jump that returns sooner is noise). */
  settleS: number;
  /** The most a vehicle of this type burns driving (L/100 km): a drop beyond it is a suspected loss. */
  maxLitresPer100Km: number;
  /** The most it burns idling with ACC on (L/h). */
  idleLitresPerHour: number;
}

export interface FuelSettingsView extends FuelThresholds {
  companyId: string;
  vehicleType: number;
  /** False: the defaults, nothing stored for this company and type. */
  stored: boolean;
}

/** The defaults when a company has stored nothing (docs/fuel.md explains each). */
export const DEFAULT_FUEL_THRESHOLDS: FuelThresholds = {
  refuelMinL: 10,
  refuelMinPercent: 5,
  theftMinL: 8,
  theftMinPercent: 4,
  windowS: 1800,
  medianSamples: 5,
  settleS: 120,
  maxLitresPer100Km: 60,
  idleLitresPerHour: 4,
};

/** What an offline download of the fuel ledger holds. */
export type FuelExportKind = 'fuelReport' | 'fuelEvents';

/**
 * An offline download task of the fuel ledger (/vehicleService/fuel/export-task), the same shape
 * and statuses as the tracking report tasks (ExportTaskView): task status 0 incomplete, 1 complete,
 * 2 failed; download status 0 executing, 1 not downloaded, 2 downloaded, 3 failed, 4 no data.
 */
export interface FuelExportTaskView {
  id: number;
  kind: FuelExportKind;
  title: string;
  taskStatus: number;
  downloadStatus: number;
  progress: number;
  rows: number;
  fileSize: number | null;
  error: string | null;
  createdAt: number;
  finishedAt: number | null;
}
