// Active-safety alarms and their evidence on the path a deployment takes: a provisioned 2019
// terminal (20-digit phone, 30-byte terminal id) reports a DSM alarm with attachments over TCP,
// receives 0x9208, uploads over the attachment link, is cut off halfway, resumes, and the
// operator downloads the file byte for byte. Video alarms (0x14) and ADAS start/end ride along.
import { AttachmentServer } from '@openfleet/alarm';
import { Gateway808Server } from '@openfleet/gateway-808';
import { locationBody, TestTerminal } from '@openfleet/gateway-808/testing';
import { encodeAttachmentData, type AttachmentUploadRequestBody } from '@openfleet/jt808';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(90_000);

const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
const bcd = (ms: number) => cst(ms).replace(/\D/g, '').slice(2);

describe('active-safety alarms and evidence (T/JSATL 12)', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let companyId: string;
  let vehicle: ProvisionedVehicle;
  let terminal: TestTerminal;
  const base = Math.floor(Date.now() / 1000) - 600;
  const window = `startTime=${encodeURIComponent(cst((base - 60) * 1000))}&endTime=${encodeURIComponent(cst(Date.now() + 60_000))}`;
  type Row = { id: number; type: string; level: number; startedAt: number; endedAt: number; detail: Record<string, unknown> };
  const list = async (extra = '', client = admin) => ((await client.get(`/gps/alarm/page?size=100&${window}${extra}`).expect(200)).body.data as { records: Row[] }).records;
  const terminalId = 'DSM2019TERMINAL000000000000001';
  const common = (offsetS: number, serial: number, attachments: number) => ({
    speedKmh: 50, altitudeM: 40, latitudeE6: 39_900_000, longitudeE6: 116_400_000, time: bcd((base + offsetS) * 1000), vehicleStatus: 3,
    identification: { terminalId, time: bcd((base + offsetS) * 1000), serial, attachmentCount: attachments, reserved: 0 },
  });
  const report = async (offsetS: number, extras: unknown[]) => {
    const serial = terminal.send(0x0200, { ...locationBody(0, new Date((base + offsetS) * 1000)), extras });
    await terminal.expectAck(serial);
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    admin = await loginAdmin(platform);
    companyId = await admin.create('/basic/company', { name: 'Safe Driving Co' });
    vehicle = await provisionVehicle(admin, companyId, { sim: '13300000091', plate: '京H39001', terminalCode: 'ASF0091', version: '2019' });
    terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, vehicle);
  });

  afterAll(async () => {
    terminal?.close();
    await platform?.app.close();
  });

  it('raises a DSM alarm once, asks for its evidence with 0x9208 and receives an upload that resumes after a cut', async () => {
    const dsm = { id: 0x65, kind: 'dsm', value: { alarmId: 21, flag: 0, eventType: 2, level: 2, fatigueLevel: 0, reserved: '00000000', ...common(10, 1, 1) } };
    await report(10, [dsm]);
    await report(10, [dsm]); // redelivered: nothing new
    const request = await terminal.expect((m) => m.msgId === 0x9208, 10_000);
    const body = request.body as AttachmentUploadRequestBody;
    terminal.send(0x0001, { replySerial: request.serial, replyId: 0x9208, result: 0 });
    expect(body.tcpPort).toBe(platform.app.get(AttachmentServer).port());
    expect(body.serverIp).toBe('127.0.0.1');
    expect(body.identification).toEqual(dsm.value.identification);
    expect(body.alarmNumber).toMatch(/^[0-9a-f]{32}$/);
    const [alarm] = await list('&type=dsmPhoneCall');
    expect(alarm).toMatchObject({ type: 'dsmPhoneCall', level: 1, startedAt: (base + 10) * 1000, endedAt: (base + 10) * 1000 });
    expect((await list('&type=dsmPhoneCall')).length).toBe(1);

    const photo = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7) & 0xff));
    const name = `00_65_6502_0_${body.alarmNumber}.jpg`;
    const port = platform.app.get(AttachmentServer).port();
    // First link: the list, the file announced, the first half sent, then the link drops.
    let link = await TestTerminal.open(port, vehicle.header, '2019');
    await link.expectAck(link.send(0x1210, { terminalId, identification: body.identification, alarmNumber: body.alarmNumber, infoType: 0, files: [{ name, size: photo.length }] }));
    await link.expectAck(link.send(0x1211, { name, fileType: 0, size: photo.length }));
    link.writeRaw(Buffer.concat([encodeAttachmentData(name, 0, photo.subarray(0, 10_000)), encodeAttachmentData(name, 10_000, photo.subarray(10_000, 20_000))]));
    link.send(0x1212, { name, fileType: 0, size: photo.length });
    const partial = await link.expect((m) => m.msgId === 0x9212);
    expect(partial.body).toEqual({ name, fileType: 0, result: 1, missing: [{ offset: 20_000, length: 20_000 }] });
    link.close();
    // Second link: no list this time, the rest in two pieces out of order, one overlapping.
    link = await TestTerminal.open(port, vehicle.header, '2019');
    await link.expectAck(link.send(0x1211, { name, fileType: 0, size: photo.length }));
    link.writeRaw(Buffer.concat([encodeAttachmentData(name, 30_000, photo.subarray(30_000)), encodeAttachmentData(name, 15_000, photo.subarray(15_000, 30_000))]));
    link.send(0x1212, { name, fileType: 0, size: photo.length });
    const done = await link.expect((m) => m.msgId === 0x9212);
    expect(done.body).toEqual({ name, fileType: 0, result: 0, missing: [] });
    link.close();

    const evidence = (await admin.get(`/gps/alarm/${alarm.id}/evidence`).expect(200)).body.data as { expected: number; files: { id: number; name: string; fileType: number; size: number; received: number; complete: boolean }[] };
    expect(evidence.expected).toBe(1);
    expect(evidence.files).toEqual([{ id: expect.any(Number), name, fileType: 0, size: photo.length, received: photo.length, complete: true }]);
    const download = await admin.get(`/gps/alarm/evidence/${evidence.files[0].id}/file`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(download.body as Buffer, photo)).toBe(0);

    // Another company's operator sees neither the alarm's evidence nor the file.
    const otherCompany = await admin.create('/basic/company', { name: 'Other Fleet Co' });
    const roleId = await admin.create('/basic/role', { name: 'evidenceviewer', companyId: otherCompany, roleType: 3, actionCodes: ['alarmHandle', 'alarmHandle:search'] });
    await admin.create('/basic/user', { account: 'evidenceother', name: 'Other Viewer', password: 'Viewer1234', userType: 1, companyId: otherCompany, roleIds: [Number(roleId)] });
    const other = await login(platform, 'evidenceother', 'Viewer1234');
    expect((await other.get(`/gps/alarm/${alarm.id}/evidence`)).body.errorCode).toBe(410);
    expect((await other.get(`/gps/alarm/evidence/${evidence.files[0].id}/file`)).body.errorCode).toBe(410);
    // Without the export code the export is refused.
    expect((await other.get(`/gps/alarm/export?${window}`)).body).toMatchObject({ flag: false, errorCode: 403 });
  });

  it('refuses an upload for an alarm number it never gave out, files over the limit, data of unannounced files and garbage', async () => {
    const port = platform.app.get(AttachmentServer).port();
    const link = await TestTerminal.open(port, vehicle.header, '2019');
    const reply = await link.expectAck(link.send(0x1210, { terminalId, identification: common(0, 9, 1).identification, alarmNumber: 'f'.repeat(32), infoType: 0, files: [{ name: 'x.jpg', size: 10 }] }));
    expect((reply.body as { result: number }).result).toBe(1);
    await link.waitClosed();
    const stray = await TestTerminal.open(port, vehicle.header, '2019');
    stray.writeRaw(encodeAttachmentData('never-announced.jpg', 0, Buffer.alloc(100)));
    await stray.waitClosed();
    // A real alarm number, but a file over the size limit (64 MiB by default).
    await report(50, [{ id: 0x65, kind: 'dsm', value: { alarmId: 22, flag: 0, eventType: 3, level: 1, fatigueLevel: 0, reserved: '00000000', ...common(50, 4, 1) } }]);
    const request = await terminal.expect((m) => m.msgId === 0x9208, 10_000);
    terminal.send(0x0001, { replySerial: request.serial, replyId: 0x9208, result: 0 });
    const { alarmNumber, identification } = request.body as AttachmentUploadRequestBody;
    const big = await TestTerminal.open(port, vehicle.header, '2019');
    const refused = await big.expectAck(big.send(0x1210, { terminalId, identification, alarmNumber, infoType: 0, files: [{ name: 'big.mp4', size: 65 * 1024 * 1024 }] }));
    expect((refused.body as { result: number }).result).toBe(1);
    await big.waitClosed();
    // A data frame claiming more than the largest file is refused before it is buffered.
    const huge = await TestTerminal.open(port, vehicle.header, '2019');
    const header = encodeAttachmentData('huge.mp4', 0, Buffer.alloc(0));
    header.writeUInt32BE(65 * 1024 * 1024, 58);
    huge.writeRaw(header);
    await huge.waitClosed();
    // Ten malformed frames in a row close the link.
    const noisy = await TestTerminal.open(port, vehicle.header, '2019');
    noisy.writeRaw(Buffer.from('7e0102030405067e'.repeat(10), 'hex'));
    await noisy.waitClosed();
  });

  it('opens an ADAS alarm on its start flag and ends it on the end flag; video alarms last while 0x14 has their bit', async () => {
    const adas = (flag: number, offsetS: number, serial: number) => ({ id: 0x64, kind: 'adas', value: { alarmId: 33, flag, eventType: 1, level: 1, frontSpeedKmh: 40, frontDistance: 8, departureType: 0, roadSignType: 0, roadSignValue: 0, ...common(offsetS, serial, 0) } });
    await report(100, [adas(1, 100, 2), { id: 0x14, kind: 'videoAlarms', value: 0b1 }, { id: 0x15, kind: 'videoSignalLossChannels', value: 0b101 }]);
    await report(110, [{ id: 0x14, kind: 'videoAlarms', value: 0b1 }, { id: 0x15, kind: 'videoSignalLossChannels', value: 0b101 }]);
    await report(120, [adas(2, 120, 3)]);
    const [collision] = await waitFor('ADAS ended', async () => {
      const rows = await list('&type=adasForwardCollision');
      return rows.length === 1 && rows[0].endedAt ? rows : undefined;
    });
    expect(collision).toMatchObject({ startedAt: (base + 100) * 1000, endedAt: (base + 120) * 1000, level: 2 });
    expect(collision.detail).toMatchObject({ activeSafety: 'adas', frontDistance: 8, terminalLevel: 1 });
    const [loss] = await list('&type=videoSignalLoss');
    expect(loss).toMatchObject({ startedAt: (base + 100) * 1000, endedAt: (base + 120) * 1000 });
    expect(loss.detail).toMatchObject({ channels: [1, 3] });
    // No attachments announced: no 0x9208.
    await expect(terminal.expect((m) => m.msgId === 0x9208, 500)).rejects.toThrow(/timed out/);
  });
});
