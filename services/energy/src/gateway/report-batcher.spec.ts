import { kafkaPartitionOf, type EventBus } from '@openfleet/bus';
import { Topics, type EnergyReport, type EnergyReportBatch } from '@openfleet/contracts';
import { ReportBatcher } from './report-batcher';

const report = (vin: string): EnergyReport => ({ vin, vehicleId: vin, collectedAt: 1, receivedAt: 2, reissued: false, data: Buffer.alloc(6) });

describe('ReportBatcher', () => {
  const published: { key: string; value: EnergyReportBatch }[][] = [];
  let fail = false;
  const bus = {
    publish: async (_topic: unknown, records: { key: string; value: EnergyReportBatch }[]) => {
      if (fail) throw new Error('broker down');
      published.push(records);
    },
  } as unknown as EventBus;

  beforeEach(() => {
    published.length = 0;
    fail = false;
  });

  it('publishes the reports of one turn as one record per partition, keyed so Kafka picks that partition', async () => {
    const batcher = new ReportBatcher(bus);
    const vins = Array.from({ length: 40 }, (_, i) => `LSJMEV${String(i + 1).padStart(11, '0')}`);
    await Promise.all([...vins, vins[0]!].map((vin) => batcher.add(batcher.partitionOf(vin), report(vin))));
    expect(published).toHaveLength(1);
    const records = published[0]!;
    const partitions = Topics.energyReport.partitions;
    for (const { key, value } of records) {
      const partition = kafkaPartitionOf(key, partitions);
      // Every VIN of the record is one Kafka would have put in the record's partition.
      for (const r of value.reports) expect(kafkaPartitionOf(r.vin, partitions)).toBe(partition);
    }
    expect(new Set(records.map((r) => kafkaPartitionOf(r.key, partitions))).size).toBe(records.length);
    expect(records.flatMap((r) => r.value.reports).length).toBe(41);
    // A VIN's reports keep their order inside its record.
    const first = records.find((r) => r.value.reports.some((x) => x.vin === vins[0]))!;
    expect(first.value.reports.filter((x) => x.vin === vins[0])).toHaveLength(2);
  });

  it('starts a new record after a turn, and a refused publish refuses the reports it carried', async () => {
    const batcher = new ReportBatcher(bus);
    await batcher.add(0, report('LSJMEV00000000001'));
    fail = true;
    await expect(batcher.add(0, report('LSJMEV00000000002'))).rejects.toThrow('broker down');
    fail = false;
    await batcher.add(0, report('LSJMEV00000000003'));
    expect(published.map((records) => records.flatMap((r) => r.value.reports.map((x) => x.vin)))).toEqual([['LSJMEV00000000001'], ['LSJMEV00000000003']]);
  });
});
