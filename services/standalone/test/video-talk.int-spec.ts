// Talk-back and broadcast over real TCP, no browser: the console's API opens a talk (0x9101 data
// type 2 reaches the terminal over JT/T 808), the simulator's talk link (scripts/simulator/
// video-talk.js) connects to the media port, PCM sent up the signed talk WebSocket arrives at the
// terminal as G.711A table-19 audio packets, and the simulator's echo comes back to the WebSocket.
// One talker per channel (3020), broadcast (type 4) with a busy vehicle listed, the close (0x9102).
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { DataType, PayloadType, Subpackage, type Jt1078Packet } from '@openfleet/jt1078';
import { MediaIngestServer } from '@openfleet/video';
import { alaw } from 'alawmulaw';
import type { Response } from 'supertest';
import { WebSocket } from 'ws';
import { join } from 'node:path';
import type { RunningPlatform } from '../src';
import { connectTerminal, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startTalkLink } = require(join(__dirname, '../../../scripts/simulator/video-talk')) as {
  startTalkLink: (options: { host: string; port: number; sim: string; channel: number; dataType: number; onPacket?: (packet: Jt1078Packet) => void }) => { counters: Record<string, number>; closed: boolean; close(): void };
};

jest.setTimeout(90_000);

/** Power of `hz` in 8 kHz PCM (Goertzel), per sample. */
function powerAt(pcm: ArrayLike<number>, hz: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / 8000);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < pcm.length; i++) [s1, s2] = [pcm[i] + k * s1 - s2, s1];
  return (s1 * s1 + s2 * s2 - k * s1 * s2) / pcm.length;
}

const tone = (samples: number, hz = 1000) => Int16Array.from({ length: samples }, (_, n) => Math.round(12000 * Math.sin((2 * Math.PI * hz * n) / 8000)));

/** The talker's browser: the texts and the PCM the talk WebSocket sent. */
class Talker {
  readonly texts: Record<string, unknown>[] = [];
  readonly pcm: number[] = [];
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (!isBinary) return void this.texts.push(JSON.parse(String(data)));
      const bytes = data as Buffer;
      for (let i = 0; i + 1 < bytes.length; i += 2) this.pcm.push(bytes.readInt16LE(i));
    });
    ws.on('close', () => (this.closed = true));
  }

  static open(url: string): Promise<Talker> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const talker = new Talker(ws);
      ws.once('open', () => resolve(talker));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      ws.once('error', reject);
    });
  }
}

describe('talk-back and broadcast over JT/T 1078 (standalone)', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let http: string;
  let mediaPort: number;
  let v1: ProvisionedVehicle;
  let v2: ProvisionedVehicle;
  const terminals: TestTerminal[] = [];
  const links: { close(): void }[] = [];

  /** The API call that sends 0x9101 (or 0x9102), with the terminal answering success. */
  const signalled = async (terminal: TestTerminal, msgId: number, request: PromiseLike<Response>) => {
    // supertest sends on the first then(): start it now, the terminal's answer comes after.
    const call = Promise.resolve(request);
    const message = await terminal.expect((m) => m.msgId === msgId, 10_000).catch(async (error: Error) => {
      throw new Error(`${error.message}; the call answered ${JSON.stringify((await call).body)}`);
    });
    terminal.send(0x0001, { replySerial: message.serial, replyId: msgId, result: 0 });
    return { message, response: await call };
  };

  beforeAll(async () => {
    platform = await startTestPlatform('strict', undefined, { VIDEO_IDLE_S: '5', VIDEO_URL_TTL_S: '60', LOG_LEVEL: process.env.VIDEO_TEST_LOG ?? 'silent' });
    http = `127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    mediaPort = platform.app.get(MediaIngestServer).tcpPort();
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Talk Fleet Co' });
    v1 = await provisionVehicle(admin, companyId, { sim: '13300000201', plate: '京T20201', terminalCode: 'TLK0201', version: '2013', videoChannels: 2 });
    v2 = await provisionVehicle(admin, companyId, { sim: '13300000202', plate: '京T20202', terminalCode: 'TLK0202', version: '2013', videoChannels: 2 });
    const port = platform.app.get(Gateway808Server).address().port;
    for (const vehicle of [v1, v2]) terminals.push(await connectTerminal(port, vehicle));
  });

  afterAll(async () => {
    links.forEach((link) => link.close());
    terminals.forEach((terminal) => terminal.close());
    await platform?.app.close();
  });

  it('refuses bad input with its code: a channel out of range (400), too many vehicles (400), an unknown session (3011)', async () => {
    expect((await admin.post('/video/talk/open', { vehicleId: v1.vehicleId, channel: 99 }).expect(400)).body.errorCode).toBe(400);
    expect((await admin.post('/video/talk/open', { vehicleId: v1.vehicleId, channel: 2 + 1 }).expect(200)).body.errorCode).toBe(2005);
    const many = Array.from({ length: 21 }, (_, i) => `v${i}`);
    expect((await admin.post('/video/talk/broadcast', { vehicleIds: many }).expect(400)).body.errorCode).toBe(400);
    expect((await admin.post('/video/talk/close', { talkId: '6f1c0b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f' }).expect(200)).body.errorCode).toBe(3011);
  });

  it('talks: PCM goes down as G.711A audio packets, the echo comes back, a second talker gets 3020, the close sends 0x9102', async () => {
    const [terminal] = terminals;
    const { message, response } = await signalled(terminal, 0x9101, admin.post('/video/talk/open', { vehicleId: v1.vehicleId, channel: 1 }));
    expect(message.body).toEqual({ serverAddress: '127.0.0.1', tcpPort: mediaPort, udpPort: expect.any(Number), channel: 1, dataType: 2, streamType: 0 });
    expect(response.body).toMatchObject({ flag: true, data: { kind: 'talk', legs: [{ vehicleId: v1.vehicleId, channel: 1 }] } });
    const view = response.body.data as { talkId: string; wsUrl: string };

    // One talker per vehicle channel: a second is refused before anything reaches the terminal.
    expect((await admin.post('/video/talk/open', { vehicleId: v1.vehicleId, channel: 1 }).expect(200)).body.errorCode).toBe(3020);

    // A forged token is refused at the upgrade.
    await expect(Talker.open(`ws://${http}${view.wsUrl.replace(/token=[^&]+/, 'token=forged')}`)).rejects.toThrow('HTTP 401');

    const received: Jt1078Packet[] = [];
    const link = startTalkLink({ host: '127.0.0.1', port: mediaPort, sim: v1.header, channel: 1, dataType: 2, onPacket: (packet) => received.push({ ...packet, body: Buffer.from(packet.body) }) });
    links.push(link);
    const talker = await Talker.open(`ws://${http}${view.wsUrl}`);
    await waitFor('the terminal linked', () => talker.texts.find((text) => text.type === 'linked'));
    expect(talker.texts.find((text) => text.type === 'linked')).toEqual({ type: 'linked', vehicleId: v1.vehicleId, channel: 1, payloadType: PayloadType.G711A });

    // Not PCM (odd length): ignored, the socket stays.
    talker.ws.send(Buffer.alloc(3));
    // One second of 1 kHz in 20 ms chunks, the way the browser's worklet sends it.
    const pcm = tone(8000);
    for (let at = 0; at < pcm.length; at += 160) {
      talker.ws.send(Buffer.from(pcm.buffer, at * 2, 320));
      if (at % 800 === 0) await sleep(20);
    }
    await waitFor('25 audio frames at the terminal', () => received.length >= 25 || undefined);
    const first = received[0];
    expect(first).toMatchObject({ marker: true, payloadType: PayloadType.G711A, sim: v1.header, channel: 1, dataType: DataType.AUDIO, subpackage: Subpackage.ATOMIC, lastIFrameInterval: 0, lastFrameInterval: 0 });
    expect(received.slice(0, 25).map((packet) => packet.serial)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(received.slice(1, 25).map((packet, i) => packet.timestamp - received[i].timestamp)).toEqual(Array(24).fill(40));
    expect(received.every((packet) => packet.body.length === 320)).toBe(true);
    const heard = alaw.decode(Buffer.concat(received.slice(0, 25).map((packet) => packet.body)));
    // The terminal hears the tone: its power at 1 kHz is within 1 dB of what was sent, and nothing at 600 Hz.
    expect(10 * Math.log10(powerAt(heard, 1000) / powerAt(pcm, 1000))).toBeGreaterThan(-1);
    expect(powerAt(heard, 600)).toBeLessThan(powerAt(heard, 1000) / 1000);

    // The simulator echoes it up its own link as the terminal's audio: the talker gets the tone back.
    await waitFor('the echo back at the talker', () => (talker.pcm.length >= 8000 && powerAt(talker.pcm, 1000) > 1e6) || undefined);
    expect(powerAt(talker.pcm, 600)).toBeLessThan(powerAt(talker.pcm, 1000) / 100);

    const closed = await signalled(terminal, 0x9102, admin.post('/video/talk/close', { talkId: view.talkId }));
    expect(closed.message.body).toEqual({ channel: 1, command: 4, closeType: 0, switchStreamType: 0 });
    expect(closed.response.body.flag).toBe(true);
    await waitFor('the talker told, the link dropped', () => (talker.closed && link.closed) || undefined);
    expect(talker.texts.at(-1)).toEqual({ type: 'closed', reason: 'closed' });
  });

  it('broadcasts to the vehicles it can reach (data type 4), listing a busy channel with 3020, and closes with 0x9102 0/1', async () => {
    const [t1, t2] = terminals;
    const talk = await signalled(t1, 0x9101, admin.post('/video/talk/open', { vehicleId: v1.vehicleId, channel: 1 }));
    const broadcast = signalled(t2, 0x9101, admin.post('/video/talk/broadcast', { vehicleIds: [v1.vehicleId, v2.vehicleId] }));
    const { message, response } = await broadcast;
    expect(message.body).toMatchObject({ channel: 1, dataType: 4 });
    expect(response.body.data.kind).toBe('broadcast');
    expect(response.body.data.legs).toEqual([
      { vehicleId: v2.vehicleId, plateCode: v2.plate, channel: 1 },
      { vehicleId: v1.vehicleId, plateCode: '', channel: 1, errorCode: 3020 },
    ]);
    const received: Jt1078Packet[] = [];
    links.push(startTalkLink({ host: '127.0.0.1', port: mediaPort, sim: v2.header, channel: 1, dataType: 4, onPacket: (packet) => received.push(packet) }));
    const talker = await Talker.open(`ws://${http}${response.body.data.wsUrl}`);
    await waitFor('the broadcast leg linked', () => talker.texts.find((text) => text.type === 'linked'));
    talker.ws.send(Buffer.from(tone(640).buffer));
    await waitFor('two frames at the broadcast terminal', () => received.length >= 2 || undefined);
    // A broadcast is one-way: the terminal's audio is not sent to the talker.
    await sleep(300);
    expect(talker.pcm).toHaveLength(0);

    const closed = await signalled(t2, 0x9102, admin.post('/video/talk/close', { talkId: response.body.data.talkId }));
    expect(closed.message.body).toEqual({ channel: 1, command: 0, closeType: 1, switchStreamType: 0 });
    await signalled(t1, 0x9102, admin.post('/video/talk/close', { talkId: talk.response.body.data.talkId }));
  });
});
