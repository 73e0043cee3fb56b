// The order log export on SQLite and MariaDB (issue 28): 操作人 by the name admin's user directory
// (admin.user-directory.v1) gives it, never the id; a user of a company outside the caller's scope is
// 未知用户, a deleted user keeps its name (it still did it), automatic operators in words; the status
// by the screen's label and the parameters as labelled rows, never JSON.
import { PermissionCache, UserDirectory, type AuthUser } from '@openfleet/auth';
import { Topics, type UserDirectoryEntry } from '@openfleet/contracts';
import ExcelJS from 'exceljs';
import { InstructionOrder } from '../src/order/instruction-order.entity';
import { companyUser, register, startInstruction, vehicleEntry, waitFor, type Engine, type InstructionTestApp } from './instruction-test-app';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

jest.setTimeout(60_000);

const ACTIONS = ['controlInstruction', 'controlInstruction:search', 'controlInstruction:send', 'controlInstruction:export'];
const directoryEntry = (userId: string, name: string, companyPath: string[], deleted = false): UserDirectoryEntry => ({
  userId, name, account: `acct${userId}`, companyId: companyPath.at(-1)!, companyPath, deleted, updatedAt: Date.now(),
});
// 8101 works in company 80; 8102 in the parent company 8 (it sees company 80's vehicles, a company-80 user does not see it); 8103 was deleted.
const USERS = [directoryEntry('8101', '王调度', ['8', '80']), directoryEntry('8102', '集团调度', ['8']), directoryEntry('8103', '离职调度', ['8', '80'], true)];

describe.each<Engine>(['sqlite', 'mysql'])('order log export on %s', (engine) => {
  let test: InstructionTestApp;
  const user = (id: string, companyId: string): AuthUser => ({ ...companyUser(companyId), id, roleIds: ['dispatch'] });
  const bearer = (who: AuthUser) => test.tokenFor(who);
  // The vehicles are offline: a single vehicle's order is stored as 设备离线 and answered with 7205.
  const send = async (who: AuthUser, body: object) => {
    const answer = (await test.http().post('/gps/sendOrder/send').set('Authorization', await bearer(who)).send(body).expect(200)).body;
    expect(answer.errorCode).toBe(7205);
  };
  const exportRows = async (who: AuthUser) => {
    const response = await test.http().get('/gps/sendOrder/export').set('Authorization', await bearer(who)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows: Record<string, string>[] = [];
    sheet.eachRow((row, index) => {
      if (index === 1) return;
      rows.push(Object.fromEntries(headers.map((header, column) => [header, String(row.getCell(column + 1).value ?? '')])));
    });
    return rows;
  };

  beforeAll(async () => {
    test = await startInstruction(engine);
    await register(test, [vehicleEntry('801', '13900000801', ['8', '80']), vehicleEntry('802', '13900000802', ['8', '80'])]);
    await test.bus.publish(Topics.rolePermissions, [{ key: 'dispatch', value: { roleId: 'dispatch', actionCodes: ACTIONS, deleted: false, updatedAt: Date.now() } }]);
    await test.bus.publish(Topics.userDirectory, USERS.map((value) => ({ key: value.userId, value })));
    const permissions = test.app.get(PermissionCache);
    const directory = test.app.get(UserDirectory);
    await waitFor(() => permissions.allows(user('8101', '80'), ACTIONS) && USERS.every((entry) => directory.byUserId(entry.userId)), 10_000, 'roles and user directory');
  });
  afterAll(async () => {
    await test?.close();
  });

  it('names the operator, the status and the parameters in the screen\'s words', async () => {
    await send(user('8101', '80'), { commandType: 'text', vehicleIds: ['801'], params: { text: '请回场', tts: true } });
    await send({ ...user('8102', '8') }, { commandType: 'rollcall', vehicleIds: ['802'] });
    await send({ ...user('8103', '80') }, { commandType: 'rollcall', vehicleIds: ['801'] });
    // An order the platform sent on its own: the directory has no such user, the export says so in words.
    const orders = test.app.get<DataSource>(getDataSourceToken('instruction')).getRepository(InstructionOrder);
    const systemOrder = await orders.findOneByOrFail({ operatorId: '8101' });
    await orders.save({ ...systemOrder, id: undefined as unknown as number, operatorId: 'system' });

    const rows = await exportRows(user('8101', '80'));
    expect(rows).toHaveLength(4);
    const operators = rows.map((row) => row['操作人']);
    expect(operators.sort()).toEqual(['未知用户', '王调度', '离职调度', '系统'].sort());
    for (const id of ['8101', '8102', '8103']) expect(operators).not.toContain(id);

    const text = rows.find((row) => row['操作人'] === '王调度')!;
    expect(text['状态']).toBe('设备离线');
    expect(text['指令类型']).toBe('文本信息下发');
    expect(text['指令内容']).toContain('文本内容=请回场');
    expect(text['指令内容']).toContain('终端TTS播读=是');
    expect(text['指令内容']).not.toMatch(/[{}"]/);
    expect(text['错误码']).toMatch(/^7205 /);
  });

  it('names every user for the parent company\'s dispatcher, whose scope holds company 80', async () => {
    const operators = (await exportRows(user('8102', '8'))).map((row) => row['操作人']);
    expect(operators).toContain('集团调度');
    expect(operators).toContain('王调度');
    expect(operators).not.toContain('未知用户');
  });
});
