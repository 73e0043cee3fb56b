// A press release on the path a deployment takes: published to a company's users, pushed to the
// reader's socket (`notice`) and never to another tenant's; then sent to drivers — a 2019 and a
// 2013 terminal on real TCP get the 0x8300 text through the instruction service, and each
// terminal's 0x0001 answer becomes that vehicle's delivery receipt (success, or refused: 3/7103).
import { HubEvent, type NoticePush } from '@openfleet/contracts';
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { io, type Socket } from 'socket.io-client';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(180_000);

describe('press releases to users and drivers', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let v2019: ProvisionedVehicle;
  let v2013: ProvisionedVehicle;
  let t2019: TestTerminal;
  let t2013: TestTerminal;
  const sockets: Socket[] = [];
  const pushes: Record<'reader' | 'outsider', NoticePush[]> = { reader: [], outsider: [] };
  let noticeId = 0;

  const socketFor = async (client: ApiClient, into: NoticePush[]) => {
    const url = `http://127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    const socket = io(url, { path: '/socket.io', auth: { token: client.token.slice('Bearer '.length) }, transports: ['websocket'], reconnection: false });
    socket.on(HubEvent.notice, (event: NoticePush) => into.push(event));
    await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
    sockets.push(socket);
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    const port = platform.app.get(Gateway808Server).address().port;
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Notice Freight' });
    const otherId = await admin.create('/basic/company', { name: 'Notice Elsewhere' });
    const role = await admin.create('/basic/role', { name: 'notice_reader', companyId: Number(companyId), roleType: 3, actionCodes: ['home'] });
    const otherRole = await admin.create('/basic/role', { name: 'notice_other', companyId: Number(otherId), roleType: 3, actionCodes: ['home'] });
    await admin.create('/basic/user', { account: 'reader', name: 'Reader', password: 'Reader12345', userType: 1, companyId: Number(companyId), roleIds: [Number(role)] });
    await admin.create('/basic/user', { account: 'outsider', name: 'Outsider', password: 'Outsider12345', userType: 1, companyId: Number(otherId), roleIds: [Number(otherRole)] });
    await socketFor(await login(platform, 'reader', 'Reader12345'), pushes.reader);
    await socketFor(await login(platform, 'outsider', 'Outsider12345'), pushes.outsider);
    v2019 = await provisionVehicle(admin, companyId, { sim: '13600000001', plate: '京P60001', terminalCode: 'PRS0001', version: '2019' });
    v2013 = await provisionVehicle(admin, companyId, { sim: '13600000002', plate: '京P60002', terminalCode: 'PRS0002', version: '2013' });
    t2019 = await connectTerminal(port, v2019);
    t2013 = await connectTerminal(port, v2013);
    await waitFor('both terminals online', async () => {
      const rows = (await admin.get('/gps/position/findLatestPositions').expect(200)).body.data as { vehicleId: string; vehicleStatus: number }[];
      return [v2019, v2013].every((v) => rows.some((row) => String(row.vehicleId) === v.vehicleId && row.vehicleStatus === 1)) || undefined;
    });
    // The super administrator addresses the freight company only.
    const created = (await admin.post('/basic/pressRelease', { title: '冰雪预警', content: '明日有暴雪，请减速慢行', level: 2, audience: 'companies', audienceIds: [Number(companyId)] }).expect(200)).body;
    expect(created.flag).toBe(true);
    const published = (await admin.post(`/basic/pressRelease/${created.data.id}/publish`, {}).expect(200)).body.data;
    expect(published).toMatchObject({ status: 1, targeted: 1 });
    noticeId = published.id;
    // Starting the whole platform and two terminals takes a while on a loaded machine.
  }, 300_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    t2019?.close();
    t2013?.close();
    await platform?.app.close();
  });

  it('pushes the notice to the targeted user’s socket only', async () => {
    const event = await waitFor('notice push', () => pushes.reader.find((e) => e.noticeId === noticeId));
    expect(event).toEqual({ noticeId, title: '冰雪预警', level: 2, publishedAt: expect.any(Number) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushes.outsider).toEqual([]);
  });

  it('sends the text to each terminal and keeps its 0x0001 answer as the receipt', async () => {
    const sent = await admin.post(`/basic/pressRelease/${noticeId}/send`, { vehicleIds: [v2019.vehicleId, v2013.vehicleId] }).expect(200);
    expect(sent.body.data).toHaveLength(2);
    const text19 = await t2019.expect((m) => m.msgId === 0x8300);
    // 2019: display and TTS, text type 1 (notice); 2013 has no text type byte.
    expect(text19.body).toEqual({ flags: 0x0c, textType: 1, text: '【冰雪预警】明日有暴雪，请减速慢行' });
    const text13 = await t2013.expect((m) => m.msgId === 0x8300);
    expect(text13.body).toEqual({ flags: 0x0c, text: '【冰雪预警】明日有暴雪，请减速慢行' });
    t2019.send(0x0001, { replySerial: text19.serial, replyId: 0x8300, result: 0 });
    t2013.send(0x0001, { replySerial: text13.serial, replyId: 0x8300, result: 1 });
    const receipts = await waitFor('both receipts', async () => {
      const data = (await admin.get(`/basic/pressRelease/${noticeId}/receipts`).expect(200)).body.data as { vehicles: { vehicleId: string; status: number; errorCode: number; answeredAt: number | null }[] };
      return data.vehicles.every((v) => v.answeredAt !== null) ? data.vehicles : undefined;
    });
    expect(receipts.find((v) => v.vehicleId === v2019.vehicleId)).toMatchObject({ status: 1, errorCode: 0 });
    expect(receipts.find((v) => v.vehicleId === v2013.vehicleId)).toMatchObject({ status: 3, errorCode: 7103 });
  });
});
