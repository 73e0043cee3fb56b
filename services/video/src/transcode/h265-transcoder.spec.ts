import { DataType, H264Nal, PayloadType, h264NalType, splitAnnexB, type Jt1078Frame } from '@openfleet/jt1078';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { findFfmpeg } from './ffmpeg-binary';
import { H265Transcoder } from './h265-transcoder';
import { H265_FRAMES, until } from './testing/h265-sample';

const video = H265_FRAMES.filter((frame) => frame.dataType !== DataType.AUDIO);

/** A child process that takes what it is given and dies when told. */
function fakeChild(): ChildProcessWithoutNullStreams & { written: Buffer[]; die(code: number): void } {
  const child = new EventEmitter() as ChildProcessWithoutNullStreams & { written: Buffer[]; die(code: number): void };
  const written: Buffer[] = [];
  const stdin = new PassThrough();
  stdin.on('data', (chunk: Buffer) => written.push(chunk));
  Object.assign(child, { stdin, stdout: new PassThrough(), stderr: new PassThrough(), written, pid: 1, kill: () => true, die: (code: number) => child.emit('exit', code, null) });
  return child;
}

describe('H.265 transcoder', () => {
  it('finds an ffmpeg (the PATH or the optional npm package), or the transcoding tests say why', () => {
    const ffmpeg = findFfmpeg();
    // The reason is in the failure message when neither is there.
    expect(ffmpeg.found ? 'found' : ffmpeg.reason).toBe('found');
  });

  it('turns the sample into H.264 frame for frame, keeping the terminal timestamps, with a keyframe every 25', async () => {
    const ffmpeg = findFfmpeg();
    if (!ffmpeg.found) throw new Error(`no ffmpeg: ${ffmpeg.reason}`);
    const out: Jt1078Frame[] = [];
    const failed = jest.fn();
    const transcoder = new H265Transcoder(ffmpeg.path, (frame) => out.push(frame), failed);
    for (const frame of video) transcoder.push(frame);
    // Every frame comes back without the input ending: none is held for a next one.
    await until('the transcoded frames', () => out.length === video.length, 20_000);
    transcoder.stop();
    expect(failed).not.toHaveBeenCalled();
    expect(out.map((frame) => frame.timestamp)).toEqual(video.map((frame) => frame.timestamp));
    expect(out.every((frame) => frame.payloadType === PayloadType.H264)).toBe(true);
    const keyframes = out.flatMap((frame, i) => (frame.dataType === DataType.I_FRAME ? [i] : []));
    expect(keyframes).toEqual([0, 25, 50, 75]);
    const first = splitAnnexB(out[0].data).map(h264NalType);
    expect(first).toEqual(expect.arrayContaining([H264Nal.SPS, H264Nal.PPS, H264Nal.IDR]));
    expect(splitAnnexB(out[1].data).map(h264NalType)).not.toContain(H264Nal.SPS);
    expect(transcoder.stats).toMatchObject({ framesIn: video.length, dropped: 0, restarts: 0 });
  }, 30_000);

  it('waits for a keyframe, starts ffmpeg again at the next one after a crash, and reports (never throws) one that keeps crashing', () => {
    const children: ReturnType<typeof fakeChild>[] = [];
    const failed = jest.fn();
    let now = 0;
    const transcoder = new H265Transcoder('/fake/ffmpeg', () => undefined, failed, {
      maxRestarts: 2,
      now: () => now,
      spawnProcess: () => {
        children.push(fakeChild());
        return children[children.length - 1];
      },
    });
    transcoder.push(video[1]);
    expect(children).toHaveLength(0);
    expect(transcoder.stats.dropped).toBe(1);
    transcoder.push(video[0]);
    transcoder.push(video[1]);
    expect(children).toHaveLength(1);
    expect(transcoder.stats.framesIn).toBe(2);

    children[0].die(1);
    expect(transcoder.running).toBe(false);
    transcoder.push(video[2]);
    expect(children).toHaveLength(1);
    transcoder.push(video[25]);
    expect(children).toHaveLength(2);
    expect(transcoder.stats.restarts).toBe(1);

    now = 1000;
    children[1].die(1);
    transcoder.push(video[50]);
    children[2].die(1);
    expect(failed).toHaveBeenCalledTimes(1);
    expect(failed.mock.calls[0][0]).toMatch(/ffmpeg exited \(code 1\)/);
    transcoder.push(video[75]);
    expect(children).toHaveLength(3);
  });

  it('forgets crashes older than the restart window', () => {
    let now = 0;
    const children: ReturnType<typeof fakeChild>[] = [];
    const failed = jest.fn();
    const transcoder = new H265Transcoder('/fake/ffmpeg', () => undefined, failed, { maxRestarts: 1, restartWindowMs: 10_000, now: () => now, spawnProcess: () => (children.push(fakeChild()), children[children.length - 1]) });
    for (const at of [0, 20_000, 40_000]) {
      now = at;
      transcoder.push(video[0]);
      children[children.length - 1].die(1);
    }
    expect(failed).not.toHaveBeenCalled();
    expect(transcoder.stats.restarts).toBe(3);
  });

  it('reports an ffmpeg that cannot be started', () => {
    const failed = jest.fn();
    const transcoder = new H265Transcoder('/fake/ffmpeg', () => undefined, failed, { spawnProcess: () => { throw new Error('ENOENT'); } });
    transcoder.push(video[0]);
    expect(failed).toHaveBeenCalledWith('ffmpeg could not be started: ENOENT');
  });
});
