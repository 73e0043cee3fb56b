// OTA upgrades on the path a deployment takes: vehicles provisioned through the admin API, strict
// registration, a 2013 and a 2019 terminal on real TCP. An operator uploads a package (checksum
// checked), sends it; each terminal receives it as 0x8108 (subpackaged when large), acknowledges
// it and reports the upgrade with 0x0108; otaUpdata shows the progress, otaUpgradeLog the history.
// An offline vehicle's task fails; another company can neither see the package nor send to its vehicles.
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { createHash } from 'node:crypto';
import type { RunningPlatform } from '../src';
import request from 'supertest';
import { connectTerminal, login, loginAdmin, provisionVehicle, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

type Task = { id: number; vehicleId: string; status: number; errorCode: number; packageName: string; version: string };

describe('OTA upgrade through the instruction service to 2013 and 2019 terminals', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let vehicles: Record<'v2013' | 'v2019' | 'offline' | 'foreign', ProvisionedVehicle>;
  let terminals: TestTerminal[] = [];
  let packageId: number;
  let otherCompany: string;
  const firmware = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31) % 256));

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    admin = await loginAdmin(platform);
    const company = await admin.create('/basic/company', { name: 'Upgrade Logistics' });
    const other = (otherCompany = await admin.create('/basic/company', { name: 'Other Upgrades' }));
    vehicles = {
      v2013: await provisionVehicle(admin, company, { sim: '13800000101', plate: '京O80101', terminalCode: 'OTA0101', version: '2013' }),
      v2019: await provisionVehicle(admin, company, { sim: '13800000102', plate: '京O80102', terminalCode: 'OTA0102', version: '2019' }),
      offline: await provisionVehicle(admin, company, { sim: '13800000103', plate: '京O80103', terminalCode: 'OTA0103', version: '2013' }),
      foreign: await provisionVehicle(admin, other, { sim: '13800000104', plate: '沪O80104', terminalCode: 'OTA0104', version: '2013' }),
    };
    const port = platform.app.get(Gateway808Server).address().port;
    terminals = [await connectTerminal(port, vehicles.v2013), await connectTerminal(port, vehicles.v2019)];
  });

  afterAll(async () => {
    terminals.forEach((terminal) => terminal.close());
    await platform?.app.close();
  });

  const upload = (fields: Record<string, string>, file = firmware) => {
    let req = request(platform.app.getHttpServer()).post('/energy/ota/packages').set('Authorization', admin.token).field('name', 'T-BOX 固件');
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    return req.attach('file', file, 'firmware.bin');
  };

  it('stores a package with its checksum, refusing one whose checksum does not match', async () => {
    const bad = await upload({ version: 'V2.1.0', targetType: '0', makerId: 'OF001', checksum: '0'.repeat(64) });
    expect(bad.body.errorCode).toBe(20006);
    const sha256 = createHash('sha256').update(firmware).digest('hex');
    const ok = await upload({ version: 'V2.1.0', targetType: '0', makerId: 'OF001', targetModels: 'OF-T1,OF-T2', checksum: sha256 });
    expect(ok.body.data).toMatchObject({ version: 'V2.1.0', size: firmware.length, sha256, targetModels: 'OF-T1,OF-T2' });
    expect(ok.body.data.storageKey).toBeUndefined();
    packageId = ok.body.data.id;
    expect((await upload({ version: 'V2.1.0', targetType: '7', makerId: 'OF001' })).body.errorCode).toBe(400);
  });

  it('sends it as 0x8108; each terminal acknowledges and reports the upgrade with 0x0108', async () => {
    const sent = await admin.post('/energy/ota/send', { packageId, vehicleIds: [vehicles.v2013.vehicleId, vehicles.v2019.vehicleId, vehicles.offline.vehicleId] }).expect(200);
    expect(sent.body.data.map((t: Task) => t.status)).toEqual([0, 0, 0]);
    for (const [i, terminal] of terminals.entries()) {
      // 3,000 bytes do not fit one frame: the packets are answered one by one and joined.
      const parts: Buffer[] = [];
      for (;;) {
        const packet = await terminal.expect((m) => m.msgId === 0x8108, 15_000);
        expect(packet.subpackage).toBeDefined();
        parts[packet.subpackage!.index - 1] = Buffer.from((packet.body as { hex: string }).hex, 'hex');
        terminal.send(0x0001, { replySerial: packet.serial, replyId: 0x8108, result: 0 });
        if (packet.subpackage!.index === packet.subpackage!.total) break;
      }
      // JT/T 808 table 0x8108: type BYTE, maker id BYTE[5] (2019: BYTE[11]), version length BYTE,
      // version STRING, package length DWORD, package.
      const body = Buffer.concat(parts);
      const makerLength = i === 0 ? 5 : 11;
      expect(body[0]).toBe(0);
      expect(body.subarray(1, 1 + makerLength).toString('latin1').replace(/\0+$/, '')).toBe('OF001');
      const versionLength = body[1 + makerLength]!;
      expect(body.subarray(2 + makerLength, 2 + makerLength + versionLength).toString('latin1')).toBe('V2.1.0');
      const at = 2 + makerLength + versionLength;
      expect(body.readUInt32BE(at)).toBe(firmware.length);
      expect(body.subarray(at + 4).equals(firmware)).toBe(true);
    }
    const tasks = async () => (await admin.get(`/energy/ota/tasks?packageId=${packageId}`).expect(200)).body.data.records as Task[];
    const statusOf = async (vehicle: ProvisionedVehicle) => (await tasks()).find((t) => t.vehicleId === vehicle.vehicleId)?.status;
    await waitFor('both delivered', async () => ((await statusOf(vehicles.v2013)) === 1 && (await statusOf(vehicles.v2019)) === 1 ? true : undefined), 15_000);
    // The offline vehicle's order fails at once.
    const offline = await waitFor('the offline task failed', async () => (await tasks()).find((t) => t.vehicleId === vehicles.offline.vehicleId && t.status === 3));
    expect(offline.errorCode).not.toBe(0);
    terminals[0]!.send(0x0108, { type: 0, result: 0 });
    terminals[1]!.send(0x0108, { type: 0, result: 1 });
    await waitFor('the upgrade results', async () => ((await statusOf(vehicles.v2013)) === 2 && (await statusOf(vehicles.v2019)) === 3 ? true : undefined), 15_000);
    const log = (await admin.get('/energy/ota/tasks').expect(200)).body.data;
    expect(log.total).toBe(3);
    expect(log.records[0]).toMatchObject({ packageName: 'T-BOX 固件', version: 'V2.1.0' });
  });

  it('keeps packages and vehicles to their company', async () => {
    const roleId = await admin.create('/basic/role', { name: 'upgrader', companyId: otherCompany, roleType: 3, actionCodes: ['otaUpdata', 'otaUpdata:search', 'otaUpdata:send', 'otaUpgradeLog', 'otaUpgradeLog:search'] });
    await admin.create('/basic/user', { account: 'otherota', name: 'Other Upgrader', password: 'Upgrade123', userType: 1, companyId: otherCompany, roleIds: [Number(roleId)] });
    const other = await login(platform, 'otherota', 'Upgrade123');
    expect((await other.get('/energy/ota/packages').expect(200)).body.data.total).toBe(0);
    expect((await other.get('/energy/ota/tasks').expect(200)).body.data.total).toBe(0);
    expect((await other.post('/energy/ota/send', { packageId, vehicleIds: [vehicles.foreign.vehicleId] })).body.errorCode).toBe(410);
    // Without otaUpdata:upload nothing is uploaded.
    expect((await request(platform.app.getHttpServer()).post('/energy/ota/packages').set('Authorization', other.token).field('name', 'x').attach('file', firmware, 'f.bin')).body.errorCode).toBe(403);
    expect((await admin.post('/energy/ota/send', { packageId, vehicleIds: ['no-such-vehicle'] })).body.errorCode).toBe(8002);
    expect((await admin.del(`/energy/ota/packages/${packageId}`)).body.flag).toBe(true);
    expect((await admin.post('/energy/ota/send', { packageId, vehicleIds: [vehicles.v2013.vehicleId] })).body.errorCode).toBe(410);
  });
});
