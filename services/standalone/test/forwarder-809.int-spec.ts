// JT/T 809 on the path a deployment takes: provisioned terminals (2013 and 2019 phone forms) under
// `strict` registration report over TCP; an operator of their company adds a superior platform and
// its group through the API; the superior (the simulator, over TCP) receives their positions, and
// its listen-in and text requests reach the terminals through the instruction service and are
// answered 0x1501/0x1503 from the terminals' replies. Another company sees none of it. A photo
// request outlives a restart of the platform: the terminal's upload after it is still answered.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LinkManager } from '@openfleet/forwarder-809';
import { Gateway808Server } from '@openfleet/gateway-808';
import { locationBody, type TestTerminal } from '@openfleet/gateway-808/testing';
import { encodeFrames } from '@openfleet/jt808';
import { SuperiorPlatformSimulator, type BusinessBody, type Gnss2019 } from '@openfleet/jt809';
import type { RunningPlatform } from '../src';
import { connectTerminal, loginAdmin, provisionVehicle, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

describe('JT/T 809 forwarding on the standalone platform', () => {
  const superior = new SuperiorPlatformSimulator({ edition: '2019', accounts: [{ userId: 8001, password: 'pw8001', accessCode: 770001 }] });
  let platform: RunningPlatform;
  let admin: ApiClient;
  let companyId: string;
  let otherCompanyId: string;
  const vehicles: ProvisionedVehicle[] = [];
  const terminals: TestTerminal[] = [];
  const base = Math.floor(Date.now() / 1000) - 600;
  const dataDir = mkdtempSync(join(tmpdir(), 'openfleet-forwarder-809-'));

  beforeAll(async () => {
    await superior.listen();
    platform = await startTestPlatform('strict', dataDir);
    admin = await loginAdmin(platform);
    companyId = await admin.create('/basic/company', { name: 'Forwarded Transport' });
    otherCompanyId = await admin.create('/basic/company', { name: 'Private Logistics' });
    vehicles.push(await provisionVehicle(admin, companyId, { sim: '13400000001', plate: '京J80901', terminalCode: 'FWD0001', version: '2013' }));
    vehicles.push(await provisionVehicle(admin, companyId, { sim: '13400000002', plate: '京J80902', terminalCode: 'FWD0002', version: '2019' }));
    vehicles.push(await provisionVehicle(admin, otherCompanyId, { sim: '13400000003', plate: '京J80903', terminalCode: 'FWD0003', version: '2013' }));
    const port = platform.app.get(Gateway808Server).address().port;
    for (const vehicle of vehicles) terminals.push(await connectTerminal(port, vehicle));
    const upper = await admin.create('/platform809/platforms', {
      companyId, name: '交通厅平台', edition: '2019', mainIp: '127.0.0.1', mainPort: superior.port, slaveIp: '127.0.0.1', slavePort: platform.app.get(LinkManager).slavePort,
      userId: 8001, password: 'pw8001', accessCode: 770001, platformCode: '77000100001',
    });
    await admin.put(`/platform809/platforms/${upper}/targets`, { targets: [{ kind: 'company', refId: companyId }] }).expect(200);
    await superior.waitFor(() => superior.mainUp && superior.slaveUp, 'both links');
  });

  afterAll(async () => {
    terminals.forEach((terminal) => terminal.close());
    await platform?.app.close();
    await superior.close();
  });

  it('forwards the positions of the group’s terminals, 2013 and 2019, and none of the other company', async () => {
    for (const [i, terminal] of terminals.entries()) await terminal.expectAck(terminal.send(0x0200, { ...locationBody(0, new Date((base + i) * 1000)), speed: 42 }));
    const plates = () => superior.messages(0x1200, 0x1202).map((m) => (m.body as BusinessBody).vehicleNo);
    await superior.waitFor(() => plates().length >= 2, 'two positions');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(plates().sort()).toEqual(['京J80901', '京J80902']);
    // 2019 carries the terminal's 0x0200 body: its speed word is 42 km/h in 1/10 km/h.
    const gnss = (superior.messages(0x1200, 0x1202)[0].body as BusinessBody).data.position as Gnss2019;
    expect(gnss.data.readUInt16BE(18)).toBe(420);
    expect(gnss.platformId1).toBe('77000100001');
  });

  it('carries a listen-in (0x9501) and a text (0x9503) to the terminal and answers from its reply', async () => {
    superior.request(0x9500, { vehicleNo: '京J80902', vehicleColor: 2, dataType: 0x9501, data: { monitorTel: '01012345678' } });
    const callback = await terminals[1].expect((m) => m.msgId === 0x8400, 15_000);
    expect(callback.body).toMatchObject({ flag: 1, phone: '01012345678' });
    terminals[1].send(0x0001, { replySerial: callback.serial, replyId: 0x8400, result: 0 });
    const listened = await superior.waitFor(() => superior.messages(0x1500, 0x1501)[0], '0x1501', 15_000);
    expect((listened.body as BusinessBody).data).toEqual({ sourceDataType: 0x9501, sourceMsgSn: expect.any(Number), result: 0 });

    superior.request(0x9500, { vehicleNo: '京J80901', vehicleColor: 2, dataType: 0x9503, data: { msgSequence: 31, priority: 1, content: '请减速慢行' } });
    const text = await terminals[0].expect((m) => m.msgId === 0x8300, 15_000);
    expect(text.body).toMatchObject({ flags: 0x0c, text: '请减速慢行' });
    terminals[0].send(0x0001, { replySerial: text.serial, replyId: 0x8300, result: 1 });
    const texted = await superior.waitFor(() => superior.messages(0x1500, 0x1503)[0], '0x1503', 15_000);
    expect((texted.body as BusinessBody).data).toMatchObject({ sourceDataType: 0x9503, result: 1 });

    // The other company's vehicle is not this platform's: refused at once, its terminal hears nothing.
    superior.request(0x9500, { vehicleNo: '京J80903', vehicleColor: 2, dataType: 0x9501, data: { monitorTel: '01012345678' } });
    await superior.waitFor(() => superior.messages(0x1500, 0x1501).length === 2 || undefined, 'second 0x1501');
    expect((superior.messages(0x1500, 0x1501)[1].body as BusinessBody).data.result).toBe(1);
    await expect(terminals[2].expect((m) => m.msgId === 0x8400, 300)).rejects.toThrow('timed out');
  });

  it('takes a photo (0x9502 → 0x8801, the 0x0801 upload carried in 0x1502), a driving record (0x9504 → 0x8700 → 0x1504) and emergency monitoring (0x9505 → 0x8105)', async () => {
    const [, t2019] = terminals;
    superior.request(0x9500, { vehicleNo: '京J80902', vehicleColor: 2, dataType: 0x9502, data: { lensId: 1, sizeType: 2 } });
    const shoot = await t2019.expect((m) => m.msgId === 0x8801, 15_000);
    expect(shoot.body).toMatchObject({ channel: 1, command: 1, resolution: 2 });
    t2019.send(0x0805, { replySerial: shoot.serial, result: 0, mediaIds: [77] });
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(3000, 9), Buffer.from('ffd9', 'hex')]);
    const body = { mediaId: 77, mediaType: 0, format: 0, event: 0, channel: 1, location: { alarm: 0, status: 3, latitude: 39.9, longitude: 116.4, altitude: 1, speed: 0, direction: 0, time: new Date() }, data: jpeg.toString('hex') };
    let serial = 900;
    encodeFrames({ msgId: 0x0801, version: '2019', phone: vehicles[1].header, body }, () => serial++).frames.forEach((frame) => t2019.writeRaw(frame));
    const photo = await superior.waitFor(() => superior.messages(0x1500, 0x1502)[0], '0x1502', 15_000);
    const photoData = (photo.body as BusinessBody).data as { photoRspFlag: number; lensId: number; sizeType: number; type: number; photo: Buffer; sourceDataType: number };
    expect(photoData).toMatchObject({ photoRspFlag: 1, lensId: 1, sizeType: 2, type: 1, sourceDataType: 0x9502 });
    expect(photoData.photo.equals(jpeg)).toBe(true);

    superior.request(0x9500, { vehicleNo: '京J80902', vehicleColor: 2, dataType: 0x9504, data: { startTime: base, endTime: base + 600, command: 0x08 } });
    const collect = await t2019.expect((m) => m.msgId === 0x8700, 15_000);
    expect(collect.body).toMatchObject({ command: 8 });
    t2019.send(0x0700, { replySerial: collect.serial, command: 8, data: '557a0800000100aabb' });
    const record = await superior.waitFor(() => superior.messages(0x1500, 0x1504)[0], '0x1504', 15_000);
    expect((record.body as BusinessBody).data).toMatchObject({ sourceDataType: 0x9504, commandType: 8 });
    expect(((record.body as BusinessBody).data.travelData as Buffer).toString('hex')).toBe('557a0800000100aabb');

    superior.request(0x9500, { vehicleNo: '京J80902', vehicleColor: 2, dataType: 0x9505, data: { authCode: '1234', accessPointName: 'cmnet', userName: 'u', password: 'p', serverIp: '10.0.0.1', tcpPort: 9000, udpPort: 0, endTime: Math.floor(Date.now() / 1000) + 600 } });
    const control = await t2019.expect((m) => m.msgId === 0x8105, 15_000);
    expect(control.body).toMatchObject({ command: 2 });
    expect(String((control.body as { params: string }).params)).toMatch(/^0;1234;cmnet;u;p;10\.0\.0\.1;9000;0;1\d$/);
    t2019.send(0x0001, { replySerial: control.serial, replyId: 0x8105, result: 0 });
    const emergency = await superior.waitFor(() => superior.messages(0x1500, 0x1505)[0], '0x1505', 15_000);
    expect((emergency.body as BusinessBody).data).toMatchObject({ sourceDataType: 0x9505, result: 0 });

    // A plate the platform does not know: the photo answer says so (0x09).
    superior.request(0x9500, { vehicleNo: '京X00000', vehicleColor: 2, dataType: 0x9502, data: { lensId: 1, sizeType: 1 } });
    await superior.waitFor(() => superior.messages(0x1500, 0x1502).length === 2 || undefined, 'second 0x1502');
    expect(((superior.messages(0x1500, 0x1502)[1].body as BusinessBody).data as { photoRspFlag: number }).photoRspFlag).toBe(9);
  });

  it('answers a photo request (0x9502) once when the platform restarts between the request and the upload', async () => {
    const answered = superior.messages(0x1500, 0x1502).length;
    superior.request(0x9500, { vehicleNo: '京J80902', vehicleColor: 2, dataType: 0x9502, data: { lensId: 2, sizeType: 1 } });
    await terminals[1].expect((m) => m.msgId === 0x8801, 15_000);

    // Stopped before the terminal answers; started again on the same data directory.
    terminals.forEach((terminal) => terminal.close());
    await platform.app.close();
    platform = await startTestPlatform('strict', dataDir);
    const terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, vehicles[1]);
    terminals.push(terminal);
    await superior.waitFor(() => superior.mainUp || undefined, 'the main link after the restart', 15_000);

    const jpeg = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(800, 3), Buffer.from('ffd9', 'hex')]);
    const body = { mediaId: 78, mediaType: 0, format: 0, event: 0, channel: 2, location: { alarm: 0, status: 3, latitude: 39.9, longitude: 116.4, altitude: 1, speed: 0, direction: 0, time: new Date() }, data: jpeg.toString('hex') };
    let serial = 950;
    encodeFrames({ msgId: 0x0801, version: '2019', phone: vehicles[1].header, body }, () => serial++).frames.forEach((frame) => terminal.writeRaw(frame));
    const photo = await superior.waitFor(() => superior.messages(0x1500, 0x1502)[answered], '0x1502 after the restart', 15_000);
    expect((photo.body as BusinessBody).data).toMatchObject({ photoRspFlag: 1, lensId: 2, sizeType: 1, sourceDataType: 0x9502 });
    expect(((photo.body as BusinessBody).data.photo as Buffer).equals(jpeg)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(superior.messages(0x1500, 0x1502)).toHaveLength(answered + 1);
  });
});
