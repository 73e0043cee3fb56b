import { DataType, h264AccessUnits, PayloadType } from '@openfleet/jt1078';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MediaStream } from '../media/media-stream';
import type { VideoConfig } from '../video-config';
import { H264Variant } from './h264-variant';
import { TranscodeHub } from './transcode-hub';
import { FakeViewer, H265_FRAMES, OWNER, T0, play, until } from './testing/h265-sample';

const config = { VIDEO_SPEECH_CODEC: 'flac', VIDEO_MAX_TRANSCODES: 8 } as VideoConfig;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('transcode hub (H.265 to H.264 for browsers without H.265)', () => {
  let hub: TranscodeHub;
  beforeEach(() => {
    hub = new TranscodeHub(config);
    if (!hub.ffmpeg.found) throw new Error(`the transcoding tests need ffmpeg: ${hub.ffmpeg.reason}`);
  });
  afterEach(() => hub.onModuleDestroy());

  it('runs one ffmpeg for two viewers, gives both H.264 with AAC marked as transcoded, and stops it with the last viewer', async () => {
    const source = new MediaStream('013800000001-1', OWNER, T0);
    const direct = new FakeViewer('direct');
    source.addViewer(direct);
    const first = new FakeViewer('a');
    const second = new FakeViewer('b');
    const leaveFirst = hub.join(source, first);
    const leaveSecond = hub.join(source, second);
    expect(source.viewerCount).toBe(3);
    await play(source, H265_FRAMES.slice(0, 60));
    await until('fragments for both', () => first.binaries.length > 20 && second.binaries.length > 20);
    expect(hub.running).toBe(1);

    expect(direct.texts.find((m) => m.type === 'init')).toMatchObject({ videoCodec: expect.stringMatching(/^hvc1\./), audioCodec: 'mp4a.40.2' });
    for (const viewer of [first, second]) {
      const init = viewer.texts.find((m) => m.type === 'init');
      expect(init).toMatchObject({ videoCodec: expect.stringMatching(/^avc1\./), audioCodec: 'mp4a.40.2', width: 320, height: 180, transcodedFrom: 'H.265' });
      expect(viewer.binaries[0].subarray(4, 8).toString()).toBe('ftyp');
    }
    const pid = hub.variantOf(source)!.transcoding!.pid!;
    leaveFirst();
    expect(alive(pid)).toBe(true);
    expect(source.viewerCount).toBe(2);
    leaveSecond();
    expect(source.viewerCount).toBe(1);
    expect(hub.variantOf(source)).toBeUndefined();
    await until('ffmpeg gone', () => !alive(pid));
    expect(hub.running).toBe(0);
  }, 30_000);

  it('gives a viewer joining mid-GOP video and audio from the first init (never an audio-only start)', async () => {
    const source = new MediaStream('013800000001-5', OWNER, T0);
    const early = new FakeViewer('early');
    source.addViewer(early);
    // Half a second into the first GOP: the next keyframe is a second away, audio goes on.
    await play(source, H265_FRAMES.slice(0, 20));
    const viewer = new FakeViewer('late');
    hub.join(source, viewer);
    await play(source, H265_FRAMES.slice(20, 90));
    await until('the transcoded init', () => viewer.texts.some((m) => m.type === 'init'));
    const inits = viewer.texts.filter((m) => m.type === 'init');
    expect(inits).toHaveLength(1);
    expect(inits[0]).toMatchObject({ mime: expect.stringMatching(/^video\/mp4; codecs="avc1\.[0-9A-F]+, mp4a\.40\.2"$/) });
  }, 30_000);

  it('hands a stream known to be H.264 over as it is, without a transcode', () => {
    const source = new MediaStream('013800000001-2', OWNER, T0);
    const units = h264AccessUnits(readFileSync(join(__dirname, '../../../../scripts/simulator/media/sample.h264')));
    source.accept(units.slice(0, 10).map((unit, i) => ({ channel: 1, dataType: unit.keyframe ? DataType.I_FRAME : DataType.P_FRAME, payloadType: PayloadType.H264, timestamp: T0 + i * 40, data: unit.data })), T0 + 400);
    const viewer = new FakeViewer('c');
    const leave = hub.join(source, viewer);
    expect(hub.variantOf(source)).toBeUndefined();
    expect(source.viewerCount).toBe(1);
    expect(viewer.texts[0]).toMatchObject({ type: 'init', videoCodec: expect.stringMatching(/^avc1\./) });
    expect(viewer.texts[0]).not.toHaveProperty('transcodedFrom');
    leave();
    expect(source.viewerCount).toBe(0);
  });

  it('passes the source\'s end on with its reason and stops ffmpeg', async () => {
    const source = new MediaStream('013800000001-3', OWNER, T0);
    const viewer = new FakeViewer('d');
    hub.join(source, viewer);
    await play(source, H265_FRAMES.slice(0, 10));
    await until('ffmpeg running', () => hub.running === 1);
    const pid = hub.variantOf(source)!.transcoding!.pid!;
    source.close('idle');
    expect(viewer.texts.filter((m) => m.type === 'closed')).toEqual([{ type: 'closed', reason: 'idle' }]);
    expect(viewer.closed).toBe(true);
    expect(hub.variantOf(source)).toBeUndefined();
    await until('ffmpeg gone', () => !alive(pid));
  });

  it('runs at most VIDEO_MAX_TRANSCODES transcodes and tells a viewer beyond why', () => {
    const small = new TranscodeHub({ ...config, VIDEO_MAX_TRANSCODES: 1 });
    const first = new MediaStream('013800000001-6', OWNER, T0);
    const second = new MediaStream('013800000001-7', OWNER, T0);
    small.join(first, new FakeViewer('g'));
    small.join(first, new FakeViewer('h'));
    expect(first.viewerCount).toBe(2);
    const refused = new FakeViewer('i');
    small.join(second, refused);
    expect(refused.texts).toEqual([{ type: 'unsupported', reason: 'h265', codec: 'H.265, not transcoded: the server already transcodes its maximum of 1 (VIDEO_MAX_TRANSCODES)' }]);
    expect(refused.closed).toBe(true);
    expect(second.viewerCount).toBe(0);
    small.onModuleDestroy();
  });

  it('still reports AVS and SVAC as unsupported, with the reason', () => {
    for (const [payloadType, reason, codec] of [[PayloadType.AVS, 'avs', 'AVS'], [PayloadType.SVAC, 'svac', 'SVAC']] as const) {
      const source = new MediaStream(`013800000001-${payloadType}`, OWNER, T0);
      const viewer = new FakeViewer('e');
      hub.join(source, viewer);
      source.accept([{ channel: 1, dataType: DataType.I_FRAME, payloadType, timestamp: T0, data: Buffer.from([0, 0, 1, 0xb0]) }], T0);
      expect(viewer.texts).toEqual([{ type: 'unsupported', reason, codec }]);
      expect(hub.running).toBe(0);
    }
  });

  it('tells the viewer why when there is no ffmpeg, and never throws', () => {
    const source = new MediaStream('013800000001-4', OWNER, T0);
    const viewer = new FakeViewer('f');
    const variant = new H264Variant(source, { found: false, reason: 'no ffmpeg on the PATH' }, 'flac', () => undefined);
    variant.join(viewer);
    variant.accept(H265_FRAMES.slice(0, 3), T0);
    expect(viewer.texts).toEqual([{ type: 'unsupported', reason: 'h265', codec: 'H.265, not transcoded: no ffmpeg on the PATH' }]);
    expect(viewer.closed).toBe(true);
    expect(source.viewerCount).toBe(0);
  });
});
