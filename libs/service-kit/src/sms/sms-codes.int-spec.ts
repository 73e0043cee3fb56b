// Codes through the Aliyun adapter against a local stand-in of dysmsapi (127.0.0.1), kept in the
// database: two SmsCodes instances on one schema are two replicas of a service. SQLite and MariaDB.
import { AppError } from '@openfleet/errors';
import { dropTestSchema, openDataSource, testStorageEnv } from '@openfleet/storage';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { loadConfig, PlatformConfig, storageConfigOf } from '../platform-config';
import { rpcSignature } from './aliyun-signature';
import { AliyunSmsProvider } from './aliyun-sms.provider';
import { SmsCode } from './sms-code.entity';
import { SmsCodes1734500000000 } from './sms-code.migration';
import { SmsCodes } from './sms-codes';
import { SmsConfig } from './sms-config';

const SECRET = 'stand-in-secret';

/** The provider's side: checks the signature like Aliyun does and keeps what it was asked to send. */
class FakeDysmsapi {
  readonly received: Array<Record<string, string>> = [];
  refuseWith = '';
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(body));
        const { Signature, ...unsigned } = params;
        const answer = (status: number, json: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
        if (req.method !== 'POST' || Signature !== rpcSignature('POST', unsigned, SECRET)) return answer(400, { Code: 'SignatureDoesNotMatch', Message: 'bad signature', RequestId: 'r0' });
        if (this.refuseWith) return answer(200, { Code: this.refuseWith, Message: 'refused', RequestId: 'r1' });
        this.received.push(params);
        answer(200, { Code: 'OK', Message: 'OK', RequestId: `r${this.received.length}`, BizId: '900619746936498440^0' });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  codeSentTo(phone: string): string {
    const last = [...this.received].reverse().find((params) => params.PhoneNumbers === phone);
    return last ? (JSON.parse(last.TemplateParam) as { code: string }).code : '';
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const errorOf = async (promise: Promise<unknown>): Promise<{ errorCode: number; data: unknown }> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { errorCode: error.errorCode, data: error.data };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe.each(['sqlite', 'mysql'] as const)('SMS codes in the database on %s', (engine) => {
  const env = testStorageEnv(engine, 'smscodes');
  const provider = new FakeDysmsapi();
  let dataSource: DataSource;
  let replicaDataSource: DataSource;
  let now = Date.UTC(2026, 0, 5, 8, 0, 0);
  let first: SmsCodes;
  let second: SmsCodes;
  let endpoint = '';
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

  beforeAll(async () => {
    endpoint = await provider.start();
    const storage = storageConfigOf(loadConfig(PlatformConfig, env));
    const schema = { entities: [SmsCode], migrations: [SmsCodes1734500000000] };
    dataSource = await openDataSource('smscodes', storage, schema);
    replicaDataSource = await openDataSource('smscodes', storage, schema);
    const config = loadConfig(SmsConfig, {
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'LTAI-test',
      SMS_ACCESS_KEY_SECRET: SECRET,
      SMS_SIGN_NAME: '开放车队',
      SMS_TEMPLATE_REGISTER: 'SMS_100',
      SMS_TEMPLATE_FORGET_PWD: 'SMS_200',
      SMS_TEMPLATE_VEHICLE_LOCK: 'SMS_300',
      SMS_ENDPOINT: endpoint,
      SMS_LIMIT_PER_HOUR: '3',
      SMS_LIMIT_PER_DAY: '4',
    });
    first = new SmsCodes(dataSource, new AliyunSmsProvider(config), config, () => now);
    second = new SmsCodes(replicaDataSource, new AliyunSmsProvider(config), config, () => now);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await replicaDataSource?.destroy();
    await provider.stop();
    await dropTestSchema(env, 'smscodes');
  });

  const issue = (codes: SmsCodes, phone: string, purpose: 'register' | 'forgetPwd' = 'register') =>
    codes.issue({ purpose, phone, ttlMs: 5 * 60_000, text: (code) => `验证码 ${code}` });

  it('sends the code through the provider endpoint, signed, with the purpose template; another replica checks it', async () => {
    await issue(first, '13900000001');
    const sent = provider.received.at(-1)!;
    expect(sent).toMatchObject({ Action: 'SendSms', PhoneNumbers: '13900000001', SignName: '开放车队', TemplateCode: 'SMS_100', AccessKeyId: 'LTAI-test' });
    const code = provider.codeSentTo('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    // The code is not in the table, only its hash.
    expect(JSON.stringify(await dataSource.getRepository(SmsCode).find())).not.toContain(`"${code}"`);
    await expect(second.verify('forgetPwd', '13900000001', code)).rejects.toMatchObject({ errorCode: 3034 });
    expect(await errorOf(second.verify('register', '13900000001', ''))).toMatchObject({ errorCode: 3201 });
    const row = await second.verify('register', '13900000001', code);
    await first.consume(row.id);
    expect(await errorOf(second.verify('register', '13900000001', code))).toMatchObject({ errorCode: 3034 });
  });

  it('lets exactly one of two replicas use a code up', async () => {
    now += 61_000;
    await issue(second, '13900000002');
    const row = await first.verify('register', '13900000002', provider.codeSentTo('13900000002'));
    const outcomes = await Promise.allSettled([first.consume(row.id), second.consume(row.id), first.consume(row.id)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.errorCode)).toEqual([3034, 3034]);
  });

  it('expires a code after its time to live', async () => {
    now += 61_000;
    await issue(first, '13900000003', 'forgetPwd');
    const code = provider.codeSentTo('13900000003');
    now += 5 * 60_000 + 1;
    expect(await errorOf(second.verify('forgetPwd', '13900000003', code))).toMatchObject({ errorCode: 3034 });
  });

  it('kills a code after 5 wrong tries, and a newer code replaces an older one', async () => {
    now += 61_000;
    await issue(first, '13900000004');
    const older = provider.codeSentTo('13900000004');
    for (let i = 0; i < 5; i++) expect(await errorOf((i % 2 ? first : second).verify('register', '13900000004', wrong(older)))).toMatchObject({ errorCode: 3034 });
    expect(await errorOf(first.verify('register', '13900000004', older))).toMatchObject({ errorCode: 3034 });
    now += 61_000;
    await issue(second, '13900000004');
    const newer = provider.codeSentTo('13900000004');
    if (newer !== older) expect(await errorOf(first.verify('register', '13900000004', older))).toMatchObject({ errorCode: 3034 });
    expect((await first.verify('register', '13900000004', newer)).phone).toBe('13900000004');
  });

  it('refuses a phone over its minute, hour and day limits (3203) on every replica, and a flood sends nothing', async () => {
    const phone = '13900000005';
    now += 24 * 3_600_000;
    await issue(first, phone);
    const sentBefore = provider.received.length;
    const flood = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => issue(i % 2 ? first : second, phone, 'forgetPwd')));
    expect(flood.every((outcome) => outcome.status === 'rejected' && (outcome.reason as AppError).errorCode === 3203)).toBe(true);
    expect(provider.received.length).toBe(sentBefore);
    expect(await errorOf(second.issue({ purpose: 'register', phone, ttlMs: 60_000, text: String }))).toMatchObject({ errorCode: 3203, data: { window: 'minute', retryAfterSeconds: 60 } });
    now += 30_000;
    expect(await errorOf(issue(first, phone))).toMatchObject({ errorCode: 3203, data: { window: 'minute', retryAfterSeconds: 30 } });
    now += 31_000;
    await issue(second, phone);
    now += 61_000;
    await issue(first, phone);
    now += 61_000;
    // Three within the hour (SMS_LIMIT_PER_HOUR=3).
    expect(await errorOf(issue(second, phone))).toMatchObject({ errorCode: 3203, data: { window: 'hour' } });
    now += 3_600_000;
    await issue(first, phone);
    now += 3_600_000;
    // Four within the day (SMS_LIMIT_PER_DAY=4).
    expect(await errorOf(issue(first, phone))).toMatchObject({ errorCode: 3203, data: { window: 'day' } });
    // Another phone is not affected.
    await issue(first, '13900000006');
  });

  it('answers 3204 when the provider refuses, and the refused send does not count', async () => {
    now += 24 * 3_600_000;
    provider.refuseWith = 'isv.BUSINESS_LIMIT_CONTROL';
    try {
      expect(await errorOf(issue(first, '13900000007'))).toMatchObject({ errorCode: 3204 });
    } finally {
      provider.refuseWith = '';
    }
    await issue(first, '13900000007');
    expect(provider.codeSentTo('13900000007')).toMatch(/^\d{6}$/);
  });

  it('answers 3204 when the key is wrong (the stand-in checks the signature)', async () => {
    now += 61_000;
    const config = Object.assign(loadConfig(SmsConfig, {}), { SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'x', SMS_ACCESS_KEY_SECRET: 'wrong', SMS_ENDPOINT: endpoint });
    const badKey = new SmsCodes(dataSource, new AliyunSmsProvider(config), config, () => now);
    expect(await errorOf(badKey.issue({ purpose: 'register', phone: '13900000008', ttlMs: 60_000, text: String }))).toMatchObject({ errorCode: 3204 });
  });
});
