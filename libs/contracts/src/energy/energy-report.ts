import { PoisonMessageError, type PayloadCodec } from '../codec';

/**
 * A GB/T 32960 real-time (0x02) or reissued (0x03) report as the energy gateway accepted it. The
 * data unit travels as the vehicle sent it and is decoded by the consumer that stores it: a few
 * hundred bytes instead of several kilobytes of JSON for 96 cells.
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

/**
 * The reports the energy gateway accepted together whose VINs share a Kafka partition (topic
 * energy.report.v2): one record for many reports, because the client's cost is per record (its
 * encoding, checksum and promise work was most of the ingest's CPU with one record per report).
 * The record's key maps to that partition, so a VIN's reports always meet in one partition, in
 * order, as with a VIN key (see energyReportKey).
 */
export interface EnergyReportBatch {
  reports: EnergyReport[];
}

/**
 * An HJ 1239 real-time (0x02) or reissued (0x03) emission report (topic emission.report.v1, key
 * VIN): the same record, `collectedAt` being the data unit's send time and `data` its data unit.
 */
export type EmissionReport = EnergyReport;

const VERSION = 1;
const BATCH_VERSION = 2;
const FIXED = 1 + 1 + 8 + 8 + 1 + 1;

function sizeOf(report: EnergyReport): number {
  return FIXED + report.vin.length + Buffer.byteLength(report.vehicleId, 'utf8') + report.data.length;
}

/** Layout: version, flags (bit 0 reissued), collectedAt and receivedAt (float64 BE), VIN and vehicle id (length-prefixed), data. */
function write(report: EnergyReport, out: Buffer, start: number): number {
  let at = out.writeUInt8(VERSION, start);
  at = out.writeUInt8(report.reissued ? 1 : 0, at);
  at = out.writeDoubleBE(report.collectedAt, at);
  at = out.writeDoubleBE(report.receivedAt, at);
  at = out.writeUInt8(report.vin.length, at);
  at += out.write(report.vin, at, 'latin1');
  const idLength = out.write(report.vehicleId, at + 1, 'utf8');
  at = out.writeUInt8(idLength, at) + idLength;
  return at + report.data.copy(out, at);
}

function read(bytes: Buffer, what: string): EnergyReport {
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
}

const vehicleReportCodec = (contentType: string, what: string): PayloadCodec<EnergyReport> => ({
  contentType,
  encode(report) {
    const out = Buffer.allocUnsafe(sizeOf(report));
    write(report, out, 0);
    return out;
  },
  decode: (bytes) => read(bytes, what),
});

export const emissionReportCodec = vehicleReportCodec('application/x-openfleet-emission-report', 'emission report');

/** Layout: version 2, report count (UInt32BE), then each report as UInt32BE length + the version 1 layout. */
export const energyReportBatchCodec: PayloadCodec<EnergyReportBatch> = {
  contentType: 'application/x-openfleet-energy-report-batch',
  encode({ reports }) {
    let size = 5;
    for (const report of reports) size += 4 + sizeOf(report);
    const out = Buffer.allocUnsafe(size);
    let at = out.writeUInt8(BATCH_VERSION, 0);
    at = out.writeUInt32BE(reports.length, at);
    for (const report of reports) {
      const end = write(report, out, at + 4);
      out.writeUInt32BE(end - at - 4, at);
      at = end;
    }
    return out;
  },
  decode(bytes) {
    if (bytes.length < 5 || bytes[0] !== BATCH_VERSION) throw new PoisonMessageError(`energy report batch: not a version ${BATCH_VERSION} record`);
    const count = bytes.readUInt32BE(1);
    const reports: EnergyReport[] = [];
    let at = 5;
    for (let i = 0; i < count; i++) {
      if (at + 4 > bytes.length) throw new PoisonMessageError(`energy report batch: ${count} reports announced, ${i} present`);
      const length = bytes.readUInt32BE(at);
      if (at + 4 + length > bytes.length) throw new PoisonMessageError(`energy report batch: report ${i + 1} truncated`);
      reports.push(read(bytes.subarray(at + 4, (at += 4 + length)), `energy report ${i + 1} of a batch`));
    }
    if (at !== bytes.length) throw new PoisonMessageError(`energy report batch: ${bytes.length - at} bytes after ${count} reports`);
    return { reports };
  },
};
