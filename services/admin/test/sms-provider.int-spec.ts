// Registration and forgotten password with codes sent through the Aliyun adapter to a local
// stand-in of dysmsapi, on two admin instances sharing one database: a code sent by one is
// checked and used up by the other, once; the per-phone limit holds across both. SQLite and MariaDB.
import { rpcSignature } from '@openfleet/service-kit';
import { createConnection } from 'mysql2/promise';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const SECRET = 'sms-stand-in-secret';

describe.each(['sqlite', 'mysql'] as Engine[])('admin SMS codes through a provider on %s', (engine) => {
  const sent: Array<Record<string, string>> = [];
  let server: Server;
  let first: AdminTestApp;
  let second: AdminTestApp;
  const prefix = `openfleet_sms_test_${process.pid}_${Date.now() % 100000}_`;
  const codeSentTo = (phone: string) => JSON.parse([...sent].reverse().find((p) => p.PhoneNumbers === phone)?.TemplateParam ?? '{}').code as string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const { Signature, ...params } = Object.fromEntries(new URLSearchParams(body));
        const ok = Signature === rpcSignature('POST', params, SECRET);
        if (ok) sent.push(params);
        res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { Code: 'OK', RequestId: 'r' } : { Code: 'SignatureDoesNotMatch' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const env = {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'openfleet-admin-sms-')),
      MYSQL_DATABASE_PREFIX: prefix,
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'LTAI-test',
      SMS_ACCESS_KEY_SECRET: SECRET,
      SMS_SIGN_NAME: '开放车队',
      SMS_TEMPLATE_REGISTER: 'SMS_REG',
      SMS_TEMPLATE_FORGET_PWD: 'SMS_PWD',
      SMS_TEMPLATE_VEHICLE_LOCK: 'SMS_LOCK',
      SMS_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      SMS_LIMIT_PER_MINUTE: '2',
    };
    first = await startAdmin(engine, env);
    second = await startAdmin(engine, env);
  });

  afterAll(async () => {
    await second?.app.close();
    await first?.app.close();
    await new Promise((resolve) => server.close(resolve));
    if (engine === 'mysql') {
      const connection = await createConnection({ host: process.env.MYSQL_HOST ?? '127.0.0.1', port: Number(process.env.MYSQL_PORT ?? 3306), user: process.env.MYSQL_USER ?? 'root', password: process.env.MYSQL_PASSWORD ?? '' });
      await connection.query(`DROP DATABASE IF EXISTS \`${prefix}admin\``);
      await connection.end();
    }
  });

  it('registers on one instance with the code the other sent, once; the phone limit holds across both', async () => {
    const phone = '13512340001';
    expect((await first.http().post('/sms/sendCode').send({ phone, purpose: 'register' })).body).toMatchObject({ flag: true });
    expect(sent.at(-1)).toMatchObject({ Action: 'SendSms', PhoneNumbers: phone, TemplateCode: 'SMS_REG', SignName: '开放车队' });
    const code = codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    const form = { companyName: '短信物流', account: 'smsboss', name: '王经理', phone, password: 'Regist#2026' };
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await second.http().post('/register').send({ ...form, code: wrong })).body.errorCode).toBe(3034);
    expect((await second.http().post('/register').send({ ...form, code })).body).toMatchObject({ flag: true, data: { account: 'smsboss' } });
    // Used up: the same code cannot register again, on either instance.
    expect((await first.http().post('/register').send({ ...form, companyName: '短信物流二', account: 'smsboss2', phone, code })).body.errorCode).toBe(3034);
    // Second code this minute for the phone (SMS_LIMIT_PER_MINUTE=2), now for forgetPwd, from the other instance.
    expect((await second.http().post('/sms/sendCode').send({ phone, purpose: 'forgetPwd' })).body.flag).toBe(true);
    expect(sent.at(-1)).toMatchObject({ PhoneNumbers: phone, TemplateCode: 'SMS_PWD' });
    const refused = (await first.http().post('/sms/sendCode').send({ phone, purpose: 'forgetPwd' })).body;
    expect(refused).toMatchObject({ flag: false, errorCode: 3203, data: { window: 'minute' } });
    const resetCode = codeSentTo(phone);
    // A register code does not reset a password, and the forgetPwd code works once.
    expect((await first.http().post('/forgetPwd').send({ phone, code: resetCode, password: 'Changed#2026' })).body.flag).toBe(true);
    expect((await second.http().post('/forgetPwd').send({ phone, code: resetCode, password: 'Again#20266' })).body.errorCode).toBe(3034);
    expect((await second.http().post('/login').send({ username: 'smsboss', password: 'Changed#2026' })).body.flag).toBe(true);
  });

  it('refuses a flood of sends to one phone from both instances: at most the limit goes out', async () => {
    const phone = '13512340002';
    const before = sent.length;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? first : second).http().post('/sms/sendCode').send({ phone, purpose: 'register' })));
    const codes = answers.map((answer) => (answer.body.flag ? 0 : answer.body.errorCode));
    expect(codes.filter((code) => code === 0).length).toBeLessThanOrEqual(2);
    expect(codes.every((code) => code === 0 || code === 3203 || code === 429)).toBe(true);
    expect(sent.filter((p) => p.PhoneNumbers === phone).length).toBe(codes.filter((code) => code === 0).length);
    expect(sent.length - before).toBeLessThanOrEqual(2);
  });
});
