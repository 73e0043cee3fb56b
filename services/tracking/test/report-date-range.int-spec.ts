// The date range of the tracking reports at its edges (moved from the standalone edge-limits suite:
// it needs the tracking service alone): dates within 2000-01-01 .. 2099-12-31, a report for year
// 9999 is the 400 envelope naming the field, never rows; the last days of the range still answer.
import { register, startTracking, superAdmin, vehicle, waitFor, type Engine, type TrackingTestApp } from './tracking-test-app';

jest.setTimeout(90_000);

describe.each(['sqlite', 'mysql'] as Engine[])('report date range on %s', (engine) => {
  let test: TrackingTestApp;
  let token: string;
  const get = (path: string) => test.http().get(path).set('Authorization', token);
  const operation = (query: string) => get(`/gps/report/operation?${query}`);

  beforeAll(async () => {
    test = await startTracking(engine);
    token = await test.tokenFor(superAdmin);
    await register(test, [vehicle('401', '13300000401', ['1'], '京E40401')]);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('answers the operation report for year 9999 with the 400 envelope naming the field, never with rows', async () => {
    for (const [query, field] of [
      ['startTime=9999-12-01&endTime=9999-12-31', 'startTime'],
      ['startTime=9999-12-01&endTime=9999-12-31&groupBy=day', 'startTime'],
      ['startTime=2026-11-01&endTime=9999-12-31&groupBy=day', 'endTime'],
      ['startTime=1999-12-31 23:59:59&endTime=2000-01-01', 'startTime'],
      ['startTime=2099-12-31&endTime=2100-01-01 00:00:00&groupBy=day', 'endTime'],
      ['startTime=2026-02-30&endTime=2026-03-01&groupBy=day', 'startTime'],
    ]) {
      // A service's AppError: HTTP 200 with the envelope's code (docs/architecture.md, HTTP contract).
      const response = await operation(query);
      expect({ query, body: response.body }).toEqual({ query, body: expect.objectContaining({ flag: false, errorCode: 400, data: { field } }) });
    }
    const monthly = await get('/gps/report/mileage?startTime=9999-01&endTime=9999-02&period=month');
    expect(monthly.body).toMatchObject({ flag: false, errorCode: 400, data: { field: 'startTime' } });
  });

  it('answers the last days of the range with one dated row per vehicle and day', async () => {
    let report: { summary: { days: string[] }; records: { vehicleId: string; day: string }[] } | undefined;
    await waitFor(async () => {
      const response = await operation('startTime=2099-12-30&endTime=2099-12-31 23:59:59&groupBy=day');
      report = response.body.data;
      return (report?.records ?? []).some((row) => row.vehicleId === '401');
    }, 10_000, 'the vehicle in the operation report');
    expect(report!.summary.days).toEqual(['2099-12-30', '2099-12-31']);
    expect(report!.records.filter((row) => row.vehicleId === '401').map((row) => row.day)).toEqual(['2099-12-30', '2099-12-31']);
    expect(report!.records.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.day))).toBe(true);
  });
});
