// H.265 + AAC over the whole path: a provisioned terminal answers 0x9101 and streams the simulator's
// H.265 + AAC sample (payload types 99 and 19) over TCP JT/T 1078; one browser gets it as it is
// (hvc1 + mp4a fMP4 over the signed WebSocket) and one that cannot play H.265 asks for `video=h264`
// (one ffmpeg turns it into H.264, remuxed by our own muxer). Each received fMP4 is decoded back
// with ffmpeg: the hvc1 picture frame for frame identical to decoding the sample itself, the
// transcoded one every frame, close to it, with the AAC audio.
import { Gateway808Server } from '@openfleet/gateway-808';
import type { TestTerminal } from '@openfleet/gateway-808/testing';
import { h265FramePackets, h265Timeline, packetLink } from '@openfleet/jt1078';
import { findFfmpeg, MediaIngestServer } from '@openfleet/video';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { RunningPlatform } from '../src';
import { connectTerminal, loginAdmin, provisionVehicle, sleep, waitFor, type ApiClient, type ProvisionedVehicle } from './provisioning';
import { startTestPlatform } from './test-platform';

const SAMPLE = join(__dirname, '../../../scripts/simulator/media/sample.h265');
const AAC = join(__dirname, '../../../scripts/simulator/media/sample.aac');
const ffmpeg = findFfmpeg();
const work = mkdtempSync(join(tmpdir(), 'openfleet-h265-'));

jest.setTimeout(120_000);

/** Runs ffmpeg (the one the transcoder uses) and returns what it printed. */
function run(args: string[]): string {
  if (!ffmpeg.found) throw new Error(`this test needs ffmpeg: ${ffmpeg.reason}`);
  return execFileSync(ffmpeg.path, ['-hide_banner', '-v', 'error', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
/** Per-frame MD5s of a file's decoded stream (`v` or `a`), in order. */
const frameHashes = (file: string, stream: 'v' | 'a') => run(['-i', file, '-map', `0:${stream}:0`, '-f', 'framemd5', '-']).split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split(',').pop()!.trim());

class Viewer {
  readonly texts: Record<string, unknown>[] = [];
  readonly binaries: Buffer[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => (isBinary ? this.binaries.push(data as Buffer) : this.texts.push(JSON.parse(String(data)))));
  }
  static open(url: string): Promise<Viewer> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const viewer = new Viewer(ws);
      ws.once('open', () => resolve(viewer));
      ws.once('error', reject);
    });
  }
  save(name: string): string {
    const file = join(work, name);
    writeFileSync(file, Buffer.concat(this.binaries));
    return file;
  }
}

describe('H.265 + AAC over the whole path (standalone)', () => {
  let platform: RunningPlatform;
  let admin: ApiClient;
  let terminal: TestTerminal;
  let vehicle: ProvisionedVehicle;
  let http: string;
  let mediaPort: number;

  beforeAll(async () => {
    if (!ffmpeg.found) throw new Error(`the H.265 transcoding test needs ffmpeg (PATH or the optional package): ${ffmpeg.reason}`);
    platform = await startTestPlatform('strict', undefined, { VIDEO_URL_TTL_S: '60', LOG_LEVEL: process.env.VIDEO_TEST_LOG ?? 'silent' });
    http = `127.0.0.1:${(platform.app.getHttpServer().address() as { port: number }).port}`;
    mediaPort = platform.app.get(MediaIngestServer).tcpPort();
    admin = await loginAdmin(platform);
    const companyId = await admin.create('/basic/company', { name: 'HEVC Fleet Co' });
    vehicle = await provisionVehicle(admin, companyId, { sim: '13300000265', plate: '京V26500', terminalCode: 'VID0265', version: '2019', videoChannels: 1 });
    terminal = await connectTerminal(platform.app.get(Gateway808Server).address().port, vehicle);
  });

  afterAll(async () => {
    terminal?.close();
    await platform?.app.close();
  });

  it('plays as hvc1 to a browser with H.265 and as transcoded H.264 to one without, every frame decoded, with AAC', async () => {
    // supertest sends on then(): start it now, the terminal answers below.
    const request = admin.post('/video/live/open', { vehicleId: vehicle.vehicleId, channel: 1, streamType: 1 }).then((response) => response);
    const command = await terminal.expect((m) => m.msgId === 0x9101, 10_000).catch(async (error: Error) => {
      throw new Error(`${error.message}; the open answered ${JSON.stringify((await request).body)}`);
    });
    terminal.send(0x0001, { replySerial: command.serial, replyId: 0x9101, result: 0 });
    const view = (await request).body.data as { wsUrl: string };
    const direct = await Viewer.open(`ws://${http}${view.wsUrl}`);
    const transcoded = await Viewer.open(`ws://${http}${view.wsUrl}&video=h264`);

    // The terminal: one pass of the sample (4 s) at twice real time.
    const socket = connect(mediaPort, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const link = packetLink({ sim: vehicle.header, simBytes: 10, channel: 1 });
    const startAt = Date.now();
    const entries = h265Timeline({ video: readFileSync(SAMPLE), audio: readFileSync(AAC) }).entries;
    for (const entry of entries) {
      const due = startAt + entry.atMs / 2;
      if (due > Date.now()) await sleep(due - Date.now());
      for (const packet of h265FramePackets(link, entry, startAt + entry.atMs)) socket.write(packet);
    }
    const videoFrames = entries.filter((entry) => entry.kind === 'video').length;
    const fragments = (viewer: Viewer) => viewer.binaries.length - 1;
    await waitFor('every video frame transcoded', () => fragments(transcoded) >= videoFrames + 50 || undefined, 20_000);
    // The hvc1 viewer is not behind the transcoder, but on a loaded machine its last fragments may still be
    // on the way: wait until it has received nothing new for a second.
    let settled = { count: -1, at: Date.now() };
    await waitFor('the hvc1 viewer settled', () => {
      if (fragments(direct) !== settled.count) settled = { count: fragments(direct), at: Date.now() };
      return Date.now() - settled.at >= 1_000 || undefined;
    }, 15_000);

    const directInit = direct.texts.find((message) => message.type === 'init');
    expect(directInit).toMatchObject({ videoCodec: expect.stringMatching(/^hvc1\.1\./), audioCodec: 'mp4a.40.2', width: 320, height: 180 });
    expect(directInit).not.toHaveProperty('transcodedFrom');
    const transcodedInit = transcoded.texts.find((message) => message.type === 'init');
    expect(transcodedInit).toMatchObject({ videoCodec: expect.stringMatching(/^avc1\./), audioCodec: 'mp4a.40.2', width: 320, height: 180, transcodedFrom: 'H.265' });

    // The hvc1 picture is the sample's, frame for frame; the transcoded one has every frame.
    const reference = frameHashes(SAMPLE, 'v');
    expect(reference).toHaveLength(videoFrames);
    const directFile = direct.save('direct.mp4');
    expect(frameHashes(directFile, 'v')).toEqual(reference);
    const transcodedFile = transcoded.save('transcoded.mp4');
    expect(frameHashes(transcodedFile, 'v')).toHaveLength(videoFrames);
    // ... and looks like it: the PSNR against the sample's own decoding.
    // The psnr filter prints its summary on stderr.
    const psnr = spawnSync(ffmpeg.found ? ffmpeg.path : 'ffmpeg', ['-hide_banner', '-i', transcodedFile, '-i', SAMPLE, '-lavfi', '[0:v][1:v]psnr', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
    const average = Number(/average:([\d.]+)/.exec(psnr)?.[1]);
    expect(average).toBeGreaterThan(30);

    // AAC passes through on both: ADTS frames of 1024 samples decoded (the last may wait for a next video frame).
    const audioFrames = entries.filter((entry) => entry.kind === 'audio' && entry.atMs <= 3960).length;
    expect(frameHashes(directFile, 'a').length).toBeGreaterThanOrEqual(audioFrames - 1);
    expect(frameHashes(transcodedFile, 'a').length).toBeGreaterThanOrEqual(audioFrames - 2);

    socket.destroy();
    direct.ws.close();
    transcoded.ws.close();
  });
});
