// Exports name the operator in one process (issue 28): a user created through the admin API sends an
// order, and the instruction service's order log export writes 操作人 as that user's name, learnt from
// admin.user-directory.v1 on the in-process bus; the super administrator (root company, outside the
// user's scope) is 未知用户 to that user; after the user is deleted its name stays on its orders.
import ExcelJS from 'exceljs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningPlatform } from '../src';
import type { EventBus } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { login, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

describe('operator names in the order log export (standalone)', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let dispatcher: ApiClient;
  let userId: string;

  const exportOperators = async (client: ApiClient) => {
    const file = await client
      .get('/gps/sendOrder/export')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as never);
    const sheet = book.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).map(String).indexOf('操作人');
    expect(column).toBeGreaterThan(0);
    const operators: string[] = [];
    sheet.eachRow((row, index) => void (index > 1 && operators.push(String(row.getCell(column).value ?? ''))));
    return operators;
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict', mkdtempSync(join(tmpdir(), 'openfleet-operator-names-')));
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Named Logistics' });
    const vehicle = await provisionVehicle(admin, companyId, { sim: '13700000801', plate: '京N80001', terminalCode: 'NAM0001', version: '2013' });
    const roleId = await admin.create('/basic/role', {
      name: 'named-dispatch',
      companyId,
      roleType: 3,
      actionCodes: ['controlInstruction', 'controlInstruction:search', 'controlInstruction:send', 'controlInstruction:export'],
    });
    userId = await admin.create('/basic/user', { account: 'nameddisp', name: '赵调度', password: 'Dispatch123', userType: 1, companyId, roleIds: [Number(roleId)] });
    dispatcher = await login(platform, 'nameddisp', 'Dispatch123');
    // The vehicle is offline: each order is stored as 设备离线 (7205).
    for (const client of [dispatcher, admin]) {
      const sent = await client.post('/gps/sendOrder/send', { commandType: 'text', vehicleIds: [vehicle.vehicleId], params: { text: '收车' } }).expect(200);
      expect(sent.body.errorCode).toBe(7205);
    }
  });

  afterAll(async () => {
    await platform?.app.close();
  });

  it('writes the user\'s name, and 未知用户 for an operator outside the caller\'s scope, never an id', async () => {
    const operators = await exportOperators(dispatcher);
    expect(operators.sort()).toEqual(['未知用户', '赵调度'].sort());
    expect(operators).not.toContain(userId);
    // The super administrator sees every user.
    expect((await exportOperators(admin)).sort()).toEqual(['Administrator', '赵调度'].sort());
  });

  it('keeps a deleted user\'s name on the orders it sent', async () => {
    const bus = platform.app.get<EventBus>(EVENT_BUS);
    const deletions: string[] = [];
    const probe = await bus.subscribe(Topics.userDirectory, { group: 'operator-names-probe', fromBeginning: true, handle: async (messages) => void deletions.push(...messages.filter((m) => m.value.deleted).map((m) => m.value.userId)) });
    expect((await admin.del(`/basic/user/${userId}`).expect(200)).body.flag).toBe(true);
    await waitFor('the deletion on admin.user-directory.v1', () => deletions.includes(userId) || undefined);
    await probe.close();
    await sleep(200);
    const operators = await exportOperators(admin);
    expect(operators).toContain('赵调度');
  });
});
