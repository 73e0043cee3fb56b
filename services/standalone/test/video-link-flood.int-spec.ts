// An unauthenticated client must not block video (hardening issue, defect 3): links to the JT/T 1078
// media port that never name a SIM used to count against VIDEO_MAX_LINKS, and junk bytes counted as
// traffic, so a trickle of junk kept them open for ever and a terminal's stream was refused. Here
// 2,000 junk links come and go from twenty source addresses while a provisioned terminal (strict
// registration) opens a live channel: its stream reaches the viewer, and the junk links are closed by
// the identification deadline, not by the idle timeout they keep resetting.
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { framePackets, mediaTimeline, packetLink } from '@openfleet/jt1078';
import { MediaIngestServer } from '@openfleet/video';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { RunningPlatform } from '../src';
import { connectTerminal, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

jest.setTimeout(120_000);

const SAMPLE = { video: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.h264')), audio: readFileSync(join(__dirname, '../../../scripts/simulator/media/sample.g711a')) };
const MAX_LINKS = 20;
const IDENTIFY_S = 2;
const JUNK_ADDRESSES = 20;
const JUNK_LINKS = 2000;
/** Junk links open at once: ten times VIDEO_MAX_LINKS. */
const FLOOD_CONCURRENCY = Number(process.env.FLOODC ?? 200);

/** Junk links from 127.0.0.2 … 127.0.0.21, each trickling a byte every 300 ms, reconnecting when closed, until `total` have been opened. */
class JunkFlood {
  opened = 0;
  closedAt: number[] = [];
  private readonly open = new Set<Socket>();
  private stopped = false;

  constructor(
    private readonly port: number,
    private readonly total: number,
  ) {}

  start(concurrency: number): void {
    for (let i = 0; i < concurrency; i++) this.next(i);
  }

  stop(): void {
    this.stopped = true;
    for (const socket of this.open) socket.destroy();
  }

  get live(): number {
    return this.open.size;
  }

  private next(slot: number): void {
    if (this.stopped || this.opened >= this.total) return;
    this.opened++;
    const socket = connect({ port: this.port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (slot % JUNK_ADDRESSES)}` });
    const openedAt = Date.now();
    let trickle: NodeJS.Timeout | undefined;
    this.open.add(socket);
    socket.on('connect', () => {
      trickle = setInterval(() => socket.write(Buffer.from([0x5a])), 300);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(trickle);
      this.open.delete(socket);
      if (trickle) this.closedAt.push(Date.now() - openedAt);
      // Come back after a short pause, as a flooding client does.
      if (!this.stopped) setTimeout(() => this.next(slot), 50).unref();
    });
  }
}

describe('the JT/T 1078 media port under a flood of links that never name a SIM', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let terminal: TestTerminal;
  let vehicle: ProvisionedVehicle;
  let flood: JunkFlood | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform('strict', undefined, {
      VIDEO_MAX_LINKS: String(MAX_LINKS),
      VIDEO_IDENTIFY_S: String(IDENTIFY_S),
      VIDEO_LINK_TIMEOUT_S: '60',
      VIDEO_URL_TTL_S: '60',
    });
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'Flood Camera Co' });
    vehicle = await provisionVehicle(admin, companyId, { sim: '13300000901', plate: '京V10901', terminalCode: 'VID0901', version: '2013', videoChannels: 2 });
    terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, vehicle);
    await waitFor('the vehicle\'s cameras known to video', async () => ((await admin.get(`/video/vehicles/channels?vehicleId=${vehicle.vehicleId}`)).body.data?.hasVideo ? true : undefined));
  });

  afterAll(async () => {
    flood?.stop();
    sockets.forEach((socket) => socket.destroy());
    terminal?.close();
    await platform?.app.close();
  });

  it('plays a live stream while 2,000 junk links come and go, and closes each junk link at the identification deadline', async () => {
    const ingest = platform.app.get(MediaIngestServer);
    const mediaPort = ingest.tcpPort();
    flood = new JunkFlood(mediaPort, JUNK_LINKS);
    // More junk links at once than VIDEO_MAX_LINKS: before the fix they filled it and the terminal was refused.
    flood.start(FLOOD_CONCURRENCY);
    if (FLOOD_CONCURRENCY) await waitFor('the flood holds links', () => (flood!.live >= MAX_LINKS * 2 ? true : undefined), 20_000);
    await sleep(500);

    // A supertest request goes out only once it is awaited: start it now.
    const request = admin.post('/video/live/open', { vehicleId: vehicle.vehicleId, channel: 1, streamType: 1 }).then((response) => response);
    const command = await terminal.expect((m) => m.msgId === 0x9101, 10_000).catch(async (error: Error) => {
      throw new Error(`${error.message}; the open answered ${JSON.stringify((await request).body)}`);
    });
    terminal.send(0x0001, { replySerial: command.serial, replyId: 0x9101, result: 0 });
    const opened = (await request).body;
    expect(opened.flag).toBe(true);
    const http = `127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    const fragments: Buffer[] = [];
    const ws = new WebSocket(`ws://${http}${opened.data.wsUrl}`);
    ws.on('message', (data, isBinary) => isBinary && fragments.push(data as Buffer));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

    // The terminal's media link, from 127.0.0.1, in the middle of the flood: the camera keeps sending until all 2,000 junk links have come and gone.
    const link = connect(mediaPort, '127.0.0.1');
    sockets.push(link);
    await new Promise((resolve) => link.once('connect', resolve));
    let closedByServer = false;
    link.on('error', () => undefined);
    link.on('close', () => (closedByServer = true));
    let fragmentsMidway = 0;
    const deadline = Date.now() + 90_000;
    // The sample's frames over and over on one link (serials go on), paced at real time.
    const camera = packetLink({ sim: vehicle.header, simBytes: 6, channel: 1 });
    const timeline = mediaTimeline(SAMPLE);
    const startedAt = Date.now();
    for (let pass = 0; flood.opened < JUNK_LINKS && Date.now() < deadline && !closedByServer; pass++) {
      for (const entry of timeline.entries) {
        const atMs = pass * timeline.durationMs + entry.atMs;
        if (atMs > Date.now() - startedAt) await sleep(atMs - (Date.now() - startedAt));
        for (const packet of framePackets(camera, entry, startedAt + atMs)) link.write(packet);
        if (flood.opened >= JUNK_LINKS) break;
        if (!fragmentsMidway && atMs > 3000) fragmentsMidway = fragments.length;
      }
    }
    expect(flood.opened).toBe(JUNK_LINKS);
    expect(closedByServer).toBe(false);
    expect(ingest.links().identified).toBe(1);
    // Fragments kept arriving through the whole flood, not only at its start.
    expect(fragmentsMidway).toBeGreaterThan(20);
    expect(fragments.length).toBeGreaterThan(fragmentsMidway * 2);

    // Junk never held a link past the deadline, whatever it trickled (the idle timeout is 60 s here).
    expect(flood.closedAt.length).toBeGreaterThan(JUNK_LINKS / 2);
    // Well below the 60 s idle timeout, with room for a loaded CI machine (closed at 5.4 s once, under load 15).
    expect(Math.max(...flood.closedAt)).toBeLessThan((IDENTIFY_S + 10) * 1000);
    expect(ingest.links().unidentified).toBeLessThanOrEqual(FLOOD_CONCURRENCY);
    ws.close();
  });
});
