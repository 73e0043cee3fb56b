// Feedback: any signed-in user submits (JSON or multipart with a screenshot) and sees the reply
// marked unread; operators list what their scope covers; only the platform owner's operators
// reply and close (feedback:modify); the export; validation and picture checks.
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe.each(engines)('feedback on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  const companies: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  const call = (bearer: string, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = test.http()[method](path).set('Authorization', bearer);
    return (body ? req.send(body) : req).then((r) => r.body as { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> });
  };

  beforeAll(async () => {
    test = await startAdmin(engine);
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
    const rootId = (await call(admin, 'get', '/basic/user/getCurrentUserInfo')).data.companyId as number;
    companies.root = rootId;
    companies.a = (await call(admin, 'post', '/basic/company', { name: 'Feedback Fleet A' })).data.id;
    companies.b = (await call(admin, 'post', '/basic/company', { name: 'Feedback Fleet B' })).data.id;
    const role = async (name: string, company: string, actionCodes: string[]) => (await call(admin, 'post', '/basic/role', { name, companyId: companies[company], roleType: 3, actionCodes })).data.id as number;
    const operator = await role('fb_operator', 'root', ['feedback:search', 'feedback:modify', 'feedback:export']);
    const reader = await role('fb_reader', 'root', ['feedback:search']);
    const tenantOperator = await role('fb_tenant', 'a', ['feedback:search', 'feedback:modify']);
    const plain = await role('fb_plain', 'a', ['home']);
    const plainB = await role('fb_plain_b', 'b', ['home']);
    const users: [string, string, number][] = [['operator1', 'root', operator], ['reader', 'root', reader], ['tenant', 'a', tenantOperator], ['driver', 'a', plain], ['other', 'b', plainB]];
    for (const [account, company, roleId] of users) {
      const created = await call(admin, 'post', '/basic/user', { account, name: account.replace(/\d/g, ''), password: 'Feedback123', userType: 1, companyId: companies[company], roleIds: [roleId] });
      expect([account, created.errorCode]).toEqual([account, 200]);
      tokens[account] = await loginAs(test, account, 'Feedback123');
    }
  });

  afterAll(async () => {
    await test?.close();
  });

  it('takes feedback from any user, with a screenshot, and shows the reply to its submitter as unread', async () => {
    const text = await call(tokens.driver, 'post', '/basic/feedback', { type: 1, content: 'The map does not load.', contact: '13800000000' });
    expect(text.data).toMatchObject({ type: 1, status: 0, account: 'driver', hasImage: false, companyId: companies.a, replyUnread: false });
    const multipart = await test.http().post('/basic/feedback').set('Authorization', tokens.other).field('type', '3').field('content', 'Slow support.').attach('image', PNG, 'shot.png');
    expect(multipart.body.data).toMatchObject({ type: 3, hasImage: true, account: 'other' });
    const withImage = multipart.body.data.id as number;

    // The submitter and an operator whose scope covers it see the picture; another user does not.
    const picture = await test.http().get(`/basic/feedback/${withImage}/image`).set('Authorization', tokens.other).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect([picture.status, picture.headers['content-type']]).toEqual([200, 'image/png']);
    expect(Buffer.compare(picture.body as Buffer, PNG)).toBe(0);
    expect((await test.http().get(`/basic/feedback/${withImage}/image`).set('Authorization', tokens.operator1)).status).toBe(200);
    expect((await call(tokens.driver, 'get', `/basic/feedback/${withImage}/image`)).errorCode).toBe(403);
    expect((await call(tokens.tenant, 'get', `/basic/feedback/${withImage}/image`)).errorCode).toBe(403);

    // The platform owner's operator replies; the submitter sees it unread, then read.
    const replied = await call(tokens.operator1, 'post', `/basic/feedback/${text.data.id}/reply`, { reply: 'Fixed in 2.3.' });
    expect(replied.data).toMatchObject({ status: 1, reply: 'Fixed in 2.3.', repliedBy: 'operator1', replyUnread: true });
    expect((await call(tokens.driver, 'get', '/basic/feedback/mine')).data).toMatchObject({ unread: 1, records: [{ id: text.data.id, reply: 'Fixed in 2.3.', replyUnread: true }] });
    expect((await call(tokens.other, 'get', '/basic/feedback/mine')).data).toMatchObject({ unread: 0, records: [{ id: withImage }] });
    expect((await call(tokens.driver, 'post', '/basic/feedback/mine/read')).data).toBe(1);
    expect((await call(tokens.driver, 'get', '/basic/feedback/mine')).data.unread).toBe(0);
    expect((await call(tokens.operator1, 'post', `/basic/feedback/${text.data.id}/close`)).data.status).toBe(2);
    expect((await call(tokens.operator1, 'post', `/basic/feedback/${text.data.id}/close`)).errorCode).toBe(409);
    expect((await call(tokens.operator1, 'post', `/basic/feedback/${text.data.id}/reply`, { reply: 'again' })).errorCode).toBe(409);
  });

  it('lists by scope and status, and keeps replies to the platform owner’s operators', async () => {
    const listed = async (who: string, query = '') => ((await call(tokens[who], 'get', `/basic/feedback?size=50${query}`)).data?.records as { account: string }[] | undefined)?.map((r) => r.account);
    expect((await listed('operator1'))?.sort()).toEqual(['driver', 'other']);
    expect(await listed('operator1', '&status=2')).toEqual(['driver']);
    expect(await listed('operator1', '&type=3')).toEqual(['other']);
    expect(await listed('tenant')).toEqual(['driver']); // Fleet A's operator sees Fleet A's feedback only
    expect((await call(tokens.driver, 'get', '/basic/feedback')).errorCode).toBe(403);
    const open = (await call(tokens.operator1, 'get', '/basic/feedback?status=0')).data.records[0].id as number;
    // A tenant's operator with feedback:modify is not the platform owner; a reader lacks the code; another tenant's row answers like a missing one.
    expect((await call(tokens.tenant, 'post', `/basic/feedback/${open}/reply`, { reply: 'x' })).errorCode).toBe(403);
    expect((await call(tokens.reader, 'post', `/basic/feedback/${open}/reply`, { reply: 'x' })).errorCode).toBe(403);
    expect((await call(tokens.tenant, 'get', `/basic/feedback/${open}`)).errorCode).toBe(403);
    expect((await call(tokens.operator1, 'get', `/basic/feedback/${open}`)).data.account).toBe('other');

    const sheet = await test.http().get('/basic/feedback/export').set('Authorization', tokens.operator1).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    expect((sheet.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    expect((await call(tokens.reader, 'get', '/basic/feedback/export')).errorCode).toBe(403);
  });

  it('refuses bad input: 400 fields, 20004 not a picture, 20005 over 2 MB, 413 over the body limit', async () => {
    const bad = (body: object) => call(tokens.driver, 'post', '/basic/feedback', body).then((r) => r.errorCode);
    expect(await bad({ type: 4, content: 'x' })).toBe(400);
    expect(await bad({ type: 1, content: '' })).toBe(400);
    expect(await bad({ type: 1, content: 'x'.repeat(2001) })).toBe(400);
    expect(await bad({ type: 1, content: 'x', contact: '1'.repeat(65) })).toBe(400);
    expect(await bad({ type: 1, content: 'x', status: 2 })).toBe(400);
    const text = await test.http().post('/basic/feedback').set('Authorization', tokens.driver).field('type', '1').field('content', 'x').attach('image', Buffer.from('not a picture'), 'x.png');
    expect(text.body.errorCode).toBe(20004);
    const large = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await test.http().post('/basic/feedback').set('Authorization', tokens.driver).field('type', '1').field('content', 'x').attach('image', large, 'big.png');
    expect([20005, 413]).toContain(tooLarge.body.errorCode);
    const huge = await test.http().post('/basic/feedback').set('Authorization', tokens.driver).send({ type: 1, content: 'x'.repeat(1_200_000) });
    expect(huge.body.errorCode).toBe(413);
    expect((await call(tokens.driver, 'get', '/basic/feedback/mine')).data.records).toHaveLength(1);
  });
});
