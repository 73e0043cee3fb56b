import { PoisonMessageError } from '../codec';
import { emissionReportCodec, energyReportBatchCodec, type EnergyReport } from './energy-report';

const report = (vin: string, n: number): EnergyReport => ({ vin, vehicleId: `车${n}`, collectedAt: 1_764_000_000_000 + n, receivedAt: 1_764_000_000_500 + n, reissued: n % 2 === 1, data: Buffer.from([0x1a, 0x0b, 0x19, n, 0, 0, 0xff, 0x00]) });

describe('energy report batch codec (energy.report.v2)', () => {
  it('carries every report of the batch, in order, with its data unit byte for byte', () => {
    const reports = [report('LSJMEV00000000001', 1), report('LSJMEV00000000002', 2), report('LSJMEV00000000001', 3)];
    const bytes = energyReportBatchCodec.encode({ reports });
    // Version 2, a count of 3, then each report's length ahead of it.
    expect([...bytes.subarray(0, 5)]).toEqual([2, 0, 0, 0, 3]);
    expect(energyReportBatchCodec.decode(bytes)).toEqual({ reports });
  });

  it('parks a record that is cut short, carries trailing bytes or is of another version', () => {
    const bytes = energyReportBatchCodec.encode({ reports: [report('LSJMEV00000000001', 1), report('LSJMEV00000000002', 2)] });
    expect(() => energyReportBatchCodec.decode(bytes.subarray(0, bytes.length - 3))).toThrow(PoisonMessageError);
    expect(() => energyReportBatchCodec.decode(Buffer.concat([bytes, Buffer.from([0])]))).toThrow(/1 bytes after 2 reports/);
    expect(() => energyReportBatchCodec.decode(emissionReportCodec.encode(report('LSJMEV00000000001', 1)))).toThrow(/not a version 2 record/);
  });

  it('the per-report codec (emission.report.v1) refuses a VIN that is not 17 characters', () => {
    const bytes = emissionReportCodec.encode({ ...report('LSJMEV00000000001', 1), vin: 'SHORT' });
    expect(() => emissionReportCodec.decode(bytes)).toThrow(/bad time or VIN/);
    expect(emissionReportCodec.decode(emissionReportCodec.encode(report('LFWHJ000000000001', 4)))).toEqual(report('LFWHJ000000000001', 4));
  });
});
