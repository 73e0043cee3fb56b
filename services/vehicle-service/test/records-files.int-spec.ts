// Files of the records on SQLite and MariaDB: Excel import (row errors listed, nothing written on
// any error, vehicles by plate in the caller's scope, Excel date cells), template and export, and
// attachments (type by bytes and extension, size, count, a file gone from the disk).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { startRecordsApp, type RecordsTestApp } from './records-test-app';

jest.setTimeout(60_000);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0)]);
const VIOLATION_HEADER = ['车牌号', '驾驶员', '违章时间', '违章地点', '违章代码', '违章行为', '罚款金额(元)', '扣分', '经办人', '是否处理(是/否)', '备注'];

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('records');
  rows.forEach((row) => ws.addRow(row));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readBook(body: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A supertest parser that keeps a binary body (.xlsx, attachments) as one Buffer. */
const binary = (res: object, done: (error: Error | null, body: Buffer) => void) => {
  const response = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(['sqlite', 'mysql'] as const)('vehicle record files on %s', (engine) => {
  let t: RecordsTestApp;
  beforeAll(async () => {
    t = await startRecordsApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (path: string, body: Buffer, name: string, who: keyof RecordsTestApp['tokens'] = 'manager') =>
    (await t.http().post(`/vehicleService/${path}`).set('Authorization', t.tokens[who]).attach('file', body, name)).body;
  const list = async (path: string) => (await t.http().get(`/vehicleService/${path}`).set('Authorization', t.tokens.manager)).body.data;

  it('imports violations: any bad row lists its reasons and writes nothing; then every row, Excel dates read as shown', async () => {
    const bad = await upload('violation/import', await sheet([
      VIOLATION_HEADER,
      ['京A00001', '李四', '2026-10-10 08:30:00', '长安街', 1303, '超速', 200, 3, '王五', '否'],
      ['沪B00003', '李四', '2026-10-10 08:30:00'],
      ['京A00002', '李四', '2026-13-10 08:30:00'],
      ['京A00002', '李四', '2026-10-10 09:00:00', '', '', '', -5],
      ['京A00001', '李四', '2026-10-10 08:30:00', '长安街', 1303],
      ['京A00002', '李四', '2026-10-10 09:30:00', '', '', '', '', '', '', '也许'],
    ]), 'violations.xlsx');
    expect(bad.errorCode).toBe(5005);
    expect(bad.data.map((problem: { row: number }) => problem.row)).toEqual([3, 4, 5, 6, 7]);
    expect(bad.data[0].reasons[0]).toContain('8002');
    expect(bad.data[3].reasons[0]).toContain('1002');
    expect((await list('violation')).total).toBe(0);

    const good = await upload('violation/import', await sheet([
      VIOLATION_HEADER,
      ['京A00001', '李四', '2026-10-10 08:30:00', '长安街', 1303, '超速', 200, 3, '王五', '是'],
      ['京A00002', '赵六', new Date(Date.UTC(2026, 9, 11, 14, 5, 0)), '三环', '', '闯红灯', '150.5', 6],
    ]), 'violations.xlsx');
    expect(good.data).toEqual({ imported: 2 });
    const records = (await list('violation')).records;
    expect(records.map((r: { plateCode: string; occurredAt: string; handled: boolean; violationCode: string; fineAmount: number }) => [r.plateCode, r.occurredAt, r.handled, r.violationCode, r.fineAmount])).toEqual([
      ['京A00002', '2026-10-11 14:05:00', false, '', 150.5],
      ['京A00001', '2026-10-10 08:30:00', true, '1303', 200],
    ]);
    // The same rows again are duplicates of what is stored: nothing written.
    const again = await upload('violation/import', await sheet([VIOLATION_HEADER, ['京A00001', '李四', '2026-10-10 08:30:00', '长安街', 1303]]), 'violations.xlsx');
    expect(again.errorCode).toBe(5005);
    expect((await list('violation')).total).toBe(2);
  });

  it('refuses a file that is not a sheet, an empty one, and callers without the import code', async () => {
    expect((await upload('insurance/import', Buffer.from('not a workbook'), 'x.xlsx')).errorCode).toBe(30022);
    expect((await upload('insurance/import', await sheet([['车牌号', '保单号']]), 'x.xlsx')).errorCode).toBe(30020);
    expect((await upload('insurance/import', await sheet([['车牌号']]), 'x.xlsx', 'viewer')).errorCode).toBe(403);
  });

  it('exports what the list filters select, in the template’s columns, and the export imports back', async () => {
    const template = await t.http().get('/vehicleService/insurance/template').set('Authorization', t.tokens.manager).buffer(true).parse(binary);
    expect((await readBook(template.body as Buffer))[0]).toEqual(['车牌号', '保单号', '险种(1交强险 2商业险 3承运人责任险 9其他)', '保险公司', '保费(元)', '保额(元)', '开始日期', '结束日期', '备注']);
    const exported = await t.http().get('/vehicleService/violation/export?keyword=A00002').set('Authorization', t.tokens.manager).buffer(true).parse(binary);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const rows = await readBook(exported.body as Buffer);
    expect(rows).toEqual([VIOLATION_HEADER, ['京A00002', '赵六', '2026-10-11 14:05:00', '三环', '', '闯红灯', 150.5, 6, '', '否', '']]);
    // Another company's export holds none of c1's rows.
    const foreign = await t.http().get('/vehicleService/violation/export').set('Authorization', t.tokens.other).buffer(true).parse(binary);
    expect(await readBook(foreign.body as Buffer)).toEqual([VIOLATION_HEADER]);
    // Everything out, deleted, and back in from the exported file.
    const all = await t.http().get('/vehicleService/violation/export').set('Authorization', t.tokens.manager).buffer(true).parse(binary);
    const before = (await list('violation')).records.map(({ id: _id, createdAt: _c, updatedAt: _u, ...fields }: Record<string, unknown>) => fields);
    const ids = (await list('violation')).records.map((r: { id: number }) => r.id);
    expect((await t.http().post('/vehicleService/violation/delete').set('Authorization', t.tokens.manager).send({ ids })).body.flag).toBe(true);
    expect((await upload('violation/import', all.body as Buffer, 'violation.xlsx')).data).toEqual({ imported: 2 });
    expect((await list('violation')).records.map(({ id: _id, createdAt: _c, updatedAt: _u, ...fields }: Record<string, unknown>) => fields)).toEqual(before);
  });

  it('keeps photos and PDFs of a record, checked by their bytes, size and count', async () => {
    const id = (await t.http().post('/vehicleService/accident').set('Authorization', t.tokens.manager).send({ vehicleId: 'v1', occurredAt: '2026-09-01 17:05:00', nature: 1, liability: 1 })).body.data.id;
    const photo = await upload(`accident/${id}/attachments`, PNG, '现场照片.png');
    expect(photo.data).toMatchObject({ fileName: '现场照片.png', contentType: 'image/png', size: PNG.length });
    expect((await upload(`accident/${id}/attachments`, PDF, 'report.pdf')).data.contentType).toBe('application/pdf');
    expect((await upload(`accident/${id}/attachments`, JPEG, 'scan.JPG')).data.contentType).toBe('image/jpeg');
    // A renamed executable, a PDF under a photo's name, no extension: 20004.
    expect((await upload(`accident/${id}/attachments`, EXE, 'photo.jpg')).errorCode).toBe(20004);
    expect((await upload(`accident/${id}/attachments`, PDF, 'photo.png')).errorCode).toBe(20004);
    expect((await upload(`accident/${id}/attachments`, PNG, 'photo')).errorCode).toBe(20004);
    const limit = 2 * 1024 * 1024;
    expect((await upload(`accident/${id}/attachments`, Buffer.concat([PNG, Buffer.alloc(limit - PNG.length + 1)]), 'big.png')).errorCode).toBe(20005);
    expect((await upload(`accident/${id}/attachments`, Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)]), 'max.png')).flag).toBe(true);
    // Far beyond: multer stops reading (413), still an envelope.
    expect((await upload(`accident/${id}/attachments`, Buffer.concat([PNG, Buffer.alloc(2 * limit)]), 'huge.png')).errorCode).toBe(413);
    // Another company cannot attach to, list or read c1's record.
    expect((await upload(`accident/${id}/attachments`, PNG, 'x.png', 'other')).errorCode).toBe(1001);
    expect((await t.http().get(`/vehicleService/accident/${id}/attachments/${photo.data.id}`).set('Authorization', t.tokens.other)).body.errorCode).toBe(1001);
    expect((await list(`accident/${id}`)).attachmentCount).toBe(4);
    const served = await t.http().get(`/vehicleService/accident/${id}/attachments/${photo.data.id}`).set('Authorization', t.tokens.manager).buffer(true).parse(binary).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    // Ten per record.
    for (let i = 0; i < 6; i++) expect((await upload(`accident/${id}/attachments`, PNG, `p${i}.png`)).flag).toBe(true);
    expect((await upload(`accident/${id}/attachments`, PNG, 'eleventh.png')).errorCode).toBe(1007);
    const removed = (await list(`accident/${id}/attachments`))[9].id;
    expect((await t.http().delete(`/vehicleService/accident/${id}/attachments/${removed}`).set('Authorization', t.tokens.manager)).body.flag).toBe(true);
    expect((await list(`accident/${id}/attachments`)).map((a: { id: number }) => a.id)).not.toContain(removed);
    expect((await list(`accident/${id}`)).attachmentCount).toBe(9);
  });

  it('answers 1006 for an attachment whose file is gone, and the service stays up', async () => {
    const id = (await t.http().post('/vehicleService/insurance').set('Authorization', t.tokens.manager).send({ vehicleId: 'v2', policyNo: 'GONE', insuranceType: 1, startDate: '2026-01-01', endDate: '2026-12-31' })).body.data.id;
    const attachment = (await upload(`insurance/${id}/attachments`, PDF, 'policy.pdf')).data;
    await rm(join(t.env.DATA_DIR!, 'record-attachments', 'insurance', String(id)), { recursive: true, force: true });
    const missing = await t.http().get(`/vehicleService/insurance/${id}/attachments/${attachment.id}`).set('Authorization', t.tokens.manager);
    expect(missing.headers['content-type']).toContain('application/json');
    expect(missing.body).toMatchObject({ flag: false, errorCode: 1006 });
    expect((await t.http().get(`/vehicleService/insurance/${id}/attachments/999999`).set('Authorization', t.tokens.manager)).body.errorCode).toBe(1006);
    await t.http().get('/health').expect(200);
    // Deleting the record takes its attachments' rows along.
    expect((await t.http().delete(`/vehicleService/insurance/${id}`).set('Authorization', t.tokens.manager)).body.flag).toBe(true);
    expect((await t.http().get(`/vehicleService/insurance/${id}/attachments`).set('Authorization', t.tokens.manager)).body.errorCode).toBe(1001);
  });
});
