// Live video on the path a deployment takes: terminals an operator provisioned (strict registration,
// a 2013 12-digit and a 2019 20-digit phone, video channels set on the terminal) are asked over
// JT/T 808 for a channel (0x9101 carrying this server's media address), stream real H.264 + G.711A
// over TCP JT/T 1078 with garbage mixed in, and browsers receive fMP4 over the signed WebSocket,
// parsed back here. Fan-out, scope, forged tokens, HLS, the idle close (0x9102) and traffic.
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { samplePackets } from '@openfleet/jt1078';
import { MediaIngestServer } from '@openfleet/video';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { RunningPlatform } from '../src';
import { connectTerminal, login, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

/** The simulator's committed camera sample (H.264 480x270 25 fps, G.711A), as packets a terminal sends. */
const SAMPLE = { video: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.h264')), audio: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.g711a')) };
const packetsForSample = (options: { sim: string; simBytes: 6 | 10; channel: number; withAudio?: boolean; startAt?: number }) => samplePackets(SAMPLE, options);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const muxjs = require('mux.js') as { mp4: { tools: { inspect: (bytes: Uint8Array) => Box[] } } };

interface Box {
  type: string;
  boxes?: Box[];
  /** stsd's entries (avc1, Opus ...) and a sample entry's configuration box (avcC). */
  sampleDescriptions?: Box[];
  config?: Box[];
  width?: number;
  height?: number;
  [key: string]: unknown;
}

jest.setTimeout(120_000);

const IDLE_S = 3;

/** Every box of a parsed tree, depth first. */
function flatten(boxes: Box[]): Box[] {
  return boxes.flatMap((box) => [box, ...flatten([...(box.boxes ?? []), ...(box.sampleDescriptions ?? []), ...(box.config ?? [])])]);
}

/** A browser's WebSocket: the JSON messages and the binary fMP4 it received. */
class Viewer {
  readonly texts: Record<string, unknown>[] = [];
  readonly binaries: Buffer[] = [];
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => (isBinary ? this.binaries.push(data as Buffer) : this.texts.push(JSON.parse(String(data)))));
    ws.on('close', () => (this.closed = true));
  }

  static open(url: string): Promise<Viewer> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const viewer = new Viewer(ws);
      ws.once('open', () => resolve(viewer));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      ws.once('error', reject);
    });
  }
}

describe('live video over JT/T 1078 (standalone, strict registration)', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let http: string;
  let mediaPort: number;
  const terminals: TestTerminal[] = [];
  const links: Socket[] = [];
  let v2013: ProvisionedVehicle;
  let v2019: ProvisionedVehicle;
  let noVideo: ProvisionedVehicle;
  let companyId: string;

  /** Opens a channel: the terminal answers the 0x9101 it receives with 0x0001 success. */
  const openLive = async (client: ApiClient, terminal: TestTerminal, vehicleId: string, channel: number) => {
    const request = client.post('/video/live/open', { vehicleId, channel, streamType: 1 }).then((response) => response);
    const command = await terminal.expect((m) => m.msgId === 0x9101, 10_000).catch(async (error: Error) => {
      throw new Error(`${error.message}; the open answered ${JSON.stringify((await request).body)}`);
    });
    terminal.send(0x0001, { replySerial: command.serial, replyId: 0x9101, result: 0 });
    const response = await request;
    expect(response.status).toBe(200);
    return { command, body: response.body };
  };

  /** The terminal side: a TCP media link sending the sample's packets (paced in bursts). */
  const stream = async (vehicle: ProvisionedVehicle, channel: number, options: { garbage?: boolean; upToMs?: number } = {}) => {
    const socket = connect(mediaPort, '127.0.0.1');
    links.push(socket);
    await new Promise((resolve) => socket.once('connect', resolve));
    const packets = packetsForSample({ sim: vehicle.header, simBytes: vehicle.version === '2019' ? 10 : 6, channel, startAt: Date.now() });
    let sentUntil = 0;
    for (const { atMs, packet } of packets) {
      if (options.upToMs !== undefined && atMs > options.upToMs) break;
      if (options.garbage && atMs > 0 && atMs % 1000 === 0 && atMs !== sentUntil) {
        // Line noise and a packet whose length field lies: skipped and counted, the stream goes on.
        socket.write(Buffer.from('noise-noise-noise'));
        socket.write(Buffer.concat([Buffer.from([0x30, 0x31, 0x63, 0x64, 0x81]), Buffer.alloc(10, 0xee)]));
        sentUntil = atMs;
      }
      socket.write(packet);
      if (atMs % 200 === 0) await sleep(5);
    }
    return socket;
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict', undefined, { VIDEO_IDLE_S: String(IDLE_S), VIDEO_URL_TTL_S: '60', VIDEO_LOSS_REPORT_S: '1', LOG_LEVEL: process.env.VIDEO_TEST_LOG ?? 'silent' });
    http = `127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    mediaPort = platform.app.get(MediaIngestServer).tcpPort();
    admin = await loginAdmin(platform);
    companyId = await admin.create('/basic/company', { name: 'Camera Fleet Co' });
    v2013 = await provisionVehicle(admin, companyId, { sim: '13300000101', plate: '京V10101', terminalCode: 'VID0101', version: '2013', videoChannels: 4 });
    v2019 = await provisionVehicle(admin, companyId, { sim: '13300000102', plate: '京V10102', terminalCode: 'VID0102', version: '2019', videoChannels: 2 });
    noVideo = await provisionVehicle(admin, companyId, { sim: '13300000103', plate: '京V10103', terminalCode: 'VID0103', version: '2013' });
    const port = platform.app.get(Gateway808Server).address().port;
    for (const vehicle of [v2013, v2019]) terminals.push(await connectTerminal(port, vehicle));
  });

  afterAll(async () => {
    links.forEach((socket) => socket.destroy());
    terminals.forEach((terminal) => terminal.close());
    await platform?.app.close();
  });

  it('lists the channels the terminal was provisioned with, and refuses a vehicle without video (2010) or a channel it lacks (2005)', async () => {
    const channels = (await admin.get(`/video/vehicles/channels?vehicleId=${v2013.vehicleId}`).expect(200)).body.data;
    expect(channels).toMatchObject({ vehicleId: v2013.vehicleId, hasVideo: true, channels: [1, 2, 3, 4] });
    expect((await admin.get(`/video/vehicles/channels?vehicleId=${noVideo.vehicleId}`).expect(200)).body.data).toMatchObject({ hasVideo: false, channels: [] });
    expect((await admin.post('/video/live/open', { vehicleId: noVideo.vehicleId, channel: 1 }).expect(200)).body.errorCode).toBe(2010);
    expect((await admin.post('/video/live/open', { vehicleId: v2019.vehicleId, channel: 3 }).expect(200)).body.errorCode).toBe(2005);
    expect((await admin.post('/video/live/open', { vehicleId: v2019.vehicleId, channel: 33 }).expect(400)).body.errorCode).toBe(400);
  });

  it('asks the 2013 terminal with 0x9101 and plays its H.264 + G.711A as fMP4 to two viewers; garbage is counted, not fatal', async () => {
    const terminal = terminals[0];
    const { command, body } = await openLive(admin, terminal, v2013.vehicleId, 1);
    expect(body.flag).toBe(true);
    expect(command.body).toEqual({ serverAddress: '127.0.0.1', tcpPort: mediaPort, udpPort: expect.any(Number), channel: 1, dataType: 0, streamType: 1 });
    const view = body.data as { streamKey: string; wsUrl: string; hlsUrl: string };
    expect(view.streamKey).toBe('13300000101-1');

    const first = await Viewer.open(`ws://${http}${view.wsUrl}`);
    // An HLS player's first request: segments are cut from then on (none yet).
    expect(await (await fetch(`http://${http}${view.hlsUrl}`)).text()).not.toContain('#EXTINF');
    await stream(v2013, 1, { garbage: true, upToMs: 4000 });
    await waitFor('init and fragments', () => first.binaries.length > 20 || undefined, 20_000);
    // Told its packet-loss rate while it streams (0x9105, every VIDEO_LOSS_REPORT_S): nothing lost on TCP.
    const status = await terminal.expect((m) => m.msgId === 0x9105, 5000);
    expect(status.body).toEqual({ channel: 1, packetLossRate: 0 });
    terminal.send(0x0001, { replySerial: status.serial, replyId: 0x9105, result: 0 });

    const init = first.texts.find((message) => message.type === 'init')!;
    expect(init).toMatchObject({ videoCodec: expect.stringMatching(/^avc1\.42/), width: 480, height: 270 });
    expect(String(init.mime)).toContain('avc1');
    expect(String(init.audioCodec)).not.toBe('');
    const initBoxes = flatten(muxjs.mp4.tools.inspect(new Uint8Array(first.binaries[0])));
    expect(initBoxes.map((box) => box.type)).toEqual(expect.arrayContaining(['ftyp', 'moov', 'mvex', 'avc1', 'avcC']));
    expect(initBoxes.find((box) => box.type === 'avc1')).toMatchObject({ width: 480, height: 270 });
    expect(initBoxes.find((box) => box.type === 'avcC')).toMatchObject({ avcProfileIndication: 66, avcLevelIndication: 30 });
    const fragment = flatten(muxjs.mp4.tools.inspect(new Uint8Array(first.binaries[1])));
    expect(fragment.map((box) => box.type)).toEqual(expect.arrayContaining(['moof', 'tfdt', 'trun', 'mdat']));

    // A second viewer joins the running stream: no second 0x9101, it starts from the latest keyframe.
    const again = await admin.post('/video/live/open', { vehicleId: v2013.vehicleId, channel: 1 }).expect(200);
    expect(again.body.data.streamKey).toBe(view.streamKey);
    const second = await Viewer.open(`ws://${http}${again.body.data.wsUrl}`);
    await waitFor('the late joiner gets the init segment and the GOP', () => second.binaries.length > 1 || undefined);
    await expect(terminal.expect((m) => m.msgId === 0x9101, 500)).rejects.toThrow();

    const sessions = (await admin.get('/video/live/sessions').expect(200)).body.data as { streamKey: string; viewers: number; connected: boolean; malformed: number; framesIn: number; width: number }[];
    expect(sessions.find((session) => session.streamKey === view.streamKey)).toMatchObject({ viewers: 2, connected: true, width: 480 });
    expect(sessions.find((session) => session.streamKey === view.streamKey)!.malformed).toBeGreaterThan(0);

    // HLS for devices without MSE: the same token, fMP4 segments cut at keyframes.
    const playlist = await fetch(`http://${http}${view.hlsUrl}`);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text).toContain('#EXT-X-MAP:URI="init.mp4?token=');
    expect(text).toMatch(/#EXTINF:1\.\d+,\n0\.m4s\?token=/);
    first.ws.close();
    second.ws.close();
  });

  it('streams a 2019 terminal (BCD[10] SIM) under its own key', async () => {
    const { body } = await openLive(admin, terminals[1], v2019.vehicleId, 2);
    expect(body.data.streamKey).toBe('13300000102-2');
    const viewer = await Viewer.open(`ws://${http}${body.data.wsUrl}`);
    await stream(v2019, 2, { upToMs: 2000 });
    await waitFor('2019 fragments', () => viewer.binaries.length > 5 || undefined, 20_000);
    expect(viewer.texts[0]).toMatchObject({ type: 'init', width: 480, height: 270 });
    viewer.ws.close();
  });

  it('refuses a forged or another stream\'s token, and media from a SIM nobody provisioned', async () => {
    const { body } = await openLive(admin, terminals[1], v2019.vehicleId, 1);
    const url: string = body.data.wsUrl;
    await expect(Viewer.open(`ws://${http}${url.replace('13300000102-1', '13300000101-1')}`)).rejects.toThrow('HTTP 401');
    await expect(Viewer.open(`ws://${http}${url.slice(0, -3)}abc`)).rejects.toThrow('HTTP 401');
    expect(((await (await fetch(`http://${http}/video/hls/13300000102-1/index.m3u8?token=nope`)).json()) as { errorCode: number }).errorCode).toBe(3012);

    const stranger = connect(mediaPort, '127.0.0.1');
    links.push(stranger);
    const closed = new Promise((resolve) => stranger.once('close', resolve));
    for (const { packet } of packetsForSample({ sim: '019999999999', simBytes: 6, channel: 1 }).slice(0, 40)) stranger.write(packet);
    await closed;
  });

  it('serves a narrower role of the same company, and keeps another company out (8002) of channels, streams and sessions', async () => {
    const otherCompany = await admin.create('/basic/company', { name: 'Other Video Co' });
    const codes = ['videoPlay', 'realvideoTable', 'realvideoTable:search'];
    const ownRole = await admin.create('/basic/role', { name: 'videodesk', companyId, roleType: 3, actionCodes: codes });
    await admin.create('/basic/user', { account: 'videodesk', name: 'Video Desk', password: 'Desk123456', userType: 1, companyId, roleIds: [Number(ownRole)] });
    const otherRole = await admin.create('/basic/role', { name: 'othervideo', companyId: otherCompany, roleType: 3, actionCodes: codes });
    await admin.create('/basic/user', { account: 'othervideo', name: 'Other Video', password: 'Other12345', userType: 1, companyId: otherCompany, roleIds: [Number(otherRole)] });
    const desk = await login(platform, 'videodesk', 'Desk123456');
    const other = await login(platform, 'othervideo', 'Other12345');

    expect((await desk.get(`/video/vehicles/channels?vehicleId=${v2013.vehicleId}`).expect(200)).body.data.channels).toEqual([1, 2, 3, 4]);
    const opened = await openLive(desk, terminals[0], v2013.vehicleId, 4);
    expect(opened.body.data.streamKey).toBe('13300000101-4');
    expect(((await desk.get('/video/live/sessions').expect(200)).body.data as { streamKey: string }[]).map((row) => row.streamKey)).toContain('13300000101-4');
    const flux = await desk.get('/video/flux?startDay=2026-11-01&endDay=2026-11-02');
    expect(flux.body.errorCode).toBe(403);

    expect((await other.get(`/video/vehicles/channels?vehicleId=${v2013.vehicleId}`).expect(200)).body.errorCode).toBe(8002);
    expect((await other.post('/video/live/open', { vehicleId: v2013.vehicleId, channel: 1 }).expect(200)).body.errorCode).toBe(8002);
    expect((await other.get('/video/live/sessions').expect(200)).body.data).toEqual([]);
    expect((await other.post('/video/live/sessions/close', { streamKey: '13300000101-4' }).expect(200)).body.errorCode).toBe(3011);
    expect((await desk.post('/video/live/sessions/close', { streamKey: '13300000101-4' }).expect(200)).body.flag).toBe(true);
  });

  it('closes a stream nobody watches after the idle time: 0x9102 close to the terminal, the link dropped, traffic counted', async () => {
    const terminal = terminals[0];
    const { body } = await openLive(admin, terminal, v2013.vehicleId, 3);
    const link = await stream(v2013, 3, { upToMs: 1000 });
    const linkClosed = new Promise((resolve) => link.once('close', resolve));
    const close = await terminal.expect((m) => m.msgId === 0x9102 && (m.body as { channel: number }).channel === 3, (IDLE_S + 5) * 1000);
    expect(close.body).toEqual({ channel: 3, command: 0, closeType: 0, switchStreamType: 0 });
    terminal.send(0x0001, { replySerial: close.serial, replyId: 0x9102, result: 0 });
    await linkClosed;
    const sessions = (await admin.get('/video/live/sessions').expect(200)).body.data as { streamKey: string }[];
    expect(sessions.map((session) => session.streamKey)).not.toContain(body.data.streamKey);

    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const flux = await waitFor('traffic rows', async () => {
      const rows = (await admin.get(`/video/flux?startDay=${today}&endDay=${today}&vehicleIds=${v2013.vehicleId}`).expect(200)).body.data as { channel: number; bytes: number; sessions: number }[];
      return rows.find((row) => row.channel === 3 && row.sessions >= 1);
    });
    expect(flux.bytes).toBeGreaterThan(10_000);
  });
});
