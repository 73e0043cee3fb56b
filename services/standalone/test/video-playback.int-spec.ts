// Recordings, pan-tilt and uploads on a provisioned terminal (strict registration): the resource
// list (0x9205 -> 0x1205), playback (0x9201) on a link of its own with its control (0x9202),
// PTZ (0x9301-0x9306), a recording uploaded to the embedded FTP server (0x9206 -> FTP -> 0x1206)
// and downloaded by the operator, and media over UDP arriving out of order.
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { samplePackets } from '@openfleet/jt1078';
import { MediaIngestServer, UploadFtpServer } from '@openfleet/video';
import { Client } from 'basic-ftp';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { WebSocket } from 'ws';
import type { RunningPlatform } from '../src';
import { connectTerminal, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

/** The simulator's committed camera sample (H.264 480x270 25 fps, G.711A), as packets a terminal sends. */
const SAMPLE = { video: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.h264')), audio: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.g711a')) };
const packetsForSample = (options: { sim: string; simBytes: 6 | 10; channel: number; withAudio?: boolean; startAt?: number }) => samplePackets(SAMPLE, options);

jest.setTimeout(120_000);


/** Binary messages a WebSocket received, and its JSON ones. */
async function watch(url: string) {
  const ws = new WebSocket(url);
  const received = { texts: [] as Record<string, unknown>[], binaries: [] as Buffer[] };
  ws.on('message', (data, isBinary) => (isBinary ? received.binaries.push(data as Buffer) : received.texts.push(JSON.parse(String(data)))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, received };
}

describe('playback, PTZ and downloads over JT/T 1078 (standalone, strict registration)', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let http: string;
  let vehicle: ProvisionedVehicle;
  let terminal: TestTerminal;

  /** The terminal answers the next `msgId` with 0x0001 `result` (or lets a reply function answer). */
  const answer = async (msgId: number, result = 0) => {
    const command = await terminal.expect((m) => m.msgId === msgId, 10_000);
    terminal.send(0x0001, { replySerial: command.serial, replyId: msgId, result });
    return command;
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict');
    http = `127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Recorder Fleet Co' });
    vehicle = await provisionVehicle(admin, companyId, { sim: '13300000201', plate: '京V20201', terminalCode: 'VID0201', version: '2019', videoChannels: 4 });
    terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, vehicle);
  });

  afterAll(async () => {
    terminal?.close();
    await platform?.app.close();
  });

  it('lists the recordings of a day (0x9205 -> 0x1205, BCD times both ways) and refuses a window over one day (300)', async () => {
    const request = admin.post('/video/playback/resources', { vehicleId: vehicle.vehicleId, channel: 0, startTime: '2026-11-25 00:00:00', endTime: '2026-11-25 23:59:59' }).then((response) => response);
    const query = await terminal.expect((m) => m.msgId === 0x9205, 10_000);
    expect(query.body).toEqual({ channel: 0, startTime: '261125000000', endTime: '261125235959', alarmFlags: '0000000000000000', mediaType: 0, streamType: 0, storageType: 0 });
    const item = (channel: number, start: string, end: string, alarmFlags = '0000000000000000') => ({ channel, startTime: start, endTime: end, alarmFlags, mediaType: 0, streamType: 1, storageType: 1, fileSize: 22_500_000 });
    terminal.send(0x1205, { replySerial: query.serial, items: [item(1, '261125080000', '261125081000'), item(2, '261125090000', '261125091000', '0000000100000000')] });
    const items = (await request).body.data;
    expect(items).toEqual([
      { channel: 1, startTime: '2026-11-25 08:00:00', endTime: '2026-11-25 08:10:00', alarmFlags: '0000000000000000', mediaType: 0, streamType: 1, storageType: 1, fileSize: 22_500_000 },
      { channel: 2, startTime: '2026-11-25 09:00:00', endTime: '2026-11-25 09:10:00', alarmFlags: '0000000100000000', mediaType: 0, streamType: 1, storageType: 1, fileSize: 22_500_000 },
    ]);
    const tooLong = await admin.post('/video/playback/resources', { vehicleId: vehicle.vehicleId, channel: 1, startTime: '2026-11-24 00:00:00', endTime: '2026-11-25 00:00:01' }).expect(200);
    expect(tooLong.body.errorCode).toBe(300);
  });

  it('plays a recording back on its own link (0x9201), under a -pb key beside the live stream, and controls it (0x9202 at 4x)', async () => {
    const opening = admin.post('/video/playback/open', { vehicleId: vehicle.vehicleId, channel: 1, startTime: '2026-11-25 08:00:00', endTime: '2026-11-25 08:10:00' }).then((response) => response);
    const request = await answer(0x9201);
    expect(request.body).toMatchObject({ serverAddress: '127.0.0.1', tcpPort: platform.app.get(MediaIngestServer).tcpPort(), channel: 1, playbackMode: 0, speed: 0, startTime: '261125080000', endTime: '261125081000' });
    const view = (await opening).body.data as { streamKey: string; wsUrl: string };
    expect(view.streamKey).toBe('13300000201-1-pb');

    const viewer = await watch(`ws://${http}${view.wsUrl}`);
    const link = connect(platform.app.get(MediaIngestServer).tcpPort(), '127.0.0.1');
    await new Promise((resolve) => link.once('connect', resolve));
    for (const { packet } of packetsForSample({ sim: vehicle.header, simBytes: 10, channel: 1, startAt: Date.UTC(2026, 10, 25, 0, 0, 0) }).slice(0, 200)) link.write(packet);
    await waitFor('playback fragments', () => viewer.received.binaries.length > 10 || undefined, 20_000);
    expect(viewer.received.texts[0]).toMatchObject({ type: 'init', width: 480, height: 270 });
    const sessions = (await admin.get('/video/live/sessions').expect(200)).body.data as { streamKey: string; kind: string; connected: boolean }[];
    expect(sessions.find((session) => session.streamKey === view.streamKey)).toMatchObject({ kind: 'playback', connected: true });

    const control = admin.post('/video/playback/control', { vehicleId: vehicle.vehicleId, channel: 1, control: 3, speed: 3 }).then((response) => response);
    expect((await answer(0x9202)).body).toEqual({ channel: 1, control: 3, speed: 3, position: '000000000000' });
    expect((await control).body.flag).toBe(true);
    const seek = admin.post('/video/playback/control', { vehicleId: vehicle.vehicleId, channel: 1, control: 5, position: '2026-11-25 08:05:00' }).then((response) => response);
    expect((await answer(0x9202)).body).toEqual({ channel: 1, control: 5, speed: 0, position: '261125080500' });
    expect((await seek).body.flag).toBe(true);

    // Stop: the session ends, the viewer is told, the link is dropped.
    const closed = new Promise((resolve) => link.once('close', resolve));
    const stop = admin.post('/video/playback/control', { vehicleId: vehicle.vehicleId, channel: 1, control: 2 }).then((response) => response);
    await answer(0x9202);
    expect((await stop).body.flag).toBe(true);
    await closed;
    await waitFor('the closed message', () => viewer.received.texts.find((text) => text.type === 'closed'));
    viewer.ws.close();
  });

  it('reports a terminal that refuses (0x0001 result 1) as 2011 and does not keep the stream', async () => {
    const refused = admin.post('/video/live/open', { vehicleId: vehicle.vehicleId, channel: 2 }).then((response) => response);
    await answer(0x9101, 1);
    expect((await refused).body.errorCode).toBe(2011);
    const sessions = (await admin.get('/video/live/sessions').expect(200)).body.data as { streamKey: string }[];
    expect(sessions.map((session) => session.streamKey)).not.toContain('13300000201-2');
  });

  it('turns the camera (0x9301-0x9306) with the body each command takes', async () => {
    const cases: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [{ action: 'rotate', value: 1, speed: 100 }, 0x9301, { channel: 1, direction: 1, speed: 100 }],
      [{ action: 'focus', value: 0 }, 0x9302, { channel: 1, focus: 0 }],
      [{ action: 'iris', value: 1 }, 0x9303, { channel: 1, iris: 1 }],
      [{ action: 'wiper', value: 1 }, 0x9304, { channel: 1, wiper: 1 }],
      [{ action: 'infrared', value: 0 }, 0x9305, { channel: 1, infrared: 0 }],
      [{ action: 'zoom', value: 1 }, 0x9306, { channel: 1, zoom: 1 }],
    ];
    for (const [request, msgId, body] of cases) {
      const sent = admin.post('/video/ptz', { vehicleId: vehicle.vehicleId, channel: 1, ...request }).then((response) => response);
      expect((await answer(msgId)).body).toEqual(body);
      expect((await sent).body.flag).toBe(true);
    }
    expect((await admin.post('/video/ptz', { vehicleId: vehicle.vehicleId, channel: 1, action: 'spin', value: 1 }).expect(400)).body.errorCode).toBe(400);
  });

  it('downloads a recording: 0x9206 with per-task FTP credentials, the upload, 0x1206, then the file; others cannot log in', async () => {
    const creating = admin.post('/video/downloads', { vehicleId: vehicle.vehicleId, channel: 1, startTime: '2026-11-25 08:00:00', endTime: '2026-11-25 08:10:00', fileSize: SAMPLE.video.length }).then((response) => response);
    const request = await answer(0x9206);
    const body = request.body as { serverAddress: string; port: number; user: string; password: string; path: string; startTime: string; taskConditions: number };
    expect(body).toMatchObject({ serverAddress: '127.0.0.1', port: platform.app.get(UploadFtpServer).port(), path: '/', startTime: '261125080000', taskConditions: 7 });
    const task = (await creating).body.data as { id: number; status: number };
    expect(task.status).toBe(0);

    const intruder = new Client(5000);
    await expect(intruder.access({ host: '127.0.0.1', port: body.port, user: body.user, password: 'wrong-password' })).rejects.toThrow();
    intruder.close();

    const ftp = new Client(10_000);
    await ftp.access({ host: '127.0.0.1', port: body.port, user: body.user, password: body.password });
    await ftp.uploadFrom(Readable.from([SAMPLE.video]), '1_261125080000_261125081000.h264');
    ftp.close();
    terminal.send(0x1206, { replySerial: request.serial, result: 0 });

    const done = await waitFor('the downloaded task', async () => {
      const page = (await admin.get('/video/downloads?current=1&size=10').expect(200)).body.data as { records: { id: number; status: number; progress: number; fileSize: number; fileName: string }[] };
      return page.records.find((row) => row.id === task.id && row.status === 2);
    });
    expect(done).toMatchObject({ progress: 100, fileSize: SAMPLE.video.length, fileName: '1_261125080000_261125081000.h264' });
    const file = await admin.get(`/video/downloads/${task.id}/file`).buffer(true).parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    });
    expect(Buffer.compare(file.body as Buffer, SAMPLE.video)).toBe(0);

    // The task is over: its credentials no longer open the server.
    const late = new Client(5000);
    await expect(late.access({ host: '127.0.0.1', port: body.port, user: body.user, password: body.password })).rejects.toThrow();
    late.close();
  });

  it('reassembles media that arrives over UDP out of order', async () => {
    const opening = admin.post('/video/live/open', { vehicleId: vehicle.vehicleId, channel: 3 }).then((response) => response);
    await answer(0x9101);
    const view = (await opening).body.data as { streamKey: string; wsUrl: string };
    const viewer = await watch(`ws://${http}${view.wsUrl}`);
    const udp = createSocket('udp4');
    const packets = packetsForSample({ sim: vehicle.header, simBytes: 10, channel: 3, withAudio: false }).slice(0, 150).map(({ packet }) => packet);
    // Swap neighbours pairwise: every packet is one place out of order.
    for (let i = 0; i + 1 < packets.length; i += 2) [packets[i], packets[i + 1]] = [packets[i + 1], packets[i]];
    for (const packet of packets) {
      udp.send(packet, platform.app.get(MediaIngestServer).udpPort(), '127.0.0.1');
      await sleep(1);
    }
    await waitFor('fragments from UDP', () => viewer.received.binaries.length > 20 || undefined, 20_000);
    const session = ((await admin.get('/video/live/sessions').expect(200)).body.data as { streamKey: string; framesLost: number; framesIn: number }[]).find((row) => row.streamKey === view.streamKey)!;
    expect(session.framesLost).toBe(0);
    expect(session.framesIn).toBeGreaterThan(40);
    udp.close();
    viewer.ws.close();
  });
});
