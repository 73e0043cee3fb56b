import { PoisonMessageError, type PayloadCodec } from '../codec';

/**
 * A GB/T 32960 real-time (0x02) or reissued (0x03) report as the energy gateway accepted it (topic
 * energy.report.v1, key VIN). The data unit travels as the vehicle sent it and is decoded by the
 * consumer that stores it: a few hundred bytes instead of several kilobytes of JSON for 96 cells.
 */
export interface EnergyReport {
  vin: string;
  /** The admin vehicle the VIN belongs to. */
  vehicleId: string;
  /** The report's collection time (its data unit's first six bytes, China time), epoch ms. */
  collectedAt: number;
  receivedAt: number;
  reissued: boolean;
  /** The data unit of the frame: time followed by the information units. */
  data: Buffer;
}

const VERSION = 1;
const FIXED = 1 + 1 + 8 + 8 + 1 + 1;

/**
 * An HJ 1239 real-time (0x02) or reissued (0x03) emission report (topic emission.report.v1, key
 * VIN): the same record, `collectedAt` being the data unit's send time and `data` its data unit.
 */
export type EmissionReport = EnergyReport;

/** Layout: version, flags (bit 0 reissued), collectedAt and receivedAt (float64 BE), VIN and vehicle id (length-prefixed), data. */
const vehicleReportCodec = (contentType: string, what: string): PayloadCodec<EnergyReport> => ({
  contentType,
  encode(report) {
    const vin = Buffer.from(report.vin, 'latin1');
    const vehicleId = Buffer.from(report.vehicleId, 'utf8');
    const out = Buffer.allocUnsafe(FIXED + vin.length + vehicleId.length + report.data.length);
    let at = out.writeUInt8(VERSION, 0);
    at = out.writeUInt8(report.reissued ? 1 : 0, at);
    at = out.writeDoubleBE(report.collectedAt, at);
    at = out.writeDoubleBE(report.receivedAt, at);
    at = out.writeUInt8(vin.length, at);
    at += vin.copy(out, at);
    at = out.writeUInt8(vehicleId.length, at);
    at += vehicleId.copy(out, at);
    report.data.copy(out, at);
    return out;
  },
  decode(bytes) {
    if (bytes.length < FIXED || bytes[0] !== VERSION) throw new PoisonMessageError(`${what}: not a version ${VERSION} record`);
    let at = 2;
    const collectedAt = bytes.readDoubleBE(at);
    const receivedAt = bytes.readDoubleBE((at += 8));
    at += 8;
    const vinLength = bytes[at++]!;
    if (at + vinLength + 1 > bytes.length) throw new PoisonMessageError(`${what}: truncated VIN`);
    const vin = bytes.toString('latin1', at, (at += vinLength));
    const idLength = bytes[at++]!;
    if (at + idLength > bytes.length) throw new PoisonMessageError(`${what}: truncated vehicle id`);
    const vehicleId = bytes.toString('utf8', at, (at += idLength));
    if (!Number.isFinite(collectedAt) || !Number.isFinite(receivedAt) || vin.length !== 17) throw new PoisonMessageError(`${what}: bad time or VIN`);
    return { vin, vehicleId, collectedAt, receivedAt, reissued: (bytes[1]! & 1) === 1, data: bytes.subarray(at) };
  },
});

export const energyReportCodec = vehicleReportCodec('application/x-openfleet-energy-report', 'energy report');
export const emissionReportCodec = vehicleReportCodec('application/x-openfleet-emission-report', 'emission report');
