import type { DataSource } from 'typeorm';
import { FuelRowWriter } from './fuel-row-writer';

// The statement a ledger batch sends: rows in key order whatever order the batch made them in, so
// members writing the table at once take their row locks in one order (cluster-n deadlocked before).
describe('FuelRowWriter', () => {
  it('upserts a batch in key order, rows with one key in the order given', async () => {
    const query = jest.fn().mockResolvedValue([]);
    const writer = new FuelRowWriter({ options: { type: 'mysql' }, query } as unknown as DataSource);
    await writer.upsert('fuel_day', ['vehicle_id', 'day'], ['first_l'], [['v9', '2026-11-29', 1], ['v10', '2026-11-29', 2], ['v9', '2026-11-28', 3], ['v10', '2026-11-29', 4]]);
    expect(query).toHaveBeenCalledTimes(1);
    const [sql, params] = query.mock.calls[0];
    expect(sql).toBe('INSERT INTO fuel_day (vehicle_id,day,first_l) VALUES (?,?,?),(?,?,?),(?,?,?),(?,?,?) ON DUPLICATE KEY UPDATE first_l=VALUES(first_l)');
    expect(params).toEqual(['v10', '2026-11-29', 2, 'v10', '2026-11-29', 4, 'v9', '2026-11-28', 3, 'v9', '2026-11-29', 1]);
  });
});
