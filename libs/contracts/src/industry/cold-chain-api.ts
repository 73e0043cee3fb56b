/** What the industry service's cold-chain module answers the console: types only, browser-safe. */

/** What one probe field measures. */
export type ColdChainQuantity = 'temperature' | 'humidity' | 'door';

/** How the bytes of a field are read: big-endian integers, `sm16` sign-and-magnitude (JT/T 808 0x06), `bit` one bit. */
export const COLD_CHAIN_VALUE_TYPES = ['u8', 's8', 'u16', 's16', 'sm16', 'u32', 's32', 'bit'] as const;
export type ColdChainValueType = (typeof COLD_CHAIN_VALUE_TYPES)[number];

/** Units a field may be sent in; Fahrenheit is converted to Celsius on decoding. */
export const COLD_CHAIN_UNITS = ['C', 'F', '%RH', 'open'] as const;
export type ColdChainUnit = (typeof COLD_CHAIN_UNITS)[number];

/**
 * One value in a position report: where its bytes are (an 0x0200 additional item, or the status
 * DWORD for doors), how they are read, and what they mean. value = raw * scale + offset.
 */
export interface ColdChainField {
  quantity: ColdChainQuantity;
  /** Probe (or door) number, 1-8. */
  probe: number;
  /** 'extra': additional item `extraId`; 'status': the 0x0200 status DWORD (bit = door flag). */
  source: 'extra' | 'status';
  /** Additional item id, 0x01-0xFF (source extra). */
  extraId?: number;
  /** Byte offset inside the item. */
  offset: number;
  type: ColdChainValueType;
  /** For `bit`: the bit number, counted from the least significant bit of the byte at offset (or of the status DWORD). */
  bit?: number;
  scale: number;
  offsetValue: number;
  unit: ColdChainUnit;
  /** Raw values meaning "no probe / fault" (0xFFFF ...): skipped. */
  invalidRaw?: number[];
}

/** A layout of probe values for a terminal model; built-in ones cannot be changed. */
export interface ColdChainProfile {
  profileId: string;
  name: string;
  /** The terminal models it fits, free text (vendor and model as on the terminal's label). */
  terminalModel: string;
  builtIn: boolean;
  /** Where the layout comes from (a vendor document, the standard's table). */
  source: string;
  fields: ColdChainField[];
  updatedAt: number;
}

export type ColdChainProfileInput = Pick<ColdChainProfile, 'name' | 'terminalModel' | 'source' | 'fields'>;

/** A range of acceptable values; null: not checked. */
export interface ColdChainRange {
  min: number | null;
  max: number | null;
}

/** A trip's own ranges (the goods of one journey), over the vehicle's between `from` and `to` (epoch ms). */
export interface ColdChainTripRange {
  label: string;
  from: number;
  to: number;
  temperature: ColdChainRange;
  humidity: ColdChainRange;
}

/** A vehicle's cold-chain configuration. */
export interface ColdChainSettings {
  vehicleId: string;
  profileId: string;
  temperature: ColdChainRange;
  humidity: ColdChainRange;
  /** A value out of range for less than this is not an excursion. */
  minDurationS: number;
  /** Door open while moving (speed ≥ 5 km/h) for at least this long raises coldChainDoorOpenMoving; null: off. */
  doorMovingS: number | null;
  /** Door open longer than this raises coldChainDoorOpenTooLong; null: off. */
  doorOpenMaxS: number | null;
  tripRanges: ColdChainTripRange[];
  updatedAt: number;
}

export type ColdChainSettingsInput = Omit<ColdChainSettings, 'updatedAt'>;

/** Alarm types the cold chain raises on alarm.detected.v1 (source coldChain). */
export const COLD_CHAIN_ALARM_TYPES = ['coldChainTooWarm', 'coldChainTooCold', 'coldChainHumidity', 'coldChainDoorOpenMoving', 'coldChainDoorOpenTooLong'] as const;
export type ColdChainAlarmType = (typeof COLD_CHAIN_ALARM_TYPES)[number];

/** Probe values of one report: index 0 = probe 1; null where that probe sent nothing. */
export interface ColdChainReading {
  temperatures: (number | null)[];
  humidities: (number | null)[];
  /** Door open, per door; null where not sent. */
  doors: (boolean | null)[];
}

/** A vehicle on the monitor page: its last values and what is wrong now. */
export interface ColdChainLiveRow extends ColdChainReading {
  vehicleId: string;
  plateCode: string;
  companyId: string;
  at: number;
  latitude: number;
  longitude: number;
  speedKmh: number;
  /** Open excursions and door alarms, by type. */
  active: ColdChainAlarmType[];
  profileId: string;
  /** Province / city / district of the last position, named offline; '' where none. */
  place: string;
}

/** One point of the curve (history playback, the report's detail). */
export interface ColdChainCurvePoint extends ColdChainReading {
  at: number;
}

export interface ColdChainExcursion {
  id: number;
  vehicleId: string;
  plateCode: string;
  type: ColdChainAlarmType;
  /** The probe that went furthest (0: doors, or several). */
  probe: number;
  startedAt: number;
  /** null: still going on. */
  endedAt: number | null;
  durationS: number;
  /** Highest (too warm) or lowest (too cold) value seen; null for doors. */
  extreme: number | null;
  latitude: number;
  longitude: number;
  /** Province / city / district where it started, when the offline gazetteer knows the point. */
  place: string;
}

export interface ColdChainCurve {
  vehicleId: string;
  points: ColdChainCurvePoint[];
  excursions: ColdChainExcursion[];
  settings: ColdChainSettings | null;
}

/** A trip (an ACC-on spell) with its time in range. */
export interface ColdChainTripRow {
  vehicleId: string;
  plateCode: string;
  companyId: string;
  startedAt: number;
  endedAt: number;
  /** Seconds covered by reports, and of those the seconds with every probe in range. */
  measuredS: number;
  inRangeS: number;
  /** inRangeS / measuredS, 0-100, one decimal; null when nothing was measured. */
  inRangePercent: number | null;
  minTemperature: number | null;
  maxTemperature: number | null;
  excursions: number;
  doorOpenS: number;
}

export interface ColdChainReport {
  rows: ColdChainTripRow[];
  total: number;
}
