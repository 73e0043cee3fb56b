// The operation part through the HTTP API on SQLite and MariaDB: operating relations
// (directVehicle), service terms and renewals (manageService), special business and its approval
// workflow (specialBusiness); action codes of a narrower role, a fleet-scoped user, one company
// blind to another's vehicles and rows, validation codes and the Excel exports.
import { chinaDate } from '@openfleet/contracts';
import { startOperationApp, type OperationTestApp } from './operation-test-app';

jest.setTimeout(60_000);

type Who = keyof OperationTestApp['tokens'];
type Envelope = { flag: boolean; errorCode: number; data: ReturnType<typeof JSON.parse> };
const DAY_MS = 86_400_000;
const day = (offset: number) => chinaDate(Date.now() + offset * DAY_MS);

const relation = (extra: object = {}) => ({ vehicleId: 'v1', relationType: 2, partyName: '张三', partyPhone: '13800000000', partyIdNo: '110101199001011234', contractNo: 'GK-2026-001', contractStart: day(-300), contractEnd: day(10), fee: 1200, ...extra });
const term = (extra: object = {}) => ({ vehicleId: 'v1', packageName: '基础定位', startDate: day(-340), endDate: day(20), fee: 360, paid: true, ...extra });
const business = (extra: object = {}) => ({ vehicleId: 'v2', businessType: 1, applicant: '李四', applicantPhone: '13900000000', reason: '冬季停运', applyDate: day(0), effectiveDate: day(1), endDate: day(90), ...extra });

describe.each(['sqlite', 'mysql'] as const)('vehicle operation on %s', (engine) => {
  let t: OperationTestApp;
  beforeAll(async () => {
    t = await startOperationApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (who: Who, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object): Promise<Envelope> => {
    const req = t.http()[method](`/vehicleService/${path}`).set('Authorization', t.tokens[who]);
    return (await (body ? req.send(body) : req)).body as Envelope;
  };
  const ids = async (who: Who, path: string) => (await call(who, 'get', path)).data.records.map((r: { id: number }) => r.id);

  describe('operating relations (directVehicle)', () => {
    it('creates one per vehicle, answers the contract state, edits, filters and deletes', async () => {
      const created = await call('manager', 'post', 'operatingRelation', relation());
      expect(created.flag).toBe(true);
      const id = created.data.id;
      expect((await call('manager', 'get', `operatingRelation/${id}`)).data).toMatchObject({ id, vehicleId: 'v1', plateCode: '京A10001', companyId: 'c1', relationType: 2, fee: 1200, state: 'expiring', daysLeft: 10, createdBy: '1' });
      expect((await call('manager', 'post', 'operatingRelation', relation({ relationType: 1 }))).errorCode).toBe(1002);
      const owned = (await call('manager', 'post', 'operatingRelation', relation({ vehicleId: 'v2', relationType: 1, contractEnd: undefined, contractStart: undefined }))).data.id;
      expect((await call('manager', 'get', `operatingRelation/${owned}`)).data).toMatchObject({ state: 'none', daysLeft: null, contractEnd: null });
      expect(await ids('manager', 'operatingRelation?state=expiring')).toEqual([id]);
      expect(await ids('manager', 'operatingRelation?type=1')).toEqual([owned]);
      expect(await ids('manager', 'operatingRelation?keyword=10002')).toEqual([owned]);
      expect((await call('manager', 'put', `operatingRelation/${id}`, relation({ contractEnd: day(-1) }))).flag).toBe(true);
      expect((await call('manager', 'get', `operatingRelation/${id}`)).data.state).toBe('expired');
      expect(await ids('manager', 'operatingRelation?state=expired')).toEqual([id]);
      expect((await call('manager', 'get', 'operatingRelation?state=soon')).errorCode).toBe(400);
      expect((await call('manager', 'post', 'operatingRelation/delete', { ids: [id, owned] })).flag).toBe(true);
      expect((await call('manager', 'get', 'operatingRelation')).data.total).toBe(0);
    });

    it('refuses bad input with the documented codes', async () => {
      expect((await call('manager', 'post', 'operatingRelation', relation({ contractStart: day(5), contractEnd: day(1) }))).errorCode).toBe(1040);
      expect((await call('manager', 'post', 'operatingRelation', relation({ relationType: 4 }))).errorCode).toBe(400);
      expect((await call('manager', 'post', 'operatingRelation', relation({ contractEnd: '2026-02-30' }))).errorCode).toBe(400);
      expect((await call('manager', 'post', 'operatingRelation', relation({ vehicleId: 'nope' }))).errorCode).toBe(8002);
    });
  });

  describe('service terms (manageService)', () => {
    it('counts expiring and expired terms, renews with history, filters by state and paid', async () => {
      const expiring = (await call('manager', 'post', 'serviceTerm', term())).data.id;
      const expired = (await call('manager', 'post', 'serviceTerm', term({ vehicleId: 'v2', startDate: day(-400), endDate: day(-3), paid: false }))).data.id;
      expect((await call('other', 'post', 'serviceTerm', term({ vehicleId: 'v3' }))).flag).toBe(true);
      expect((await call('manager', 'get', 'serviceTerm/counts')).data).toEqual({ total: 2, expiring: 1, expired: 1, unpaid: 1 });
      expect((await call('manager', 'get', `serviceTerm/${expired}`)).data).toMatchObject({ state: 'expired', daysLeft: -3, paid: false });
      expect(await ids('manager', 'serviceTerm?state=expiring')).toEqual([expiring]);
      expect(await ids('manager', 'serviceTerm?paid=0')).toEqual([expired]);
      expect((await call('manager', 'post', 'serviceTerm', term())).errorCode).toBe(1002);

      expect((await call('manager', 'post', `serviceTerm/${expiring}/renew`, { newEnd: day(20) })).errorCode).toBe(1040);
      expect((await call('manager', 'post', `serviceTerm/${expiring}/renew`, { newEnd: day(385), fee: 360, paid: true, packageName: '视频套餐' })).flag).toBe(true);
      expect((await call('manager', 'get', `serviceTerm/${expiring}`)).data).toMatchObject({ endDate: day(385), state: 'active', renewalCount: 1, packageName: '视频套餐' });
      const history = (await call('manager', 'get', `serviceTerm/${expiring}/renewals`)).data;
      expect(history).toEqual([expect.objectContaining({ previousEnd: day(20), newEnd: day(385), fee: 360, paid: true, createdBy: '1' })]);
      expect((await call('manager', 'get', 'serviceTerm/counts')).data).toMatchObject({ expiring: 0, expired: 1 });
    });

    it('refuses bad input with the documented codes', async () => {
      expect((await call('manager', 'post', 'serviceTerm', term({ vehicleId: 'v2', startDate: day(1), endDate: day(0) }))).errorCode).toBe(1040);
      expect((await call('manager', 'post', 'serviceTerm', term({ vehicleId: 'v2', endDate: undefined }))).errorCode).toBe(400);
      expect((await call('manager', 'post', 'serviceTerm', term({ vehicleId: 'v2', fee: -1 }))).errorCode).toBe(400);
    });
  });

  describe('special business (specialBusiness)', () => {
    it('applies, approves and the use state follows; a reviewed case is frozen', async () => {
      const suspend = (await call('manager', 'post', 'specialBusiness', business())).data.id;
      // Resumption of a vehicle still in operation: refused.
      expect((await call('manager', 'post', 'specialBusiness', business({ businessType: 2 }))).errorCode).toBe(1042);
      expect((await call('manager', 'get', `specialBusiness/${suspend}`)).data).toMatchObject({ status: 0, useState: 1, businessType: 1 });
      expect((await call('manager', 'put', `specialBusiness/${suspend}`, business({ reason: '冬季停运，车辆检修' }))).flag).toBe(true);
      const approved = (await call('manager', 'post', `specialBusiness/${suspend}/review`, { approved: true, comment: '同意' })).data;
      expect(approved).toMatchObject({ status: 1, reviewedBy: '1', reviewComment: '同意', useState: 2, reason: '冬季停运，车辆检修' });
      expect((await call('manager', 'get', 'specialBusiness/useState/v2')).data).toEqual({ vehicleId: 'v2', useState: 2, businessId: suspend });
      expect((await call('manager', 'post', `specialBusiness/${suspend}/review`, { approved: false })).errorCode).toBe(1041);
      expect((await call('manager', 'put', `specialBusiness/${suspend}`, business())).errorCode).toBe(1041);
      expect((await call('manager', 'delete', `specialBusiness/${suspend}`)).errorCode).toBe(1041);

      const resume = (await call('manager', 'post', 'specialBusiness', business({ businessType: 2, effectiveDate: day(30), endDate: undefined }))).data.id;
      const rejected = (await call('manager', 'post', 'specialBusiness', business({ businessType: 4, reason: '报废' }))).data.id;
      expect((await call('manager', 'post', `specialBusiness/${rejected}/review`, { approved: false, comment: '材料不全' })).data).toMatchObject({ status: 2, useState: 2 });
      expect((await call('manager', 'post', `specialBusiness/${resume}/review`, { approved: true })).data.useState).toBe(1);
      // The vehicle's history, newest first, and the status filter.
      expect(await ids('manager', 'specialBusiness?vehicleId=v2')).toEqual([rejected, resume, suspend]);
      expect(await ids('manager', 'specialBusiness?status=2')).toEqual([rejected]);
      expect((await call('manager', 'delete', `specialBusiness/${rejected}`)).flag).toBe(true);
    });

    it('refuses bad input with the documented codes', async () => {
      expect((await call('manager', 'post', 'specialBusiness', business({ effectiveDate: day(-1) }))).errorCode).toBe(1040);
      expect((await call('manager', 'post', 'specialBusiness', business({ businessType: 9 }))).errorCode).toBe(400);
      expect((await call('manager', 'post', 'specialBusiness', business({ applicant: '' }))).errorCode).toBe(400);
      expect((await call('manager', 'post', 'specialBusiness', business({ extra: 1 }))).errorCode).toBe(400);
    });
  });

  describe('access', () => {
    it('a narrower role reads but cannot write, export or review', async () => {
      const id = (await call('manager', 'post', 'specialBusiness', business({ vehicleId: 'v1', businessType: 3, newOwner: '王五', endDate: undefined }))).data.id;
      expect((await call('viewer', 'get', 'specialBusiness')).flag).toBe(true);
      expect((await call('viewer', 'post', 'specialBusiness', business())).errorCode).toBe(403);
      expect((await call('viewer', 'post', `specialBusiness/${id}/review`, { approved: true })).errorCode).toBe(403);
      expect((await call('viewer', 'put', `operatingRelation/1`, relation())).errorCode).toBe(403);
      expect((await call('viewer', 'post', 'serviceTerm', term({ vehicleId: 'v2' }))).errorCode).toBe(403);
      expect((await t.http().get('/vehicleService/serviceTerm/export').set('Authorization', t.tokens.viewer)).body.errorCode).toBe(403);
      expect((await t.http().get('/vehicleService/serviceTerm')).status).toBe(401);
    });

    it('another company sees none of these rows and cannot touch them; its vehicles answer 8002', async () => {
      const mine = (await call('manager', 'post', 'operatingRelation', relation())).data.id;
      const theirs = (await call('other', 'post', 'operatingRelation', relation({ vehicleId: 'v3' }))).data.id;
      expect(await ids('other', 'operatingRelation')).toEqual([theirs]);
      expect((await call('other', 'get', `operatingRelation/${mine}`)).errorCode).toBe(1001);
      expect((await call('other', 'put', `operatingRelation/${mine}`, relation({ vehicleId: 'v3' }))).errorCode).toBe(1001);
      expect((await call('other', 'post', 'operatingRelation/delete', { ids: [mine, theirs] })).errorCode).toBe(1001);
      expect((await call('other', 'post', 'serviceTerm', term({ vehicleId: 'v1' }))).errorCode).toBe(8002);
      expect((await call('other', 'get', 'specialBusiness?vehicleId=v1')).errorCode).toBe(8002);
      expect((await call('other', 'get', 'specialBusiness/useState/v2')).errorCode).toBe(8002);
      expect((await call('other', 'get', 'serviceTerm?companyId=c1')).errorCode).toBe(8002);
      const terms = (await call('manager', 'get', 'serviceTerm')).data.records.map((r: { vehicleId: string }) => r.vehicleId);
      expect(terms).not.toContain('v3');
      expect((await call('manager', 'get', `operatingRelation/${theirs}`)).errorCode).toBe(1001);
    });

    it('a user granted fleet f1 only sees that fleet\'s vehicles', async () => {
      expect(await ids('fleet', 'operatingRelation')).toEqual([(await call('manager', 'get', 'operatingRelation?vehicleId=v1')).data.records[0].id]);
      expect((await call('fleet', 'get', 'serviceTerm')).data.records.map((r: { vehicleId: string }) => r.vehicleId)).toEqual(['v1']);
      expect((await call('fleet', 'get', 'serviceTerm/counts')).data.total).toBe(1);
      expect((await call('fleet', 'post', 'specialBusiness', business({ vehicleId: 'v2', businessType: 3 }))).errorCode).toBe(8002);
    });

    it('exports the lists the filters select as xlsx', async () => {
      for (const resource of ['operatingRelation', 'serviceTerm', 'specialBusiness']) {
        const response = await t.http().get(`/vehicleService/${resource}/export`).set('Authorization', t.tokens.manager).buffer(true).parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toContain('spreadsheetml');
        const ExcelJS = (await import('exceljs')).default;
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(response.body as unknown as ArrayBuffer);
        const sheet = book.worksheets[0]!;
        expect(sheet.getRow(1).getCell(1).value).toBe('车牌号');
        expect(sheet.rowCount).toBeGreaterThan(1);
        expect(JSON.stringify(sheet.getSheetValues())).not.toContain('沪B10003');
      }
    });
  });
});
