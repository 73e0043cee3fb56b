// Limits checked at the edge, on the platform an operator runs: dates within 2000-01-01 ..
// 2099-12-31 in the services no report parser reaches (admin, fence), the snapshot route's
// larger body (a 2 MB picture as a data URL) while every other route keeps 1 MB, and lists longer
// than the largest declared one refused before any per-item work.
import type { RunningPlatform } from '../src';
import { loginAdmin, provisionVehicle, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(120_000);

const MB = 1024 * 1024;

/** A JPEG data URL of `bytes` bytes: the JPEG signature, then filler. */
function jpegDataUrl(bytes: number): string {
  const image = Buffer.alloc(bytes, 0x5a);
  image.set([0xff, 0xd8, 0xff, 0xe0]);
  return `data:image/jpeg;base64,${image.toString('base64')}`;
}

describe('edge limits (standalone)', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let vehicle: ProvisionedVehicle;

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Edge Limits Co' });
    vehicle = await provisionVehicle(admin, companyId, { sim: '13300000401', plate: '京E40401', terminalCode: 'EDG0401', version: '2013', videoChannels: 2 });
  });

  afterAll(async () => {
    await platform?.app.close();
  });

  describe('dates', () => {
    // The reports' date range (year 9999, the last days of 2099) is the tracking service's alone: services/tracking/test/report-date-range.int-spec.ts.
    it('checks dates no parser reads: a driver licence expiry, log bounds, a fence window', async () => {
      const driver = await admin.post('/basic/driver', { name: 'Edge', licenceNo: 'EDGE000001', expiresOn: '9999-12-31' });
      expect(driver.status).toBe(400);
      expect(driver.body).toMatchObject({ flag: false, errorCode: 400 });
      expect(JSON.stringify(driver.body.data)).toContain('expiresOn');
      const logs = await admin.get(`/basic/operation-log?from=${Date.UTC(2100, 0, 1)}`);
      expect(logs.status).toBe(400);
      expect(JSON.stringify(logs.body.data)).toContain('from');
      const fence = await admin.post('/gps/fence', { name: 'edge', type: 1, geometry: { type: 'circle', center: [116.4, 39.9], radius: 100 }, attributes: 1, startTime: '2100-01-01 00:00:00', endTime: '2100-01-02 00:00:00' });
      expect(fence.status).toBe(400);
      expect(JSON.stringify(fence.body.data)).toContain('startTime');
    });
  });

  describe('body sizes', () => {
    const snapshot = (bytes: number) => admin.post('/video/snapshots', { vehicleId: vehicle.vehicleId, channel: 1, image: jpegDataUrl(bytes) });

    it('stores a 1.6 MB snapshot (2.1 MB of JSON, over the 1 MB every other route keeps)', async () => {
      const bytes = Math.round(1.6 * MB);
      const response = await waitFor('the vehicle in the video directory', async () => {
        const answer = await snapshot(bytes);
        return answer.body.errorCode === 8002 ? undefined : answer; // 8002: not in the directory yet
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ flag: true, data: { vehicleId: vehicle.vehicleId, channel: 1, size: bytes } });
      const file = await admin.get(response.body.data.fileUrl).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect((file.body as Buffer).length).toBe(bytes);
    });

    it('refuses a 2.5 MB snapshot, and one just over 2 MB, with the 413 envelope', async () => {
      const large = await snapshot(2.5 * MB);
      expect(large.status).toBe(413);
      expect(large.body).toEqual(expect.objectContaining({ flag: false, errorCode: 413, data: 'entity.too.large' }));
      // Within the route's body limit: the snapshot service's own 2 MB check answers (an AppError: HTTP 200).
      const justOver = await snapshot(2 * MB + 1);
      expect(justOver.body).toMatchObject({ flag: false, errorCode: 413 });
    });

    it('keeps 1 MB for every other route', async () => {
      const response = await admin.post('/gps/alarm/handle', { alarmIds: ['1'], handleStatus: 1, remark: 'x'.repeat(1.5 * MB) });
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ flag: false, errorCode: 413, data: 'entity.too.large' });
    });
  });

  describe('lists', () => {
    it('refuses a 100,000-item list with the 400 envelope before any per-item work', async () => {
      const vehicleIds = Array.from({ length: 100_000 }, (_, i) => String(1_000_000 + i));
      const started = Date.now();
      const response = await admin.post('/gps/sendOrder/send', { commandType: 'rollcall', vehicleIds, offlinePolicy: 'queue' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ flag: false, errorCode: 400, data: 'entity.too.many.items' });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('refuses a list over its DTO cap (1,000 alarm ids) with the field named', async () => {
      const response = await admin.post('/gps/alarm/handle', { alarmIds: Array.from({ length: 1_001 }, (_, i) => String(i + 1)), handleStatus: 1 });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ flag: false, errorCode: 400, data: ['alarmIds must contain no more than 1000 elements'] });
    });
  });
});
