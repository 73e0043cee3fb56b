// Press releases (pressRelease): the audience resolved at publish (company and below, chosen
// companies, roles, users), never reaching another company's users; the bell's inbox and read
// receipts; the live push on the bus; scheduled and expired notices; the action codes of narrower
// roles; validation (huge bodies: 400 past the field limit, 413 past the body limit); texts to
// drivers through instruction.request.v1 and the order events as delivery receipts.
import { Topics, type InstructionRequest, type NoticePublishedEvent } from '@openfleet/contracts';
import { PressReleaseService } from '../src/press-release/press-release.service';
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];
const waitFor = async <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.each(engines)('press releases on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  const companies: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const userIds: Record<string, number> = {};
  const roles: Record<string, number> = {};
  const pushed: NoticePublishedEvent[] = [];
  const requests: InstructionRequest[] = [];

  const call = (bearer: string, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = test.http()[method](path).set('Authorization', bearer);
    return (body ? req.send(body) : req).then((r) => r.body as { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> });
  };
  const inbox = async (who: string) => (await call(tokens[who], 'get', '/basic/notices/inbox')).data as { unread: number; notices: { id: number; title: string; readAt: number | null }[] };
  const titles = async (who: string) => (await inbox(who)).notices.map((n) => n.title);
  const publish = async (who: string, body: object) => {
    const created = await call(tokens[who] ?? who, 'post', '/basic/pressRelease', body);
    expect(created.errorCode).toBe(200);
    const published = await call(tokens[who] ?? who, 'post', `/basic/pressRelease/${created.data.id}/publish`);
    expect(published.errorCode).toBe(200);
    return published.data as { id: number; targeted: number; read: number; status: number };
  };

  beforeAll(async () => {
    test = await startAdmin(engine);
    await test.bus.subscribe(Topics.noticePublished, { group: 'probe-notices', handle: async (messages) => void pushed.push(...messages.map((m) => m.value)) });
    await test.bus.subscribe(Topics.instructionRequest, { group: 'probe-requests', handle: async (messages) => void requests.push(...messages.map((m) => m.value)) });
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
    // Group -> North (-> Depot) and South; Other is another tenant.
    companies.group = (await call(admin, 'post', '/basic/company', { name: 'Notice Group' })).data.id;
    for (const [name, label, parent] of [['north', 'Notice North', 'group'], ['south', 'Notice South', 'group'], ['depot', 'Notice Depot', 'north']] as const) {
      companies[name] = (await call(admin, 'post', '/basic/company', { name: label, parentId: companies[parent] })).data.id;
    }
    companies.other = (await call(admin, 'post', '/basic/company', { name: 'Other Tenant' })).data.id;
    const role = async (name: string, company: string, actionCodes: string[]) => (roles[name] = (await call(admin, 'post', '/basic/role', { name, companyId: companies[company], roleType: 3, actionCodes })).data.id);
    await role('publisher', 'group', ['pressRelease:search', 'pressRelease:add', 'pressRelease:modify', 'pressRelease:delete', 'pressRelease:export', 'pressRelease:send']);
    await role('viewer', 'group', ['pressRelease:search']);
    await role('dispatcher', 'group', ['home']);
    await role('outsider', 'other', ['pressRelease:search', 'pressRelease:add', 'pressRelease:modify']);
    const users: [string, string, string][] = [
      ['pub', 'group', 'publisher'], ['viewer', 'group', 'viewer'], ['north1', 'north', 'dispatcher'], ['depot1', 'depot', 'viewer'], ['south1', 'south', 'viewer'], ['other1', 'other', 'outsider'],
    ];
    for (const [account, company, roleName] of users) {
      const created = await call(admin, 'post', '/basic/user', { account, name: account.replace(/\d/g, '').toUpperCase(), password: 'Notice12345', userType: 1, companyId: companies[company], roleIds: [Number(roles[roleName])] });
      expect([account, created.errorCode]).toEqual([account, 200]);
      userIds[account] = created.data.id;
      tokens[account] = await loginAs(test, account, 'Notice12345');
    }
  });

  afterAll(async () => {
    await test?.close();
  });

  it('publishes to the company and those below, never to another tenant, and counts the reads', async () => {
    const notice = await publish('pub', { title: 'Snow chains', content: 'Carry snow chains from Monday.', level: 2, audience: 'company' });
    // pub and viewer (Group), north1, depot1 and south1; other1 of the other tenant is not one of them.
    expect(notice).toMatchObject({ status: 1, targeted: 5, read: 0 });
    for (const who of ['pub', 'viewer', 'north1', 'depot1', 'south1']) expect([who, await titles(who)]).toEqual([who, ['Snow chains']]);
    expect(await titles('other1')).toEqual([]);
    expect((await inbox('north1')).unread).toBe(1);
    // The live push names the same users, once.
    const event = await waitFor('push', () => pushed.find((e) => e.noticeId === notice.id));
    expect(event.userIds.map(Number).sort((a, b) => a - b)).toEqual(['pub', 'viewer', 'north1', 'depot1', 'south1'].map((who) => userIds[who]).sort((a, b) => a - b));
    expect(event).toMatchObject({ title: 'Snow chains', level: 2 });

    // north1 reads it: the bell empties, the publisher sees who read when.
    expect((await call(tokens.north1, 'post', '/basic/notices/inbox/read', { ids: [notice.id] })).data).toBe(1);
    expect((await call(tokens.north1, 'post', '/basic/notices/inbox/read', { ids: [notice.id] })).data).toBe(0);
    expect(await inbox('north1')).toMatchObject({ unread: 0, notices: [{ id: notice.id, readAt: expect.any(Number) }] });
    // Marking another user's notice (other1 was never targeted) changes nothing.
    expect((await call(tokens.other1, 'post', '/basic/notices/inbox/read', { ids: [notice.id] })).data).toBe(0);
    const receipts = (await call(tokens.pub, 'get', `/basic/pressRelease/${notice.id}/receipts`)).data;
    expect(receipts).toMatchObject({ targeted: 5, read: 1, unread: 4 });
    expect(receipts.users.filter((u: { readAt: number | null }) => u.readAt !== null)).toEqual([expect.objectContaining({ userId: userIds.north1, account: 'north1', name: 'NORTH' })]);
    expect((await call(tokens.viewer, 'get', `/basic/pressRelease/${notice.id}`)).data).toMatchObject({ targeted: 5, read: 1 });

    // Withdrawn: it leaves every inbox; the receipts stay for the publisher.
    expect((await call(tokens.pub, 'post', `/basic/pressRelease/${notice.id}/withdraw`)).data.status).toBe(2);
    expect(await titles('depot1')).toEqual([]);
    expect((await call(tokens.pub, 'get', `/basic/pressRelease/${notice.id}/receipts`)).data.read).toBe(1);
  });

  it('targets roles and users within the publisher’s reach, chosen companies for super administrators only', async () => {
    const byRole = await publish('pub', { title: 'Viewers only', content: 'For the viewer role.', audience: 'roles', audienceIds: [roles.viewer] });
    expect(byRole.targeted).toBe(3); // viewer, depot1, south1
    expect(await titles('south1')).toContain('Viewers only');
    expect(await titles('north1')).not.toContain('Viewers only');
    const byUser = await publish('pub', { title: 'For N1', content: 'Just you.', audience: 'users', audienceIds: [userIds.north1] });
    expect(byUser.targeted).toBe(1);
    expect(await titles('north1')).toContain('For N1');
    expect(await titles('depot1')).not.toContain('For N1');
    // Another tenant's role or user answers like one that does not exist.
    expect((await call(tokens.pub, 'post', '/basic/pressRelease', { title: 'x', content: 'y', audience: 'roles', audienceIds: [roles.outsider] })).errorCode).toBe(403);
    expect((await call(tokens.pub, 'post', '/basic/pressRelease', { title: 'x', content: 'y', audience: 'users', audienceIds: [userIds.other1] })).errorCode).toBe(403);
    expect((await call(tokens.pub, 'post', '/basic/pressRelease', { title: 'x', content: 'y', audience: 'users', audienceIds: [999999] })).errorCode).toBe(403);
    expect((await call(tokens.pub, 'post', '/basic/pressRelease', { title: 'x', content: 'y', audience: 'companies', audienceIds: [companies.north] })).errorCode).toBe(403);
    // The super administrator picks companies: South and the other tenant, not North.
    const picked = await publish(admin, { title: 'Picked companies', content: 'South and Other.', audience: 'companies', audienceIds: [companies.south, companies.other] });
    expect(picked.targeted).toBe(2);
    expect(await titles('other1')).toEqual(['Picked companies']);
    expect(await titles('north1')).not.toContain('Picked companies');
  });

  it('keeps lists to the caller’s companies and changes to the action codes', async () => {
    const listed = async (who: string) => ((await call(tokens[who], 'get', '/basic/pressRelease?size=50')).data?.records as { title: string }[] | undefined)?.map((n) => n.title);
    expect(await listed('viewer')).toEqual(expect.arrayContaining(['Snow chains', 'Viewers only', 'For N1']));
    expect(await listed('viewer')).not.toContain('Picked companies'); // the super administrator's, at the root
    expect(await listed('other1')).toEqual([]);
    const ids = (await call(tokens.pub, 'get', '/basic/pressRelease?size=50')).data.records.map((n: { id: number }) => n.id);
    // Another tenant's notice answers like a missing one.
    expect((await call(tokens.other1, 'get', `/basic/pressRelease/${ids[0]}`)).errorCode).toBe(403);
    expect((await call(tokens.other1, 'get', `/basic/pressRelease/${ids[0]}/receipts`)).errorCode).toBe(403);
    expect((await call(tokens.other1, 'post', `/basic/pressRelease/${ids[0]}/withdraw`)).errorCode).toBe(403);
    // A viewer reads, never writes; a user without pressRelease codes still has the bell.
    expect((await call(tokens.viewer, 'post', '/basic/pressRelease', { title: 'x', content: 'y', audience: 'company' })).errorCode).toBe(403);
    expect((await call(tokens.viewer, 'post', `/basic/pressRelease/${ids[0]}/publish`)).errorCode).toBe(403);
    expect((await call(tokens.viewer, 'post', `/basic/pressRelease/${ids[0]}/send`, { vehicleIds: ['1'] })).errorCode).toBe(403);
    expect((await call(tokens.north1, 'get', '/basic/pressRelease')).errorCode).toBe(403);
    expect((await call(tokens.north1, 'get', '/basic/notices/inbox')).errorCode).toBe(200);
    // The announcements screen does not list press releases, nor the other way round.
    expect(((await call(admin, 'get', '/basic/notice?size=100')).data.records as { title: string }[]).map((n) => n.title)).not.toContain('Snow chains');
    const sheet = await test.http().get('/basic/pressRelease/export').set('Authorization', tokens.pub).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    expect((sheet.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    expect((await call(tokens.viewer, 'get', '/basic/pressRelease/export')).errorCode).toBe(403);
  });

  it('refuses bad input with the documented codes: 400 past a field limit, 413 past the body limit, 423 while published', async () => {
    const bad = (body: object) => call(tokens.pub, 'post', '/basic/pressRelease', body).then((r) => r.errorCode);
    expect(await bad({ title: '', content: 'y', audience: 'company' })).toBe(400);
    expect(await bad({ title: 't', content: 'x'.repeat(4001), audience: 'company' })).toBe(400);
    expect(await bad({ title: 't'.repeat(101), content: 'y', audience: 'company' })).toBe(400);
    expect(await bad({ title: 't', content: 'y', audience: 'everyone' })).toBe(400);
    expect(await bad({ title: 't', content: 'y', audience: 'roles' })).toBe(400);
    expect(await bad({ title: 't', content: 'y', audience: 'company', level: 7 })).toBe(400);
    expect(await bad({ title: 't', content: 'y', audience: 'company', expiresAt: Date.now() - 1000 })).toBe(400);
    const huge = await test.http().post('/basic/pressRelease').set('Authorization', tokens.pub).send({ title: 't', content: '长'.repeat(600_000), audience: 'company' });
    expect(huge.body.errorCode).toBe(413);
    const published = await publish('pub', { title: 'Locked', content: 'Frozen while published.', audience: 'company' });
    expect((await call(tokens.pub, 'put', `/basic/pressRelease/${published.id}`, { title: 'Changed' })).errorCode).toBe(423);
    expect((await call(tokens.pub, 'delete', `/basic/pressRelease/${published.id}`)).errorCode).toBe(423);
    expect((await call(tokens.pub, 'post', `/basic/pressRelease/${published.id}/publish`)).errorCode).toBe(409);
  });

  it('waits for a scheduled publish time, and drops an expired notice from the inbox', async () => {
    const soon = Date.now() + 1500;
    const created = (await call(tokens.pub, 'post', '/basic/pressRelease', { title: 'Scheduled', content: 'Later.', audience: 'users', audienceIds: [userIds.depot1], publishAt: soon, expiresAt: soon + 2000 })).data;
    expect((await call(tokens.pub, 'post', `/basic/pressRelease/${created.id}/publish`)).data).toMatchObject({ status: 1, publishedAt: soon, targeted: 1 });
    expect(await titles('depot1')).not.toContain('Scheduled');
    expect(pushed.some((e) => e.noticeId === created.id)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, soon - Date.now() + 50));
    expect(await titles('depot1')).toContain('Scheduled');
    await test.app.get(PressReleaseService).pushDue();
    expect(pushed.filter((e) => e.noticeId === created.id)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, soon + 2000 - Date.now() + 50));
    expect(await titles('depot1')).not.toContain('Scheduled');
  });

  it('sends a published notice to drivers as 0x8300 texts and keeps the terminals’ answers as receipts', async () => {
    const vehicle = (await call(admin, 'post', '/basic/vehicle', { plateCode: '京N80001', plateColor: 2, vehicleType: 1, companyId: companies.north })).data.id;
    const foreign = (await call(admin, 'post', '/basic/vehicle', { plateCode: '沪O80002', plateColor: 2, vehicleType: 1, companyId: companies.other })).data.id;
    const notice = await publish('pub', { title: '限行通知', content: '明日起市区限行', audience: 'company' });
    expect((await call(tokens.pub, 'post', `/basic/pressRelease/${notice.id}/send`, { vehicleIds: [String(foreign)] })).errorCode).toBe(8002);
    expect((await call(tokens.pub, 'post', `/basic/pressRelease/${notice.id}/send`, { vehicleIds: ['424242'] })).errorCode).toBe(8002);
    expect((await call(tokens.pub, 'post', `/basic/pressRelease/${notice.id}/send`, { vehicleIds: [] })).errorCode).toBe(400);
    const sent = await call(tokens.pub, 'post', `/basic/pressRelease/${notice.id}/send`, { vehicleIds: [String(vehicle)] });
    expect(sent.data).toEqual([expect.objectContaining({ vehicleId: String(vehicle), plateCode: '京N80001', status: 0 })]);
    const request = await waitFor('request', () => requests.find((r) => r.source === 'pressRelease' && r.vehicleId === String(vehicle)));
    expect(request).toMatchObject({ commandType: 'pressReleaseText', msgId: '0x8300', offlinePolicy: 'queue', body: { flags: 0x0c, textType: 1, text: '【限行通知】明日起市区限行' } });
    const order = (status: number, errorCode = 0) => ({ key: String(vehicle), value: { orderId: '77', batchId: request.requestId, vehicleId: String(vehicle), terminalPhone: '', plateCode: '京N80001', commandType: 'pressReleaseText', msgId: '0x8300', status, errorCode, at: Date.now() } });
    await test.bus.publish(Topics.instructionOrder, order(7));
    await test.bus.publish(Topics.instructionOrder, order(1));
    const delivered = await waitFor('receipt', async () => {
      const vehicles = (await call(tokens.pub, 'get', `/basic/pressRelease/${notice.id}/receipts`)).data.vehicles as { status: number; answeredAt: number | null }[];
      return vehicles[0]?.status === 1 ? vehicles[0] : undefined;
    });
    expect(delivered.answeredAt).toEqual(expect.any(Number));
    // A draft is not sent.
    const draft = (await call(tokens.pub, 'post', '/basic/pressRelease', { title: 'Draft', content: 'Not yet.', audience: 'company' })).data;
    expect((await call(tokens.pub, 'post', `/basic/pressRelease/${draft.id}/send`, { vehicleIds: [String(vehicle)] })).errorCode).toBe(409);
  });
});
