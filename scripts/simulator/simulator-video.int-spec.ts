// The simulator's cameras (`--video`) against a real gateway (in-process bus), a real TCP media
// server that deframes JT/T 1078 packets into frames, and a real FTP server: live streams from a
// 2013 (BCD[6]) and a 2019 (BCD[10]) terminal, closing them, the resource list, fast playback that
// ends at the requested range, and a recording uploaded over FTP followed by 0x1206.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FtpSrv } from 'ftp-srv';
import { InProcessBus, silentBusLogger } from '@openfleet/bus';
import { InstructionStatus, Topics, type CommandResult, type TerminalUplink } from '@openfleet/contracts';
import {
  DataType,
  Jt1078Deframer,
  Jt1078FrameAssembler,
  PayloadType,
  Subpackage,
  type Jt1078Frame,
  type Jt1078Packet,
} from '@openfleet/jt1078';
import { recordTopic, waitUntil } from '../../services/gateway-808/src/testing/bus-recorder';
import { startGateway, type RunningGateway } from '../../services/gateway-808/src/testing/gateway-harness';
// The simulator is plain JavaScript; its terminals answer as real ones do.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SimTerminal } = require('./sim-terminal');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { msToBcd, bcdToMs } = require('./video-replies');

const HOUR = 3_600_000;
const SAMPLE = readFileSync(join(__dirname, 'media', 'sample.h264'));
const FTP_USER = 'video';
const FTP_PASSWORD = 'video-secret';

/** One media link as the server saw it: its packets, the frames they joined into, and when each frame came. */
interface MediaLink {
  packets: Jt1078Packet[];
  frames: (Jt1078Frame & { receivedAt: number })[];
  assembler: Jt1078FrameAssembler;
  deframer: Jt1078Deframer;
  closed: boolean;
}

function startMediaServer(links: MediaLink[]): Promise<Server> {
  const server = createServer((socket) => {
    const link: MediaLink = {
      packets: [],
      frames: [],
      assembler: new Jt1078FrameAssembler(),
      deframer: new Jt1078Deframer(),
      closed: false,
    };
    links.push(link);
    socket.on('data', (chunk) => {
      for (const packet of link.deframer.push(chunk)) {
        link.packets.push(packet);
        for (const frame of link.assembler.push(packet))
          link.frames.push({ ...frame, receivedAt: Date.now() });
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => (link.closed = true));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const quietLog = {
  child: () => quietLog,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
};

describe('simulator video (JT/T 1078)', () => {
  let bus: InProcessBus;
  let gateway: RunningGateway;
  let media: Server;
  let ftp: FtpSrv;
  let ftpPort: number;
  let ftpRoot: string;
  const links: MediaLink[] = [];
  const terminals: { phone: string; stop(): void }[] = [];
  let results: { values: CommandResult[] };
  let uplinks: { values: TerminalUplink[] };
  let commands = 0;

  const terminalOptions = (version: string, prefix: string, video: boolean) => ({
    host: '127.0.0.1',
    port: 0,
    version,
    phonePrefix: prefix,
    interval: 30,
    heartbeat: 30,
    speedup: 1,
    alarmRate: 0,
    dropRate: 0,
    centerLat: 39.9,
    centerLon: 116.4,
    radiusKm: 5,
    verbose: false,
    video,
    videoChannels: 4,
  });

  /** Sends a command through the gateway and waits for its outcome. */
  async function command(
    phone: string,
    msgId: string,
    body: Record<string, unknown>,
  ): Promise<CommandResult> {
    const commandId = `video-${++commands}`;
    await bus.publish(Topics.downlinkCommand, {
      key: phone,
      value: { commandId, terminalPhone: phone, msgId, body, requestedAt: Date.now(), timeoutMs: 10_000 },
    });
    await waitUntil(() => results.values.some((r) => r.commandId === commandId), 10_000, `${msgId} result`);
    return results.values.find((r) => r.commandId === commandId)!;
  }

  const mediaServer = () => ({
    serverAddress: '127.0.0.1',
    tcpPort: (media.address() as AddressInfo).port,
    udpPort: 0,
  });
  /** The link the next stream opens. */
  async function nextLink(): Promise<MediaLink> {
    const before = links.length;
    await waitUntil(() => links.length > before, 5_000, 'a media link');
    return links[before];
  }
  const videoFrames = (link: MediaLink) =>
    link.frames.filter((frame) => frame.payloadType === PayloadType.H264);

  beforeAll(async () => {
    bus = new InProcessBus({ logger: silentBusLogger });
    gateway = await startGateway(bus);
    results = await recordTopic(bus, Topics.commandResult);
    uplinks = await recordTopic(bus, Topics.terminalUplink);
    media = await startMediaServer(links);
    ftpRoot = mkdtempSync(join(tmpdir(), 'sim-video-ftp-'));
    ftp = new FtpSrv({
      url: 'ftp://127.0.0.1:0',
      pasv_url: '127.0.0.1',
      pasv_min: 40000,
      anonymous: false,
      log: quietLog,
    });
    ftp.on('login', ({ username, password }, resolve, reject) =>
      username === FTP_USER && password === FTP_PASSWORD
        ? resolve({ root: ftpRoot })
        : reject(new Error('bad login')),
    );
    await ftp.listen();
    ftpPort = ((ftp as unknown as { server: Server }).server.address() as AddressInfo).port;
    for (const [index, version, prefix, video] of [
      [0, '2013', '151', true],
      [1, '2019', '152', true],
      [2, '2013', '153', false],
    ] as const) {
      const terminal = new SimTerminal(
        index,
        { ...terminalOptions(version, prefix, video), port: gateway.port },
        {
          sent: 0,
          acked: 0,
          connects: 0,
          errors: 0,
          reports: 0,
          alarms: 0,
          blindAreaItems: 0,
          commands: 0,
          received: 0,
        },
      );
      terminal.start();
      terminals.push(terminal);
    }
    await waitUntil(() => gateway.server.sessions.size === 3, 15_000, 'three simulated terminals online');
  });

  afterAll(async () => {
    terminals.forEach((terminal) => terminal.stop());
    await gateway?.close();
    media?.close();
    await ftp?.close();
    rmSync(ftpRoot, { recursive: true, force: true });
  });

  it('2013: streams live H.264 and G.711A with the SIM as BCD[6], and 0x9102 closes the link', async () => {
    const phone = terminals[0].phone;
    const opened = nextLink();
    const reply = await command(phone, '0x9101', {
      ...mediaServer(),
      channel: 1,
      dataType: 0,
      streamType: 0,
    });
    expect({ status: reply.status, reply: reply.replyMsgId }).toEqual({
      status: InstructionStatus.SUCCESS,
      reply: '0x0001',
    });
    const link = await opened;
    await waitUntil(() => videoFrames(link).length >= 30, 10_000, '30 video frames');

    expect(phone).toBe('015100000001');
    expect(new Set(link.packets.map((p) => p.sim))).toEqual(new Set([phone]));
    expect(new Set(link.packets.map((p) => p.channel))).toEqual(new Set([1]));
    expect(new Set(link.packets.map((p) => p.payloadType))).toEqual(
      new Set([PayloadType.H264, PayloadType.G711A]),
    );
    // One serial counter for audio and video; M only on a frame's last packet.
    expect(link.packets.every((p, i) => p.serial === i)).toBe(true);
    expect(
      link.packets.every(
        (p) => p.marker === (p.subpackage === Subpackage.ATOMIC || p.subpackage === Subpackage.LAST),
      ),
    ).toBe(true);
    expect(link.packets.every((p) => p.body.length <= 950)).toBe(true);
    expect(link.deframer.malformed + link.assembler.framesLost).toBe(0);

    const frames = videoFrames(link);
    expect(frames[0].dataType).toBe(DataType.I_FRAME);
    expect(frames[0].data.subarray(0, 5).toString('hex')).toBe('0000000167');
    // The sample's first access units, byte for byte, 40 ms apart; a keyframe every 25 frames.
    expect(
      Buffer.concat(frames.slice(0, 25).map((f) => f.data)).equals(
        SAMPLE.subarray(0, Buffer.concat(frames.slice(0, 25).map((f) => f.data)).length),
      ),
    ).toBe(true);
    expect(frames.slice(1).map((f, i) => f.timestamp - frames[i].timestamp)).toEqual(
      frames.slice(1).map(() => 40),
    );
    expect(frames.slice(0, 26).map((f) => f.dataType === DataType.I_FRAME)).toEqual(
      Array.from({ length: 26 }, (_, i) => i % 25 === 0),
    );
    const audio = link.frames.filter((f) => f.payloadType === PayloadType.G711A);
    expect(audio.length).toBeGreaterThan(10);
    expect(audio.every((f) => f.dataType === DataType.AUDIO && f.data.length === 320)).toBe(true);

    const close = await command(phone, '0x9102', {
      channel: 1,
      command: 0,
      closeType: 0,
      switchStreamType: 0,
    });
    expect(close.status).toBe(InstructionStatus.SUCCESS);
    await waitUntil(() => link.closed, 5_000, 'the media link closed');
  });

  it('2019: the SIM goes as BCD[10], video only when asked for video', async () => {
    const phone = terminals[1].phone;
    const opened = nextLink();
    expect(
      (await command(phone, '0x9101', { ...mediaServer(), channel: 2, dataType: 1, streamType: 1 })).status,
    ).toBe(InstructionStatus.SUCCESS);
    const link = await opened;
    await waitUntil(() => videoFrames(link).length >= 5, 10_000, 'video frames');
    expect(phone).toHaveLength(20);
    expect(link.deframer.simBytes).toBe(10);
    expect(new Set(link.packets.map((p) => `${p.sim}/${p.channel}/${p.payloadType}`))).toEqual(
      new Set([`${phone}/2/98`]),
    );
    await command(phone, '0x9102', { channel: 2, command: 0, closeType: 0, switchStreamType: 0 });
    await waitUntil(() => link.closed, 5_000, 'the media link closed');
  });

  it('answers 0x9003 with its audio/video attributes, and without --video refuses streams as not supported', async () => {
    const attributes = await command(terminals[0].phone, '0x9003', {});
    expect(attributes.replyMsgId).toBe('0x1003');
    expect(attributes.replyBody).toMatchObject({
      audioEncoding: 6,
      audioFrameLength: 320,
      videoEncoding: 98,
      maxVideoChannels: 4,
    });
    const refused = await command(terminals[2].phone, '0x9101', {
      ...mediaServer(),
      channel: 1,
      dataType: 0,
      streamType: 0,
    });
    expect({ status: refused.status, result: refused.replyResult }).toEqual({
      status: InstructionStatus.FAILED,
      result: 3,
    });
  });

  it('lists one 10-minute recording per hour and channel in the window (0x9205 -> 0x1205)', async () => {
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    const window = {
      startTime: msToBcd(hour - 12 * HOUR + 5 * 60_000),
      endTime: msToBcd(hour - HOUR + 30 * 60_000),
    };
    const query = { ...window, alarmFlags: '0000000000000000', mediaType: 0, streamType: 0, storageType: 0 };
    const all = await command(terminals[0].phone, '0x9205', { channel: 0, ...query });
    expect(all.replyMsgId).toBe('0x1205');
    const items = all.replyBody!.items as {
      channel: number;
      startTime: string;
      endTime: string;
      alarmFlags: string;
      fileSize: number;
    }[];
    expect(items).toHaveLength(12 * 4);
    expect(new Set(items.map((item) => item.channel))).toEqual(new Set([1, 2, 3, 4]));
    expect(
      items.every(
        (item) =>
          item.startTime >= window.startTime &&
          item.endTime <= window.endTime &&
          item.endTime > item.startTime &&
          item.fileSize > 0,
      ),
    ).toBe(true);
    // The first hour is cut by the window's start: 5 minutes instead of 10.
    expect(items[0]).toMatchObject({
      startTime: window.startTime,
      endTime: msToBcd(hour - 12 * HOUR + 10 * 60_000),
    });
    // Every fourth hour's recordings (hour number since the epoch divisible by 4) show video signal loss.
    const hourOf = (item: { startTime: string }) => Math.floor(bcdToMs(item.startTime) / HOUR);
    const flagged = items.filter((item) => item.alarmFlags === '0000000100000000');
    expect(flagged).toHaveLength(3 * 4);
    expect(flagged.every((item) => hourOf(item) % 4 === 0)).toBe(true);
    expect(
      items
        .filter((item) => item.alarmFlags !== '0000000100000000')
        .every((item) => item.alarmFlags === '0000000000000000'),
    ).toBe(true);

    const one = await command(terminals[0].phone, '0x9205', { channel: 3, ...query });
    expect(new Set((one.replyBody!.items as { channel: number }[]).map((item) => item.channel))).toEqual(
      new Set([3]),
    );
    expect(one.replyBody!.items).toHaveLength(12);
  });

  it('plays back at 4x from the requested start, and 16x keyframes end at the requested range', async () => {
    const phone = terminals[0].phone;
    const start = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
    const fast = nextLink();
    const request = {
      ...mediaServer(),
      channel: 3,
      mediaType: 0,
      streamType: 1,
      storageType: 1,
      playbackMode: 1,
      speed: 3,
      startTime: msToBcd(start),
      endTime: msToBcd(start + 10 * 60_000),
    };
    expect((await command(phone, '0x9201', request)).status).toBe(InstructionStatus.SUCCESS);
    const link = await fast;
    await waitUntil(() => videoFrames(link).length >= 150, 15_000, '6 s of media');
    const frames = videoFrames(link);
    expect(frames[0]).toMatchObject({ timestamp: start, dataType: DataType.I_FRAME });
    expect(frames.slice(1).every((f, i) => f.timestamp - frames[i].timestamp === 40)).toBe(true);
    // Pictures only when faster than 1x; 6 s of media in well under 6 s of wall time (4x: 1.5 s).
    expect(link.frames.every((f) => f.payloadType === PayloadType.H264)).toBe(true);
    const mediaMs = frames[149].timestamp - frames[0].timestamp;
    const wallMs = frames[149].receivedAt - frames[0].receivedAt;
    expect(wallMs).toBeLessThan(mediaMs / 2);
    expect(
      (await command(phone, '0x9202', { channel: 3, control: 2, speed: 0, position: '000000000000' })).status,
    ).toBe(InstructionStatus.SUCCESS);
    await waitUntil(() => link.closed, 5_000, 'playback stopped');

    const keyframes = nextLink();
    await command(phone, '0x9201', { ...request, channel: 4, speed: 5, endTime: msToBcd(start + 3_000) });
    const short = await keyframes;
    await waitUntil(() => short.closed, 10_000, 'the 3 s playback to end by itself');
    expect(videoFrames(short).map((f) => [f.dataType, f.timestamp - start])).toEqual([
      [DataType.I_FRAME, 0],
      [DataType.I_FRAME, 1000],
      [DataType.I_FRAME, 2000],
    ]);
  });

  it('seeks, pauses and resumes a playback (0x9202)', async () => {
    const phone = terminals[1].phone;
    const start = Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR;
    const opened = nextLink();
    const request = {
      ...mediaServer(),
      channel: 1,
      mediaType: 0,
      streamType: 1,
      storageType: 1,
      playbackMode: 0,
      speed: 0,
      startTime: msToBcd(start),
      endTime: msToBcd(start + 10 * 60_000),
    };
    await command(phone, '0x9201', request);
    const link = await opened;
    await waitUntil(() => videoFrames(link).length >= 3, 5_000, 'playback frames');
    const control = (body: Record<string, unknown>) =>
      command(phone, '0x9202', { channel: 1, speed: 0, position: '000000000000', ...body });
    // Seek to 5.5 s: the stream goes on from the keyframe at 5 s.
    expect((await control({ control: 5, position: msToBcd(start + 5_500) })).status).toBe(
      InstructionStatus.SUCCESS,
    );
    await waitUntil(
      () => videoFrames(link).some((f) => f.timestamp === start + 5_000),
      5_000,
      'the keyframe at 5 s',
    );
    const frames = videoFrames(link);
    const jump = frames.findIndex((f, i) => i > 0 && f.timestamp - frames[i - 1].timestamp !== 40);
    expect(frames[jump]).toMatchObject({ timestamp: start + 5_000, dataType: DataType.I_FRAME });
    expect(frames[jump - 1].timestamp).toBeLessThan(start + 2_000);

    await control({ control: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const whilePaused = link.frames.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(link.frames.length).toBe(whilePaused);
    await control({ control: 0 });
    await waitUntil(() => link.frames.length > whilePaused + 4, 5_000, 'frames after resuming');
    // Resumed where it paused: no gap in media time.
    const after = videoFrames(link).slice(jump);
    expect(after.slice(1).every((f, i) => f.timestamp - after[i].timestamp === 40)).toBe(true);
    await control({ control: 2 });
    await waitUntil(() => link.closed, 5_000, 'playback stopped');
  });

  it('uploads the recording over FTP, then reports 0x1206 (0 success, 1 for a refused login)', async () => {
    const phone = terminals[0].phone;
    const range = { startTime: '250101080000', endTime: '250101081000' };
    const upload = {
      serverAddress: '127.0.0.1',
      port: ftpPort,
      user: FTP_USER,
      password: FTP_PASSWORD,
      path: '/uploads/015100000001',
      channel: 2,
      ...range,
      alarmFlags: '0000000000000000',
      mediaType: 0,
      streamType: 1,
      storageLocation: 0,
      taskConditions: 7,
    };
    const reply = await command(phone, '0x9206', upload);
    expect(reply.status).toBe(InstructionStatus.SUCCESS);
    const serial = reply.replyBody!.replySerial as number;
    const done = () =>
      uplinks.values.find(
        (u) => u.msgId === '0x1206' && u.terminalPhone === phone && u.body.replySerial === serial,
      );
    await waitUntil(() => done() !== undefined, 15_000, '0x1206');
    expect(done()!.body.result).toBe(0);
    expect(
      readFileSync(join(ftpRoot, 'uploads', '015100000001', '2_250101080000_250101081000.h264')).equals(
        SAMPLE,
      ),
    ).toBe(true);

    const refused = await command(phone, '0x9206', { ...upload, password: 'wrong' });
    const refusedSerial = refused.replyBody!.replySerial as number;
    const failed = () =>
      uplinks.values.find(
        (u) => u.msgId === '0x1206' && u.terminalPhone === phone && u.body.replySerial === refusedSerial,
      );
    await waitUntil(() => failed() !== undefined, 15_000, '0x1206 after a refused login');
    expect(failed()!.body.result).toBe(1);
  });
});
