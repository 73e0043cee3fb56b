import type { ColdChainField, ColdChainProfile, ColdChainReading } from '@openfleet/contracts';

/** Probes and doors a vehicle can have (the spec's "up to 8 per vehicle"). */
export const MAX_PROBES = 8;

/** What the decoder needs of a position (tracking.position.v1). */
export interface ProbeSource {
  extrasJson: string;
  statusFlags: number;
}

/**
 * The bytes of additional item `id` as the terminal sent them. The gateway keeps items it does not
 * type as `raw0xNN` hex; the few it types that probes arrive in are written back in the standard's
 * layout (JT/T 808 table 27), so every profile is a byte layout whatever the gateway decodes.
 */
export function extraBytes(extras: Record<string, unknown>, id: number): Buffer | undefined {
  const raw = extras[`raw0x${id.toString(16).padStart(2, '0')}`];
  if (typeof raw === 'string') return /^(?:[0-9a-fA-F]{2})*$/.test(raw) ? Buffer.from(raw, 'hex') : undefined;
  const out = Buffer.alloc(4);
  if (id === 0x06 && typeof extras.compartmentTemperatureC === 'number') {
    // Sign and magnitude: the standard's "highest bit 1 means below zero".
    const value = extras.compartmentTemperatureC;
    out.writeUInt16BE(((value < 0 ? 0x8000 : 0) | Math.min(Math.abs(Math.round(value)), 0x7fff)) >>> 0);
    return out.subarray(0, 2);
  }
  const analog = extras.analog as { ad0?: unknown; ad1?: unknown } | undefined;
  if (id === 0x2b && analog && typeof analog.ad0 === 'number' && typeof analog.ad1 === 'number') {
    // AD1 in the high WORD (bits 16-31), AD0 in the low one.
    out.writeUInt16BE(analog.ad1 & 0xffff, 0);
    out.writeUInt16BE(analog.ad0 & 0xffff, 2);
    return out;
  }
  if (id === 0x25 && typeof extras.extendedSignalStatus === 'number') {
    out.writeUInt32BE(extras.extendedSignalStatus >>> 0);
    return out;
  }
  if (id === 0x2a && typeof extras.ioStatus === 'number') {
    out.writeUInt16BE(extras.ioStatus & 0xffff);
    return out.subarray(0, 2);
  }
  return undefined;
}

const SIZES: Record<Exclude<ColdChainField['type'], 'bit'>, number> = { u8: 1, s8: 1, u16: 2, s16: 2, sm16: 2, u32: 4, s32: 4 };

/** The raw integer of a field, or undefined when its bytes are absent or too short. */
export function rawValue(field: ColdChainField, bytes: Buffer | undefined, statusFlags: number): number | undefined {
  if (field.source === 'status') return field.type === 'bit' ? (statusFlags >>> (field.bit ?? 0)) & 1 : undefined;
  if (!bytes) return undefined;
  if (field.type === 'bit') return field.offset < bytes.length ? (bytes[field.offset] >> (field.bit ?? 0)) & 1 : undefined;
  if (field.offset + SIZES[field.type] > bytes.length) return undefined;
  switch (field.type) {
    case 'u8': return bytes.readUInt8(field.offset);
    case 's8': return bytes.readInt8(field.offset);
    case 'u16': return bytes.readUInt16BE(field.offset);
    case 's16': return bytes.readInt16BE(field.offset);
    case 'sm16': {
      const word = bytes.readUInt16BE(field.offset);
      return word & 0x8000 ? -(word & 0x7fff) : word;
    }
    case 'u32': return bytes.readUInt32BE(field.offset);
    case 's32': return bytes.readInt32BE(field.offset);
  }
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Probe values of one position by a profile; null when the position carries none of its fields. */
export function decodeProbes(position: ProbeSource, profile: Pick<ColdChainProfile, 'fields'>): ColdChainReading | null {
  const extras = parseExtras(position.extrasJson);
  const reading: ColdChainReading = { temperatures: [], humidities: [], doors: [] };
  const bytesById = new Map<number, Buffer | undefined>();
  let found = false;
  for (const field of profile.fields) {
    if (field.probe < 1 || field.probe > MAX_PROBES) continue;
    let bytes: Buffer | undefined;
    if (field.source === 'extra' && field.extraId !== undefined) {
      if (!bytesById.has(field.extraId)) bytesById.set(field.extraId, extras ? extraBytes(extras, field.extraId) : undefined);
      bytes = bytesById.get(field.extraId);
    }
    const raw = rawValue(field, bytes, position.statusFlags);
    if (raw === undefined || field.invalidRaw?.includes(raw)) continue;
    let value = raw * field.scale + field.offsetValue;
    if (field.unit === 'F') value = ((value - 32) * 5) / 9;
    const list = field.quantity === 'temperature' ? reading.temperatures : field.quantity === 'humidity' ? reading.humidities : reading.doors;
    while (list.length < field.probe) list.push(null);
    list[field.probe - 1] = field.quantity === 'door' ? value >= 0.5 : round2(value);
    found = true;
  }
  return found ? reading : null;
}

function parseExtras(json: string): Record<string, unknown> | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // malformed extras carry no probes; the position is still a position
  }
}
