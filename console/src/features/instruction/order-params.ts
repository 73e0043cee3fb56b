import { commandDef, PARAMETER_LABELS, SECRET_MASK, type CommandField, type Label } from '@openfleet/contracts/instruction';
import { formatChinaTime } from '@openfleet/contracts/time';
import { formatLngLat, LNG_LAT_LABEL_KEY } from '../formats/coordinates';

// What an order was sent with (its params) and what the terminal answered (its reply body), as labelled
// rows in the operator's words: the catalogue's field labels and option words for the fields the
// command's form has, the console's key labels (instruction.key.*) for the rest, never JSON.

/** How a row is named: a catalogue label, or an i18n key with the humanised key as its fallback. */
export type RowLabel = { readonly label: Label } | { readonly i18nKey: string; readonly fallback: string };

export type ParamValue =
  | { readonly kind: 'text'; readonly text: string }
  /** An enum value in words (a select option, a parameter name). */
  | { readonly kind: 'label'; readonly label: Label; readonly suffix?: string }
  /** A word from the console's i18n (an order's source), with the raw value as its fallback. */
  | { readonly kind: 'word'; readonly i18nKey: string; readonly fallback: string }
  | { readonly kind: 'bool'; readonly on: boolean }
  | { readonly kind: 'bytes'; readonly count: number }
  | { readonly kind: 'none' }
  /** A nested record. */
  | { readonly kind: 'rows'; readonly rows: readonly ParamRow[] }
  /** A list of records, each its own rows. */
  | { readonly kind: 'items'; readonly items: readonly (readonly ParamRow[])[] };

export interface ParamRow {
  readonly key: string;
  readonly label: RowLabel;
  readonly value: ParamValue;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const absent = (value: unknown) => value === undefined || value === null || value === '';

/** `replySerial` -> "Reply serial", `max_speed` -> "Max speed": what a key nobody labelled shows. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

const keyLabel = (key: string): RowLabel => ({ i18nKey: `instruction.key.${key}`, fallback: humaniseKey(key) });

/** `0x0029` style id of a terminal parameter. */
const parameterIdText = (id: number) => `0x${id.toString(16).padStart(4, '0').toUpperCase()}`;

/** A value no catalogue field describes: primitives as text, records and lists as rows, never JSON. */
export function genericValue(value: unknown, key = ''): ParamValue {
  if (absent(value)) return { kind: 'none' };
  if (typeof value === 'boolean') return { kind: 'bool', on: value };
  if (key === 'source' && typeof value === 'string') return { kind: 'word', i18nKey: `instruction.source.${value}`, fallback: value };
  if (Array.isArray(value)) {
    if (value.every((item) => !isRecord(item) && !Array.isArray(item))) return { kind: 'text', text: value.map((item) => (absent(item) ? '-' : String(item))).join(', ') };
    return { kind: 'items', items: value.map((item) => (isRecord(item) ? genericRows(item) : [{ key: '', label: keyLabel('value'), value: genericValue(item) }])) };
  }
  if (isRecord(value)) return { kind: 'rows', rows: genericRows(value) };
  return { kind: 'text', text: String(value) };
}

/** The coordinate pair of a record, written the house way (longitude, latitude) as one row. */
function coordinateRow(record: Record<string, unknown>): { row: ParamRow; keys: readonly string[] } | null {
  for (const [lng, lat] of [['longitude', 'latitude'], ['lng', 'lat'], ['lon', 'lat']] as const) {
    if (isNumber(record[lng]) && isNumber(record[lat]))
      return { row: { key: 'lngLat', label: { i18nKey: LNG_LAT_LABEL_KEY, fallback: 'Longitude, latitude' }, value: { kind: 'text', text: formatLngLat(record[lng] as number, record[lat] as number) } }, keys: [lng, lat] };
  }
  return null;
}

/** Rows of a record no catalogue describes (a reply body, keys a form does not have). */
export function genericRows(record: Record<string, unknown>, skip: ReadonlySet<string> = new Set()): ParamRow[] {
  const rows: ParamRow[] = [];
  const coordinate = coordinateRow(record);
  const done = new Set([...skip, ...(coordinate?.keys ?? [])]);
  if (coordinate) rows.push(coordinate.row);
  for (const [key, value] of Object.entries(record)) {
    if (done.has(key)) continue;
    rows.push({ key, label: keyLabel(key), value: genericValue(value, key) });
  }
  return rows;
}

/** A catalogue time: the form's China time text as it is, an instant (ms) or BCD 'YYMMDDhhmmss' written the same way. */
function timeText(value: unknown): string {
  if (isNumber(value)) return formatChinaTime(value);
  if (typeof value === 'string' && /^\d{12}$/.test(value)) return `20${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4, 6)} ${value.slice(6, 8)}:${value.slice(8, 10)}:${value.slice(10, 12)}`;
  return String(value);
}

/** A value of a catalogue field, written as the command's form shows it. */
function fieldValue(field: CommandField, value: unknown, commandType: string): ParamValue {
  if (absent(value)) return { kind: 'none' };
  if (value === SECRET_MASK) return { kind: 'text', text: SECRET_MASK };
  // The parameter lists (set / query by id) name each parameter rather than showing its number alone.
  if ((commandType === 'setParams' || commandType === 'queryParamsById') && field.key === 'id' && isNumber(value)) {
    const name = PARAMETER_LABELS[value];
    return name ? { kind: 'label', label: name, suffix: ` (${parameterIdText(value)})` } : { kind: 'text', text: parameterIdText(value) };
  }
  switch (field.kind) {
    case 'select': {
      const option = field.options?.find((candidate) => candidate.value === value);
      return option ? { kind: 'label', label: option.label } : genericValue(value);
    }
    case 'bool':
      return typeof value === 'boolean' ? { kind: 'bool', on: value } : genericValue(value);
    case 'time':
      return { kind: 'text', text: timeText(value) };
    case 'hex':
      return typeof value === 'string' ? { kind: 'bytes', count: Math.floor(value.length / 2) } : genericValue(value);
    case 'list': {
      if (!Array.isArray(value)) return genericValue(value);
      const itemFields = field.itemFields ?? [];
      return { kind: 'items', items: value.map((item) => (isRecord(item) ? fieldRows(itemFields, item, commandType) : [{ key: field.key, label: { label: field.label }, value: genericValue(item) }])) };
    }
    default:
      return genericValue(value);
  }
}

/** Rows of values a list of catalogue fields describes: those fields in the form's order, then any other keys. */
function fieldRows(fields: readonly CommandField[], values: Record<string, unknown>, commandType: string): ParamRow[] {
  const rows: ParamRow[] = [];
  const known = new Set<string>();
  for (const field of fields) {
    known.add(field.key);
    if (!(field.key in values)) continue;
    rows.push({ key: field.key, label: { label: field.label }, value: fieldValue(field, values[field.key], commandType) });
  }
  return [...rows, ...genericRows(values, known)];
}

/** What an order was sent with, labelled by its command's form (a command the console does not know: every key humanised). */
export function orderParamRows(commandType: string, params: Record<string, unknown> | null | undefined): ParamRow[] {
  if (!isRecord(params)) return [];
  return fieldRows(commandDef(commandType)?.fields ?? [], params, commandType);
}
