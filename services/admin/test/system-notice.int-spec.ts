// System notices: drafts, publish, withdraw and publish again; a published notice locked against
// edits and deletion; home showing what is published for a user's company and the companies above
// it, never a sibling's or a draft; the action codes of narrower roles.
import { ADMIN_PASSWORD, loginAs, startAdmin, type AdminTestApp, type Engine } from './admin-test-app';

const engines: Engine[] = ['sqlite', 'mysql'];

describe.each(engines)('system notices on %s', (engine) => {
  let test: AdminTestApp;
  let admin: string;
  const companies: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  const call = (bearer: string, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = test.http()[method](path).set('Authorization', bearer);
    return (body ? req.send(body) : req).then((r) => r.body as { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> });
  };
  const home = async (who: string) => ((await call(tokens[who], 'get', '/basic/notices/published')).data as { title: string }[]).map((n) => n.title);

  beforeAll(async () => {
    test = await startAdmin(engine);
    admin = await loginAs(test, 'admin', ADMIN_PASSWORD);
    // Group -> Fleet A (-> Depot A1) and Fleet B: an editor in the group, readers in each.
    companies.group = (await call(admin, 'post', '/basic/company', { name: 'Group Logistics' })).data.id;
    for (const [name, label, parent] of [['a', 'Fleet North', 'group'], ['b', 'Fleet South', 'group'], ['a1', 'Depot North', 'a']] as const) {
      const created = await call(admin, 'post', '/basic/company', { name: label, parentId: companies[parent] });
      expect([label, created.errorCode]).toEqual([label, 200]);
      companies[name] = created.data.id;
    }
    const editorRole = (await call(admin, 'post', '/basic/role', { name: 'notice_editor', companyId: companies.group, roleType: 3, actionCodes: ['systemNotice:search', 'systemNotice:add', 'systemNotice:modify', 'systemNotice:delete'] })).data.id;
    const readerRole = (await call(admin, 'post', '/basic/role', { name: 'notice_reader', companyId: companies.group, roleType: 3, actionCodes: ['systemNotice:search'] })).data.id;
    const users: [string, string, number][] = [['editor', 'group', editorRole], ['reader', 'a', readerRole], ['depot', 'a1', readerRole], ['sibling', 'b', readerRole]];
    for (const [account, company, role] of users) {
      const created = await call(admin, 'post', '/basic/user', { account, name: account, password: 'Notice12345', userType: 1, companyId: companies[company], roleIds: [Number(role)] });
      expect([account, created.errorCode]).toEqual([account, 200]);
      tokens[account] = await loginAs(test, account, 'Notice12345');
    }
  });

  afterAll(async () => {
    await test?.close();
  });

  it('writes a draft that home does not show, publishes it to the company and those below, and withdraws it', async () => {
    const group = await call(tokens.editor, 'post', '/basic/notice', { title: 'Winter tyres', content: 'Fit winter tyres by 1 December.' });
    expect(group.data).toMatchObject({ status: 0, publishedAt: null, author: 'editor', companyId: companies.group });
    const fleetA = await call(tokens.editor, 'post', '/basic/notice', { title: 'Depot A moves', content: 'From Monday at the north gate.', companyId: companies.a });
    expect(await home('depot')).toEqual([]);
    expect((await call(tokens.editor, 'post', `/basic/notice/${group.data.id}/publish`)).data).toMatchObject({ status: 1, publishedAt: expect.any(Number) });
    expect((await call(tokens.editor, 'post', `/basic/notice/${fleetA.data.id}/publish`)).data.status).toBe(1);
    // Newest first; a company's notice reaches its subsidiaries, never its siblings.
    expect(await home('depot')).toEqual(['Depot A moves', 'Winter tyres']);
    expect(await home('reader')).toEqual(['Depot A moves', 'Winter tyres']);
    expect(await home('sibling')).toEqual(['Winter tyres']);
    expect(await home('editor')).toEqual(['Winter tyres']);

    expect((await call(tokens.editor, 'post', `/basic/notice/${group.data.id}/publish`)).errorCode).toBe(409);
    expect((await call(tokens.editor, 'put', `/basic/notice/${group.data.id}`, { title: 'Changed' })).errorCode).toBe(423);
    expect((await call(tokens.editor, 'delete', `/basic/notice/${group.data.id}`)).errorCode).toBe(423);
    expect((await call(tokens.editor, 'post', `/basic/notice/${group.data.id}/withdraw`)).data.status).toBe(2);
    expect(await home('sibling')).toEqual([]);
    expect((await call(tokens.editor, 'post', `/basic/notice/${group.data.id}/withdraw`)).errorCode).toBe(409);
    // Withdrawn: editable again, and published anew.
    expect((await call(tokens.editor, 'put', `/basic/notice/${group.data.id}`, { title: 'Winter tyres (updated)' })).data.title).toBe('Winter tyres (updated)');
    await call(tokens.editor, 'post', `/basic/notice/${group.data.id}/publish`);
    expect(await home('sibling')).toEqual(['Winter tyres (updated)']);
  });

  it('keeps the list to the caller’s companies and the changes to the action codes', async () => {
    const listed = (who: string) => call(tokens[who], 'get', '/basic/notice?size=50').then((body) => (body.data?.records as { title: string }[] | undefined)?.map((n) => n.title));
    expect((await listed('editor'))?.sort()).toEqual(['Depot A moves', 'Winter tyres (updated)']);
    // A reader of Company A manages nothing: it sees Company A's notices in the list, not the group's.
    expect(await listed('reader')).toEqual(['Depot A moves']);
    expect((await call(tokens.reader, 'post', '/basic/notice', { title: 'x', content: 'y' })).errorCode).toBe(403);
    const ids = (await call(tokens.editor, 'get', '/basic/notice?size=50')).data.records.map((n: { id: number }) => n.id);
    expect((await call(tokens.reader, 'post', `/basic/notice/${ids[0]}/withdraw`)).errorCode).toBe(403);
    expect((await call(tokens.sibling, 'get', `/basic/notice/${ids[0]}`)).errorCode).toBe(403);
    expect((await call(tokens.editor, 'post', '/basic/notice', { title: '', content: 'y' })).errorCode).toBe(400);
    expect((await call(tokens.editor, 'post', '/basic/notice', { title: 't', content: 'x'.repeat(4001) })).errorCode).toBe(400);
    expect((await call(tokens.editor, 'post', '/basic/notice', { title: 't', content: 'y', status: 1 })).errorCode).toBe(400);
  });
});
