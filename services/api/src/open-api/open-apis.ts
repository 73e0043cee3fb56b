/**
 * The open API's calls: what each may read, and the action codes its service token carries to the
 * owning service (the same codes a console screen needs for the same data).
 */
export const OPEN_APIS = {
  /** Latest positions: tracking's findLatestPositions. */
  positions: { actions: ['multiCar'] },
  /** One vehicle's track in a window of at most 24 h: tracking's findHistoryTrack. */
  track: { actions: ['historyTrack:search'] },
  /** Alarms in a window of at most 24 h: the alarm service's list. */
  alarms: { actions: ['alarmHandle:search'] },
} as const;

export type OpenApiName = keyof typeof OPEN_APIS;
export const OPEN_API_NAMES = Object.keys(OPEN_APIS) as OpenApiName[];

export const OPEN_API_LIMITS = {
  /** Timestamps further than this from the server clock are refused (30176); nonces are kept this long after it. */
  clockSkewMs: 5 * 60_000,
  /** Vehicles one positions request may name (30186). */
  vehiclesPerRequest: 100,
  /** Longest track or alarm window (300). */
  windowMs: 24 * 3600_000,
  /** Vehicles a key may be limited to. */
  vehiclesPerKey: 500,
  /** App keys per company. */
  keysPerCompany: 20,
} as const;
