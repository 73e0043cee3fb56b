// Stored files are served one way: every endpoint that hands out a file (recordings, snapshots,
// alarm evidence, terminal photos, exports, app packages) answers its documented "not found"
// envelope when the file is gone from disk, and the process lives on (GET /health). Names that come
// from terminals (FTP paths, T/JSATL 12 file names) stay inside their folder.
import { AttachmentServer } from '@openfleet/alarm';
import { Gateway808Server } from '@openfleet/gateway-808';
import { locationBody, TestTerminal } from '@openfleet/gateway-808/testing';
import { encodeAttachmentData, encodeFrames, type AttachmentUploadRequestBody } from '@openfleet/jt808';
import { UploadFtpServer } from '@openfleet/video';
import { Client } from 'basic-ftp';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import type { RunningPlatform } from '../src';
import { connectTerminal, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(120_000);

/** Every file under a directory, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const bytesOf = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('stored files: served one way, a missing one answers its envelope and the process lives on', () => {
  let platform: RunningPlatform;
  let dataDir: string;
  let admin: ApiClient;
  let vehicle: ProvisionedVehicle;
  let terminal: TestTerminal;
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);

  const healthy = async () => {
    const health = await request(platform.app.getHttpServer()).get('/health');
    expect(health.status).toBe(200);
  };
  /** The endpoint's answer once the file is gone: the envelope, and the platform still up. */
  const missing = async (path: string, errorCode: number) => {
    const answer = await admin.get(path);
    expect(answer.body).toMatchObject({ flag: false, errorCode });
    await healthy();
    expect(unhandled).toEqual([]);
  };
  const answer = async (msgId: number) => {
    const command = await terminal.expect((m) => m.msgId === msgId, 10_000);
    terminal.send(0x0001, { replySerial: command.serial, replyId: msgId, result: 0 });
    return command;
  };

  beforeAll(async () => {
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
    dataDir = mkdtempSync(join(tmpdir(), 'openfleet-stored-files-'));
    platform = await startTestPlatform('strict', dataDir);
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Stored Files Co' });
    vehicle = await provisionVehicle(admin, companyId, { sim: '13300000301', plate: '京F30301', terminalCode: 'STF0301', version: '2019', videoChannels: 2 });
    terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, vehicle);
  });

  afterAll(async () => {
    terminal?.close();
    await platform?.app.close();
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
  });

  it('recording downloads: a file uploaded into a sub-folder downloads byte for byte; STOR ../.. is refused; a vanished file is 2009', async () => {
    const recording = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 13) & 0xff));
    const creating = admin.post('/video/downloads', { vehicleId: vehicle.vehicleId, channel: 1, startTime: '2026-11-25 08:00:00', endTime: '2026-11-25 08:10:00', fileSize: recording.length }).then((r) => r);
    const command = await answer(0x9206);
    const { user, password } = command.body as { user: string; password: string };
    const task = (await creating).body.data as { id: number };

    const ftp = new Client(10_000);
    await ftp.access({ host: '127.0.0.1', port: platform.app.get(UploadFtpServer).port(), user, password });
    // The task folder itself is no file: refused (550), nothing unhandled, the session goes on.
    const escape = ftp.uploadFrom(Readable.from([Buffer.from('escape')]), '../..').then(() => 'stored', (error: Error) => error.message.slice(0, 3));
    expect(await Promise.race([escape, sleep(10_000).then(() => 'no answer')])).toMatch(/^55\d$/);
    await ftp.send('MKD sub');
    await ftp.uploadFrom(Readable.from([recording]), 'sub/rec.mp4');
    ftp.close();
    terminal.send(0x1206, { replySerial: command.serial, result: 0 });

    await waitFor('the downloaded task', async () => {
      const page = (await admin.get('/video/downloads?current=1&size=10').expect(200)).body.data as { records: { id: number; status: number }[] };
      return page.records.find((row) => row.id === task.id && row.status === 2);
    });
    const uploads = join(dataDir, 'video', 'uploads', String(task.id));
    expect(filesUnder(uploads)).toEqual([join('sub', 'rec.mp4')]);
    const file = await admin.get(`/video/downloads/${task.id}/file`).buffer(true).parse(bytesOf).expect(200);
    expect(file.headers['content-length']).toBe(String(recording.length));
    expect(file.headers['content-disposition']).toBe(`attachment; filename="rec.mp4"; filename*=UTF-8''rec.mp4`);
    expect(Buffer.compare(file.body as Buffer, recording)).toBe(0);
    expect(unhandled).toEqual([]);

    rmSync(join(uploads, 'sub', 'rec.mp4'));
    await missing(`/video/downloads/${task.id}/file`, 2009);
  });

  it('snapshots: the image is served, and once gone from disk it is 2009', async () => {
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(1000, 3)]);
    const taken = (await admin.post('/video/snapshots', { vehicleId: vehicle.vehicleId, channel: 1, image: `data:image/jpeg;base64,${jpeg.toString('base64')}` }).expect(200)).body;
    expect(taken.flag).toBe(true);
    const { id, fileUrl } = taken.data as { id: number; fileUrl: string };
    const image = await admin.get(fileUrl).buffer(true).parse(bytesOf).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(image.body as Buffer, jpeg)).toBe(0);

    const snapshots = join(dataDir, 'video', 'snapshots');
    const [stored] = filesUnder(snapshots);
    rmSync(join(snapshots, stored));
    await missing(`/video/snapshots/${id}/file`, 2009);
  });

  it("alarm evidence: '.' and '..' are refused one by one, the good file arrives on the same link, nothing lands outside its folder; gone is 410", async () => {
    const base = Math.floor(Date.now() / 1000) - 300;
    const time = new Date((base + 8 * 3600) * 1000).toISOString().replace(/\D/g, '').slice(2, 14);
    const identification = { terminalId: 'STF2019TERMINAL000000000000301', time, serial: 1, attachmentCount: 3, reserved: 0 };
    const dsm = { id: 0x65, kind: 'dsm', value: { alarmId: 41, flag: 0, eventType: 2, level: 2, fatigueLevel: 0, reserved: '00000000', speedKmh: 50, altitudeM: 40, latitudeE6: 39_900_000, longitudeE6: 116_400_000, time, vehicleStatus: 3, identification } };
    await terminal.expectAck(terminal.send(0x0200, { ...locationBody(0, new Date(base * 1000)), extras: [dsm] }));
    const { alarmNumber } = (await answer(0x9208)).body as AttachmentUploadRequestBody;

    const photo = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) & 0xff));
    const good = `00_65_6502_0_${alarmNumber}.jpg`;
    const link = await TestTerminal.open(platform.app.get(AttachmentServer).port(), vehicle.header, '2019');
    const files = [{ name: '.', size: 10 }, { name: '..', size: 10 }, { name: good, size: photo.length }];
    const listed = await link.expectAck(link.send(0x1210, { terminalId: identification.terminalId, identification, alarmNumber, infoType: 0, files }));
    expect((listed.body as { result: number }).result).toBe(0);
    for (const name of ['.', '..']) expect(((await link.expectAck(link.send(0x1211, { name, fileType: 0, size: 10 }))).body as { result: number }).result).toBe(1);
    expect(((await link.expectAck(link.send(0x1211, { name: good, fileType: 0, size: photo.length }))).body as { result: number }).result).toBe(0);
    // Data of the refused names is skipped; the link carries on with the good file.
    link.writeRaw(Buffer.concat([encodeAttachmentData('..', 0, Buffer.alloc(10, 0x41)), encodeAttachmentData('.', 0, Buffer.alloc(10, 0x42)), encodeAttachmentData(good, 0, photo)]));
    link.send(0x1212, { name: good, fileType: 0, size: photo.length });
    expect((await link.expect((m) => m.msgId === 0x9212)).body).toEqual({ name: good, fileType: 0, result: 0, missing: [] });
    link.close();

    const store = join(dataDir, 'alarm-evidence');
    const stored = filesUnder(store);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}/${alarmNumber}/${good}$`));
    const cst = (ms: number) => encodeURIComponent(new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19));
    const page = `/gps/alarm/page?size=10&type=dsmPhoneCall&startTime=${cst((base - 60) * 1000)}&endTime=${cst(Date.now() + 60_000)}`;
    const [alarm] = ((await admin.get(page).expect(200)).body.data as { records: { id: number }[] }).records;
    const evidence = (await admin.get(`/gps/alarm/${alarm.id}/evidence`).expect(200)).body.data as { files: { id: number; name: string; complete: boolean }[] };
    expect(evidence.files).toEqual([expect.objectContaining({ name: good, complete: true })]);
    const download = await admin.get(`/gps/alarm/evidence/${evidence.files[0].id}/file`).buffer(true).parse(bytesOf).expect(200);
    expect(Buffer.compare(download.body as Buffer, photo)).toBe(0);

    rmSync(join(store, stored[0]));
    await missing(`/gps/alarm/evidence/${evidence.files[0].id}/file`, 410);
  });

  it('terminal photos (0x0801): served, and once gone from disk 7112', async () => {
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(1500, 9), Buffer.from('ffd9', 'hex')]);
    const body = { mediaId: 4_100_000_001, mediaType: 0, format: 0, event: 1, channel: 1, location: { alarm: 0, status: 3, latitude: 39.9, longitude: 116.4, altitude: 1, speed: 0, direction: 0, time: new Date() }, data: jpeg.toString('hex') };
    let serial = 900;
    encodeFrames({ msgId: 0x0801, version: '2019', phone: vehicle.header, body }, () => serial++).frames.forEach((frame) => terminal.writeRaw(frame));
    await terminal.expect((m) => m.msgId === 0x8800, 10_000);
    const media = await waitFor('the stored photo', async () => {
      const page = (await admin.get('/gps/sendOrder/media/page?current=1&size=10').expect(200)).body.data as { records: { id: number; url: string; mediaId: number }[] };
      return page.records.find((row) => row.mediaId === body.mediaId);
    });
    const photo = await admin.get(media.url).buffer(true).parse(bytesOf).expect(200);
    expect(Buffer.compare(photo.body as Buffer, jpeg)).toBe(0);

    const store = join(dataDir, 'media');
    const [stored] = filesUnder(store);
    rmSync(join(store, stored));
    await missing(media.url, 7112);
  });

  it('export tasks: the finished file once gone is 410', async () => {
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const created = (await admin.post('/gps/export-task', { kind: 'mileage', params: { startTime: day, endTime: day } }).expect(200)).body;
    expect(created.flag).toBe(true);
    const id = (created.data as { id: number }).id;
    await waitFor('the finished export', async () => {
      const page = (await admin.get('/gps/export-task').expect(200)).body.data as { records: { id: number; taskStatus: number }[] };
      return page.records.find((row) => row.id === id && row.taskStatus === 1);
    }, 30_000);
    const store = join(dataDir, 'exports');
    const [stored] = filesUnder(store);
    rmSync(join(store, stored));
    await missing(`/gps/export-task/${id}/file`, 410);
  });

  it('app packages: a package once gone is 404', async () => {
    const apk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 5)]);
    const uploaded = await request(platform.app.getHttpServer()).post('/basic/app-version-package').set('Authorization', admin.token).field('platform', 'android').attach('file', apk, 'openfleet.apk');
    const { downloadUrl } = uploaded.body.data as { downloadUrl: string };
    const fetched = await request(platform.app.getHttpServer()).get(downloadUrl).buffer(true).parse(bytesOf).expect(200);
    expect(Buffer.compare(fetched.body as Buffer, apk)).toBe(0);

    rmSync(join(dataDir, 'app-packages', downloadUrl.split('/').pop()!));
    await missing(downloadUrl, 404);
  });
});
