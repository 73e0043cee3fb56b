// A hostile HTTP client against the whole platform (standalone, one port): oversize and deeply
// nested bodies, paging out of range and a raw UTF-8 query string all get the documented envelope,
// and the platform keeps serving.
import { connect } from 'node:net';
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { RunningPlatform } from '../src';
import { startTestPlatform, TEST_ADMIN_PASSWORD as PASSWORD } from './test-platform';

jest.setTimeout(60_000);


describe('standalone HTTP against hostile input', () => {
  let platform: RunningPlatform;
  let token: string;
  const http = () => request(platform.app.getHttpServer());

  beforeAll(async () => {
    platform = await startTestPlatform('open');
    const login = await http().post('/login').send({ username: 'admin', password: PASSWORD }).expect(200);
    token = `Bearer ${login.body.data.access_token}`;
  });

  afterAll(async () => {
    await platform?.app.close();
  });

  it('answers a JSON body over the limit with 413 and the envelope', async () => {
    const response = await http()
      .post('/basic/company')
      .set('Authorization', token)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ flag: false, errorCode: 413 });
    expect(typeof response.body.msg).toBe('string');
  });

  it('answers a 40,000-deep JSON body with 400 and the envelope, quickly', async () => {
    const deep = '['.repeat(40_000) + ']'.repeat(40_000);
    const started = Date.now();
    const response = await http().post('/basic/company').set('Authorization', token).set('Content-Type', 'application/json').send(`{"name":"deep","remark":${deep}}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ flag: false, errorCode: 400 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers malformed JSON with 400 and the envelope', async () => {
    const response = await http().post('/basic/company').set('Authorization', token).set('Content-Type', 'application/json').send('{"name":');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ flag: false, errorCode: 400 });
  });

  it.each(['current=1e20', 'current=1e9&size=1000', 'size=1e9', 'current=-1', 'current=1.5'])('answers page %s with 400, not a database error', async (query) => {
    const response = await http().get(`/basic/vehicle?${query}`).set('Authorization', token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ flag: false, errorCode: 400 });
  });

  it('answers a raw (not percent-encoded) UTF-8 query string with the envelope', async () => {
    const port = (platform.app.getHttpServer().address() as { port: number }).port;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.write(Buffer.concat([Buffer.from('GET /basic/vehicle?plateCode='), Buffer.from('京A12345', 'utf8'), Buffer.from(` HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${token}\r\nConnection: close\r\n\r\n`)]));
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 (200|400)/);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body.includes('{') ? body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) : body)).toMatchObject({ errorCode: expect.any(Number) });
  });

  it('refuses an Excel import whose cells inflate to tens of megabytes (30023), and keeps answering /health', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('车辆');
    sheet.addRow(['车牌号', '车牌颜色']);
    for (let i = 0; i < 3; i++) sheet.addRow([`${i}${'x'.repeat(8 * 1024 * 1024)}`, 2]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const upload = http().post('/basic/vehicle/import').set('Authorization', token).attach('file', file, 'bomb.xlsx');
    const [response] = await Promise.all([upload, http().get('/health').expect(200)]);
    expect(response.body).toMatchObject({ flag: false, errorCode: 30023 });
  });

  it('still serves after all of that', async () => {
    const response = await http().get('/basic/vehicle?current=1&size=10').set('Authorization', token).expect(200);
    expect(response.body.flag).toBe(true);
    await http().get('/health').expect(200);
  });
});
