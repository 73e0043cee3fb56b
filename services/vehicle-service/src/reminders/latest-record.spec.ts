import { isAfter } from '../records/record-due-source';

// The due source keeps, per vehicle, the record that sorts last by its order columns then id, as
// the SQL ORDER BY it replaced did.
const row = (id: number | string, values: Record<string, unknown>) => ({ id, vehicleId: 'v1', companyId: 'c1', plateCode: 'P', ...values });

describe('isAfter (the latest record per vehicle)', () => {
  it('compares dates as text and the first differing column decides', () => {
    expect(isAfter(row(1, { service_date: '2026-07-08', odometer_km: 1 }), row(2, { service_date: '2026-01-10', odometer_km: 9 }), ['service_date', 'odometer_km'])).toBe(true);
    expect(isAfter(row(2, { service_date: '2026-01-10', odometer_km: 9 }), row(1, { service_date: '2026-07-08', odometer_km: 1 }), ['service_date', 'odometer_km'])).toBe(false);
  });

  it('compares odometers as numbers on the same day (10,000 km is after 9,000)', () => {
    expect(isAfter(row(1, { service_date: '2026-07-08', odometer_km: 10000 }), row(2, { service_date: '2026-07-08', odometer_km: 9000 }), ['service_date', 'odometer_km'])).toBe(true);
    expect(isAfter(row(2, { service_date: '2026-07-08', odometer_km: 9000 }), row(1, { service_date: '2026-07-08', odometer_km: 10000 }), ['service_date', 'odometer_km'])).toBe(false);
  });

  it('breaks a full tie by id, numerically even when the driver answers a bigint as text', () => {
    expect(isAfter(row('10', { end_date: '2026-12-31' }), row('9', { end_date: '2026-12-31' }), ['end_date'])).toBe(true);
    expect(isAfter(row('9', { end_date: '2026-12-31' }), row('10', { end_date: '2026-12-31' }), ['end_date'])).toBe(false);
  });
});
