// whereInScope and rowInScope with single-vehicle grants, on a real better-sqlite3 DataSource: the
// union of company, fleet and vehicle grants, and no rows for a vehicle-only user where the table's
// vehicle column is not named.
import { DataSource } from 'typeorm';
import { rowInScope, whereInScope, type ScopeOwner } from './scope-sql';

const owner = (scope: ScopeOwner['scope'], superAdmin = false): ScopeOwner => ({ superAdmin, scope });

describe('whereInScope / rowInScope with vehicle grants', () => {
  let dataSource: DataSource;
  // Company 3 (under 1): fleets 8 -> 9. Company 4: fleet 20.
  const rows = [
    { id: 1, companyPath: '/1/3/', fleetPath: '/8/9/', vehicleId: '41' },
    { id: 2, companyPath: '/1/3/', fleetPath: '/8/', vehicleId: '42' },
    { id: 3, companyPath: '/1/3/', fleetPath: '', vehicleId: '43' },
    { id: 4, companyPath: '/1/4/', fleetPath: '/20/', vehicleId: '44' },
  ];
  const ids = async (who: ScopeOwner, vehicleColumn?: string) =>
    (await whereInScope(dataSource.createQueryBuilder().select('r.id', 'id').from('probe', 'r'), who, 'r', vehicleColumn ? { vehicleColumn } : undefined).orderBy('r.id').getRawMany<{ id: number }>()).map(
      (row) => Number(row.id),
    );

  beforeAll(async () => {
    dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await dataSource.query('CREATE TABLE probe (id INTEGER PRIMARY KEY, company_path TEXT NOT NULL, fleet_path TEXT NOT NULL, vehicle_id TEXT NOT NULL)');
    for (const row of rows) await dataSource.query('INSERT INTO probe VALUES (?, ?, ?, ?)', [row.id, row.companyPath, row.fleetPath, row.vehicleId]);
  });
  afterAll(() => dataSource.destroy());

  it('a vehicle-only user sees exactly the granted vehicles where the vehicle column is named', async () => {
    expect(await ids(owner({ companies: [], fleets: [], vehicles: ['42', '44'] }), 'vehicle_id')).toEqual([2, 4]);
  });

  it('fleets (with sub-fleets) and vehicles add up', async () => {
    expect(await ids(owner({ companies: [], fleets: ['9'], vehicles: ['43'] }), 'vehicle_id')).toEqual([1, 3]);
  });

  it('without a vehicle column a vehicle-only user sees nothing, a fleet-and-vehicle user only the fleet', async () => {
    expect(await ids(owner({ companies: [], fleets: [], vehicles: ['42'] }))).toEqual([]);
    expect(await ids(owner({ companies: [], fleets: ['9'], vehicles: ['43'] }))).toEqual([1]);
  });

  it('keeps the company rule and the super administrator', async () => {
    expect(await ids(owner({ companies: ['3'], fleets: [] }), 'vehicle_id')).toEqual([1, 2, 3]);
    expect(await ids(owner({ companies: [], fleets: [] }, true), 'vehicle_id')).toEqual([1, 2, 3, 4]);
    expect(await ids(owner({ companies: [], fleets: [], vehicles: [] }), 'vehicle_id')).toEqual([]);
  });

  it('orIds adds rows by id to any scope, and nothing when empty or for a super administrator', async () => {
    const byId = async (who: ScopeOwner, orIds: readonly number[], vehicleColumn?: string) =>
      (await whereInScope(dataSource.createQueryBuilder().select('r.id', 'id').from('probe', 'r'), who, 'r', { vehicleColumn, orIds: { column: 'id', ids: orIds } }).orderBy('r.id').getRawMany<{ id: number }>()).map((row) => Number(row.id));
    // A vehicle-only user on a table without a vehicle column: exactly the listed rows.
    expect(await byId(owner({ companies: [], fleets: [], vehicles: ['42'] }), [4])).toEqual([4]);
    expect(await byId(owner({ companies: [], fleets: [], vehicles: ['42'] }), [])).toEqual([]);
    // Added to the other grants, never narrowing them.
    expect(await byId(owner({ companies: [], fleets: ['9'], vehicles: ['42'] }), [4])).toEqual([1, 4]);
    expect(await byId(owner({ companies: ['3'], fleets: [] }), [4], 'vehicle_id')).toEqual([1, 2, 3, 4]);
    expect(await byId(owner({ companies: [], fleets: [] }, true), [])).toEqual([1, 2, 3, 4]);
  });

  it('rowInScope admits a row of a granted vehicle by id, and only that', () => {
    const granted = owner({ companies: [], fleets: ['9'], vehicles: ['43'] });
    expect(rows.map((row) => rowInScope(granted, row))).toEqual([true, false, true, false]);
    expect(rowInScope(granted, { companyPath: '/1/3/', fleetPath: '', vehicleId: 43 })).toBe(true);
    expect(rowInScope(granted, { companyPath: '/1/3/', fleetPath: '' })).toBe(false);
    expect(rowInScope(granted, { companyPath: '/1/3/', fleetPath: '', vehicleId: null })).toBe(false);
    expect(rowInScope(owner({ companies: ['3'], fleets: [] }), rows[2]!)).toBe(true);
  });
});
