import { chinaDateOfDay, chinaDayNumber, chinaSecondOfDay, okEnvelope } from '@openfleet/contracts';
import { COMPASS_NAMES_ZH_CN, compassSector, Crs, crsOfMapType, toMapCoordinates } from '@openfleet/geo';
import {
  ACC_STATE, ALARM_FLAGS, ALTITUDE_M, BLIND_AREA, DIRECTION, FUEL_DL, GPS_TIME, LATITUDE_E6, LIFTING_STATE, LOAD_CONDITION, LONGITUDE_E6, MAP_LATITUDE_E6,
  MAP_LONGITUDE_E6, MILEAGE_HM, OPEN_CAP_STATE, RECORDED_SPEED_DKMH, SPEED_DKMH, STATUS_FLAGS, type TrackRow,
} from './track-row';

/** The figures of findDailyMileage's `data` beside listAll and charts, in their answer order. */
export interface DailyMileageFigures {
  mileageTotal: number;
  mileageSource: 'odometer' | 'computed';
  averageOil: number | null;
  averageSpeed: number;
  oilTotal: number | null;
}

/**
 * The findDailyMileage envelope as UTF-8 bytes, written straight from the stored rows:
 *
 *   {"flag":true,"errorCode":200,"msg":"success","data":{"listAll":"[{\"gpsTime\":...}]",
 *    "charts":{"gpsTime":[...],"gpsSpeed":[...],"oilMass":[...],"high":[...]},"mileageTotal":...}}
 *
 * Byte for byte what `JSON.stringify(okEnvelope({listAll: JSON.stringify(views), charts, ...figures}))`
 * gives (the unit test compares both), without the 8,640 view objects, the two stringify passes
 * (the second one escapes the 3.5 MB listAll again) and the UTF-8 encoding of a two-byte string
 * (the Chinese compass names make it one), which took most of a cold answer's time. The numbers are
 * integers as stored, written as JavaScript prints them once scaled: 39912345 (1e-6 degrees) is
 * 39.912345, 305 (1/10 km/h) is 30.5. Only the compass names and the dates are text, and neither
 * holds a character JSON escapes.
 *
 * `listed`: the rows of listAll (key points), or null for all of them; the charts hold every row.
 */
export function dailyMileageEnvelopeJson(rows: readonly TrackRow[], listed: readonly number[] | null, mapType: number, figures: DailyMileageFigures): Buffer {
  const listCount = listed ? listed.length : rows.length;
  const out = new JsonBytes(1024 + listCount * 480 + rows.length * 64);
  const storedIsRight = crsOfMapType(mapType) === Crs.GCJ02;
  out.bytes(ENVELOPE_HEAD);
  for (let n = 0; n < listCount; n++) {
    const row = rows[listed ? listed[n] : n];
    if (n) out.byte(COMMA);
    out.bytes(KEY_GPS_TIME);
    out.time(row[GPS_TIME] as number);
    out.bytes(KEY_LIFTING_STATE);
    out.integer(row[LIFTING_STATE]);
    out.bytes(KEY_LOAD_CONDITION);
    out.integer(row[LOAD_CONDITION]);
    out.bytes(KEY_OPEN_CAP_STATE);
    out.integer(row[OPEN_CAP_STATE]);
    out.bytes(KEY_HIGH);
    out.integer(row[ALTITUDE_M]);
    out.bytes(KEY_GPS_SPEED);
    out.scaled(row[SPEED_DKMH], 1);
    out.bytes(KEY_DSPEED);
    out.scaled(row[RECORDED_SPEED_DKMH], 1);
    out.bytes(KEY_OIL_MASS);
    out.scaled(row[FUEL_DL], 1);
    out.bytes(KEY_ACC_STATE);
    out.integer(row[ACC_STATE]);
    if (storedIsRight) {
      out.bytes(KEY_MAP_LATITUDE);
      out.scaled(row[MAP_LATITUDE_E6], 6);
      out.bytes(KEY_MAP_LONGITUDE);
      out.scaled(row[MAP_LONGITUDE_E6], 6);
    } else {
      // Another map's datum: converted from WGS-84 and rounded to 1e-6 degrees, as the views do.
      const [mapLng, mapLat] = toMapCoordinates((row[LONGITUDE_E6] as number) / 1e6, (row[LATITUDE_E6] as number) / 1e6, mapType);
      out.bytes(KEY_MAP_LATITUDE);
      out.scaled(Math.round(mapLat * 1e6), 6);
      out.bytes(KEY_MAP_LONGITUDE);
      out.scaled(Math.round(mapLng * 1e6), 6);
    }
    out.bytes(KEY_LATITUDE);
    out.scaled(row[LATITUDE_E6], 6);
    out.bytes(KEY_LONGITUDE);
    out.scaled(row[LONGITUDE_E6], 6);
    out.bytes(KEY_DIRECTION);
    out.integer(row[DIRECTION]);
    out.bytes(KEY_DIRECTION_NAME);
    out.bytes(COMPASS_NAME_BYTES[compassSector(row[DIRECTION] as number)]);
    out.bytes(KEY_MILEAGE);
    out.scaled(row[MILEAGE_HM], 1);
    out.bytes(KEY_ALARM_FLAGS);
    out.integer(Number(row[ALARM_FLAGS]));
    out.bytes(KEY_STATUS_FLAGS);
    out.integer(Number(row[STATUS_FLAGS]));
    out.bytes(KEY_BLIND_AREA);
    out.integer(row[BLIND_AREA]);
    out.byte(CLOSE_BRACE);
  }
  out.bytes(CHARTS_GPS_TIME);
  for (let n = 0; n < rows.length; n++) {
    if (n) out.byte(COMMA);
    out.byte(QUOTE);
    out.time(rows[n][GPS_TIME] as number);
    out.byte(QUOTE);
  }
  out.bytes(CHARTS_GPS_SPEED);
  for (let n = 0; n < rows.length; n++) {
    if (n) out.byte(COMMA);
    out.scaled(rows[n][SPEED_DKMH], 1);
  }
  out.bytes(CHARTS_OIL_MASS);
  for (let n = 0; n < rows.length; n++) {
    if (n) out.byte(COMMA);
    out.scaled(rows[n][FUEL_DL], 1);
  }
  out.bytes(CHARTS_HIGH);
  for (let n = 0; n < rows.length; n++) {
    if (n) out.byte(COMMA);
    out.integer(rows[n][ALTITUDE_M]);
  }
  out.bytes(CHARTS_END);
  // The small figures: JSON.stringify of the object, less its "{" (the "}" closes data).
  const figuresJson = JSON.stringify({
    mileageTotal: figures.mileageTotal,
    mileageSource: figures.mileageSource,
    averageOil: figures.averageOil,
    averageSpeed: figures.averageSpeed,
    oilTotal: figures.oilTotal,
  });
  out.text(figuresJson.slice(1));
  out.bytes(ENVELOPE_TAIL);
  return out.result();
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

// The envelope around data.listAll, taken from the real envelope so that it cannot drift.
const LIST_ALL_MARK = 'listAll-goes-here';
const [envelopeHead, envelopeTail] = JSON.stringify(okEnvelope({ listAll: LIST_ALL_MARK })).split(`"${LIST_ALL_MARK}"}`);
const ENVELOPE_HEAD = utf8(`${envelopeHead}"[`);
const ENVELOPE_TAIL = utf8(envelopeTail);

// Keys of a point inside listAll: a JSON text inside a JSON string, so its quotes are escaped.
const KEY_GPS_TIME = utf8('{\\"gpsTime\\":\\"');
const KEY_LIFTING_STATE = utf8('\\",\\"liftingState\\":');
const KEY_LOAD_CONDITION = utf8(',\\"loadCondition\\":');
const KEY_OPEN_CAP_STATE = utf8(',\\"openCapState\\":');
const KEY_HIGH = utf8(',\\"high\\":');
const KEY_GPS_SPEED = utf8(',\\"gpsSpeed\\":');
const KEY_DSPEED = utf8(',\\"dspeed\\":');
const KEY_OIL_MASS = utf8(',\\"oilMass\\":');
const KEY_ACC_STATE = utf8(',\\"accState\\":');
const KEY_MAP_LATITUDE = utf8(',\\"mapLatitude\\":');
const KEY_MAP_LONGITUDE = utf8(',\\"mapLongitude\\":');
const KEY_LATITUDE = utf8(',\\"latitude\\":');
const KEY_LONGITUDE = utf8(',\\"longitude\\":');
const KEY_DIRECTION = utf8(',\\"direction\\":');
const KEY_DIRECTION_NAME = utf8(',\\"directionName\\":\\"');
const KEY_MILEAGE = utf8('\\",\\"mileage\\":');
const KEY_ALARM_FLAGS = utf8(',\\"alarmFlags\\":');
const KEY_STATUS_FLAGS = utf8(',\\"statusFlags\\":');
const KEY_BLIND_AREA = utf8(',\\"blindArea\\":');
const CHARTS_GPS_TIME = utf8(']","charts":{"gpsTime":[');
const CHARTS_GPS_SPEED = utf8('],"gpsSpeed":[');
const CHARTS_OIL_MASS = utf8('],"oilMass":[');
const CHARTS_HIGH = utf8('],"high":[');
const CHARTS_END = utf8(']},');
// JSON.stringify leaves these names as they are (no character of them needs escaping).
const COMPASS_NAME_BYTES = COMPASS_NAMES_ZH_CN.map(utf8);

const COMMA = 0x2c;
const QUOTE = 0x22;
const CLOSE_BRACE = 0x7d;
const ZERO = 0x30;
const NULL_BYTES = utf8('null');
const POWERS_OF_TEN = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

/** A growing byte buffer with the few writes a track answer needs. */
class JsonBytes {
  private buffer: Buffer;
  private length = 0;
  /** "YYYY-MM-DD " per China Standard Time day number. */
  private readonly datePrefixes = new Map<number, Buffer>();

  constructor(initialSize: number) {
    this.buffer = Buffer.allocUnsafe(initialSize);
  }

  result(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  byte(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }

  /** Constant pieces (Uint8Array#set: faster than a byte loop and than Buffer#copy at these sizes). */
  bytes(source: Buffer): void {
    this.reserve(source.length);
    this.buffer.set(source, this.length);
    this.length += source.length;
  }

  text(value: string): void {
    this.reserve(Buffer.byteLength(value, 'utf8'));
    this.length += this.buffer.write(value, this.length, 'utf8');
  }

  /** An integer as JSON.stringify writes it; null as null. */
  integer(value: number | null): void {
    if (value === null) return this.bytes(NULL_BYTES);
    if (!Number.isSafeInteger(value)) return this.text(JSON.stringify(value));
    this.reserve(17);
    if (value < 0) {
      this.buffer[this.length++] = 0x2d;
      value = -value;
    }
    this.digits(value, digitCount(value));
  }

  /**
   * `value / 10 ** decimals` as JSON.stringify writes it, for an integer value: the digits with a
   * point and without trailing zeros. (That decimal is the shortest that reads back as the same
   * double, which is what JavaScript prints: any shorter one is at least 10 ** -decimals away.)
   */
  scaled(value: number | null, decimals: number): void {
    if (value === null) return this.bytes(NULL_BYTES);
    const scale = POWERS_OF_TEN[decimals];
    if (!Number.isSafeInteger(value)) return this.text(JSON.stringify(value / scale));
    this.reserve(20);
    if (value < 0) {
      this.buffer[this.length++] = 0x2d;
      value = -value;
    }
    const whole = Math.floor(value / scale);
    let fraction = value - whole * scale;
    this.digits(whole, digitCount(whole));
    if (fraction === 0) return;
    let places = decimals;
    while (fraction % 10 === 0) {
      fraction /= 10;
      places--;
    }
    this.buffer[this.length++] = 0x2e;
    this.digits(fraction, places);
  }

  /** formatCst: "YYYY-MM-DD HH:mm:ss" in China Standard Time. */
  time(epochS: number): void {
    const ms = Math.floor(epochS) * 1000;
    const day = chinaDayNumber(ms);
    let prefix = this.datePrefixes.get(day);
    if (prefix === undefined) {
      prefix = utf8(`${chinaDateOfDay(day)} `);
      this.datePrefixes.set(day, prefix);
    }
    this.bytes(prefix);
    let second = chinaSecondOfDay(ms);
    const hour = Math.floor(second / 3600);
    second -= hour * 3600;
    const minute = Math.floor(second / 60);
    second -= minute * 60;
    this.reserve(8);
    this.twoDigits(hour);
    this.buffer[this.length++] = 0x3a;
    this.twoDigits(minute);
    this.buffer[this.length++] = 0x3a;
    this.twoDigits(second);
  }

  /** A non-negative integer in exactly `count` digits (leading zeros when it has fewer). */
  private digits(value: number, count: number): void {
    const buffer = this.buffer;
    let at = this.length + count;
    this.length = at;
    for (let i = 0; i < count; i++) {
      const rest = Math.floor(value / 10);
      buffer[--at] = ZERO + value - rest * 10;
      value = rest;
    }
  }

  private twoDigits(value: number): void {
    const tens = Math.floor(value / 10);
    this.buffer[this.length++] = ZERO + tens;
    this.buffer[this.length++] = ZERO + value - tens * 10;
  }

  private reserve(count: number): void {
    if (this.length + count <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + count));
    this.buffer.copy(larger, 0, 0, this.length);
    this.buffer = larger;
  }
}

/** Decimal digits of a non-negative safe integer (1 for 0). */
function digitCount(value: number): number {
  let count = 1;
  while (value >= 10) {
    value = Math.floor(value / 10);
    count++;
  }
  return count;
}
