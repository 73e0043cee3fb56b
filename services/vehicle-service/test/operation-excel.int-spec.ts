// Excel import and export of the operation pages (directVehicle, manageService, specialBusiness)
// through the HTTP API on SQLite and MariaDB: templates and exports in the requester's language,
// row-by-row import (good rows saved, bad rows reported with their Excel row number and reasons in
// the requester's language), the row and size limits, the action code and another company's plate.
import { chinaDate } from '@openfleet/contracts';
import ExcelJS from 'exceljs';
import { startOperationApp, type OperationTestApp } from './operation-test-app';

jest.setTimeout(60_000);

type Who = keyof OperationTestApp['tokens'];
const DAY_MS = 86_400_000;
const day = (offset: number) => chinaDate(Date.now() + offset * DAY_MS);

async function xlsx(header: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('import');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function sheetValues(body: Buffer): Promise<{ name: string; rows: unknown[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

describe.each(['sqlite', 'mysql'] as const)('operation Excel on %s', (engine) => {
  let t: OperationTestApp;
  beforeAll(async () => {
    t = await startOperationApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (who: Who, resource: string, file: Buffer, language = 'zh-CN') =>
    (await t.http().post(`/vehicleService/${resource}/import`).set('Authorization', t.tokens[who]).set('Accept-Language', language).attach('file', file, 'import.xlsx')).body as {
      flag: boolean;
      errorCode: number;
      data: { imported: number; failed: { row: number; reasons: string[] }[] };
    };
  const download = async (who: Who, path: string, language: string) => {
    const response = await t.http().get(`/vehicleService/${path}`).set('Authorization', t.tokens[who]).set('Accept-Language', language).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    return response;
  };
  const list = async (who: Who, resource: string) => (await t.http().get(`/vehicleService/${resource}`).set('Authorization', t.tokens[who])).body.data.records as Record<string, unknown>[];
  const removeAll = async (resource: string) => {
    const ids = (await list('manager', resource)).map((row) => row.id);
    if (ids.length) expect((await t.http().post(`/vehicleService/${resource}/delete`).set('Authorization', t.tokens.manager).send({ ids })).body.flag).toBe(true);
  };

  it('answers the template in the requester language, only the columns an import reads', async () => {
    const zh = await sheetValues((await download('manager', 'operatingRelation/template', 'zh-CN,zh;q=0.9')).body as Buffer);
    expect(zh.name).toBe('直属车辆');
    expect(zh.rows).toEqual([['车牌号', '经营关系', '业户/车主', '联系电话', '证件号码', '合同编号', '合同开始', '合同结束', '费用(元/年)', '备注']]);
    const en = await sheetValues((await download('manager', 'serviceTerm/template', 'en-US,en;q=0.9')).body as Buffer);
    expect(en.rows[0]).toEqual(['Plate', 'Package', 'Service start', 'Service end', 'Fee (yuan)', 'Paid', 'Remark']);
    expect(JSON.parse(String((await download('viewer', 'serviceTerm/template', 'zh-CN')).body)).errorCode).toBe(403);
  });

  it('imports a good file: labels, codes, Excel date cells and either language header', async () => {
    const file = await xlsx(
      ['车牌号', '经营关系', '业户/车主', 'Contract no.', '合同开始', '合同结束', '费用(元/年)'],
      [
        ['京A10001', '挂靠', '张三', 'GK-1', new Date(Date.UTC(2026, 0, 15)), day(10), 1200],
        ['京A10002', 1, '公司自有', '', '', '', '0'],
      ],
    );
    const answer = await upload('manager', 'operatingRelation', file);
    expect(answer).toMatchObject({ flag: true, data: { imported: 2, failed: [] } });
    const rows = await list('manager', 'operatingRelation');
    expect(rows.map((row) => [row.plateCode, row.relationType, row.partyName, row.contractNo, row.contractStart, row.contractEnd, row.fee, row.createdBy])).toEqual([
      ['京A10001', 2, '张三', 'GK-1', '2026-01-15', day(10), 1200, '1'],
      ['京A10002', 1, '公司自有', '', null, null, 0, '1'],
    ]);
    await removeAll('operatingRelation');
  });

  it('keeps the good rows and reports each bad one with its row number and reasons in the user language', async () => {
    const header = ['车牌号', '服务套餐', '服务开始', '服务到期', '服务费(元)', '已缴费'];
    const file = await xlsx(header, [
      ['京A10001', '基础定位', day(-10), day(100), 360, '是'], // row 2: saved
      ['京A10002', '基础定位', day(10), day(1), 360, '否'], // row 3: end before start
      ['京Z99999', '基础定位', day(-10), day(100), 360, '是'], // row 4: no such plate
      ['京A10002', '基础定位', day(-10), day(100), 'abc', '是'], // row 5: bad fee
      ['京A10001', '视频套餐', day(-10), day(200), 100, '否'], // row 6: the vehicle has a term (row 2)
      ['沪B10003', '基础定位', day(-10), day(100), 360, '是'], // row 7: another company's vehicle
      ['京A10002', '基础定位', '', day(100), 360, '是'], // row 8: start missing
    ]);
    const answer = await upload('manager', 'serviceTerm', file);
    expect(answer.flag).toBe(true);
    expect(answer.data.imported).toBe(1);
    expect(answer.data.failed).toEqual([
      { row: 3, reasons: ['1040: 结束日期不能早于开始日期'] },
      { row: 4, reasons: ['8002: 车辆不存在 (京Z99999)'] },
      { row: 5, reasons: ['400: 服务费(元): 取值不正确'] },
      { row: 6, reasons: ['1002: 记录已存在'] },
      { row: 7, reasons: ['8002: 车辆不存在 (沪B10003)'] },
      { row: 8, reasons: ['400: 服务开始: 必填'] },
    ]);
    expect((await list('manager', 'serviceTerm')).map((row) => [row.plateCode, row.paid, row.fee])).toEqual([['京A10001', true, 360]]);
    // Nothing reached the other company.
    expect(await list('other', 'serviceTerm')).toEqual([]);

    const english = await upload('manager', 'serviceTerm', file, 'en-US');
    expect(english.data.imported).toBe(0);
    expect(english.data.failed.find((item) => item.row === 5)?.reasons).toEqual(['400: Fee (yuan): invalid value']);
    expect(english.data.failed.find((item) => item.row === 2)?.reasons).toEqual(['1002: The record already exists']);
    await removeAll('serviceTerm');
  });

  it('checks special business cases as the form does (use state 1042)', async () => {
    const file = await xlsx(
      ['车牌号', '业务类型', '申请人', '原因', '申请日期', '生效日期'],
      [
        ['京A10002', '报停', '李四', '冬季停运', day(0), day(1)],
        ['京A10001', '复运', '王五', '恢复运营', day(0), day(1)],
      ],
    );
    const answer = await upload('manager', 'specialBusiness', file);
    expect(answer.data).toEqual({ imported: 1, failed: [{ row: 3, reasons: ['1042: 车辆当前使用状态不允许办理该业务'] }] });
    expect((await list('manager', 'specialBusiness')).map((row) => [row.plateCode, row.businessType, row.status])).toEqual([['京A10002', 1, 0]]);
    await removeAll('specialBusiness');
  });

  it('refuses a user without the import code, too many rows and too large a file, writing nothing', async () => {
    const one = await xlsx(['车牌号', '经营关系'], [['京A10001', '直营']]);
    expect((await upload('viewer', 'operatingRelation', one)).errorCode).toBe(403);
    const many = await xlsx(['车牌号', '经营关系'], Array.from({ length: 1001 }, () => ['京A10001', '直营']));
    expect((await upload('manager', 'operatingRelation', many)).errorCode).toBe(30021);
    // Beyond 5 MB multer stops reading: 413, still an envelope.
    expect((await upload('manager', 'operatingRelation', Buffer.concat([one, Buffer.alloc(6 * 1024 * 1024)]))).errorCode).toBe(413);
    expect((await upload('manager', 'operatingRelation', Buffer.from('not a workbook'))).errorCode).toBe(30022);
    expect(await list('manager', 'operatingRelation')).toEqual([]);
  });

  it('exports in the requester language with labels, and an export imports back unchanged', async () => {
    const file = await xlsx(['车牌号', '业务类型', '申请人', '原因', '申请日期', '生效日期', '新车主/迁入地'], [['京A10001', '过户', '赵六', '转让', day(0), day(2), '钱七']]);
    expect((await upload('manager', 'specialBusiness', file)).data.imported).toBe(1);
    const zh = await sheetValues((await download('manager', 'specialBusiness/export', 'zh-CN')).body as Buffer);
    expect(zh.name).toBe('特殊业务');
    expect(zh.rows[0]).toEqual(['车牌号', '业务类型', '申请人', '联系电话', '原因', '申请日期', '生效日期', '截止日期', '新车主/迁入地', '审核状态', '审核意见', '使用状态', '备注']);
    expect(zh.rows[1]).toEqual(['京A10001', '过户', '赵六', '', '转让', day(0), day(2), undefined, '钱七', '申请', '', '营运', '']);
    const en = await sheetValues((await download('manager', 'specialBusiness/export', 'en-US')).body as Buffer);
    expect(en.rows[0]!.slice(0, 3)).toEqual(['Plate', 'Business type', 'Applicant']);
    expect(en.rows[1]!.slice(0, 3)).toEqual(['京A10001', 'Ownership transfer', '赵六']);

    // The English export goes back in as it is: computed columns are ignored, labels read back.
    await removeAll('specialBusiness');
    const exported = (await download('manager', 'specialBusiness/export', 'en-US')).body as Buffer;
    expect((await sheetValues(exported)).rows).toHaveLength(1);
    const before = await download('manager', 'operatingRelation/export', 'zh-CN');
    expect((await sheetValues(before.body as Buffer)).rows).toHaveLength(1);
    const relation = await xlsx(['车牌号', '经营关系', '合同开始', '合同结束', '费用(元/年)'], [['京A10002', '租赁', day(-5), day(100), 88.5]]);
    expect((await upload('manager', 'operatingRelation', relation)).data.imported).toBe(1);
    const round = (await download('manager', 'operatingRelation/export', 'en-US')).body as Buffer;
    await removeAll('operatingRelation');
    expect((await upload('manager', 'operatingRelation', round, 'en-US')).data).toEqual({ imported: 1, failed: [] });
    expect((await list('manager', 'operatingRelation')).map((row) => [row.plateCode, row.relationType, row.contractStart, row.contractEnd, row.fee, row.state])).toEqual([['京A10002', 3, day(-5), day(100), 88.5, 'active']]);
  });
});
