import type { MediaSocketMessage } from '@openfleet/contracts';
import { DataType, h264AccessUnits, PayloadType, type Jt1078Frame } from '@openfleet/jt1078';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MediaStream, type StreamOwner } from './media-stream';
import { VIEWER_BACKLOG_RESUME, VIEWER_BACKLOG_SKIP, type MediaViewer } from './media-viewer';

// The simulator's camera: 25 fps, an IDR every 25 frames (frames 0, 25, 50 ...).
const units = h264AccessUnits(readFileSync(join(__dirname, '../../../../scripts/simulator/media/sample.h264')));
const T0 = 1_700_000_000_000;
const frame = (i: number): Jt1078Frame => ({ channel: 1, dataType: units[i].keyframe ? DataType.I_FRAME : DataType.P_FRAME, payloadType: PayloadType.H264, timestamp: T0 + i * 40, data: units[i].data });
const owner: StreamOwner = { vehicleId: 'v1', plateCode: 'A1', companyId: '1', terminalPhone: '013800000001', channel: 1, kind: 'live', streamType: 0, dataType: 0, openedBy: 'u1' };

class FakeViewer implements MediaViewer {
  readonly texts: MediaSocketMessage[] = [];
  readonly binaries: Buffer[] = [];
  queued = 0;
  closed = false;
  constructor(readonly id: string, readonly userId = 'u1') {}
  sendText(message: MediaSocketMessage): void {
    this.texts.push(message);
  }
  sendBinary(data: Buffer): void {
    this.binaries.push(data);
  }
  backlog(): number {
    return this.queued;
  }
  close(): void {
    this.closed = true;
  }
}

/** Feeds frames [from, to) at their own time. */
function feed(stream: MediaStream, from: number, to: number): void {
  for (let i = from; i < to; i++) stream.accept([frame(i)], T0 + i * 40);
}

describe('media stream', () => {
  it('sends a viewer there from the start the init segment, the origin, then one fragment per frame', () => {
    const stream = new MediaStream('013800000001-1', owner, T0);
    const viewer = new FakeViewer('a');
    stream.addViewer(viewer);
    feed(stream, 0, 30);
    expect(viewer.texts.map((text) => text.type)).toEqual(['init', 'origin']);
    expect(viewer.texts[0]).toMatchObject({ type: 'init', videoCodec: expect.stringMatching(/^avc1/), width: 480, height: 270 });
    expect(viewer.binaries[0]).toBe(stream.initSegment!.data);
    expect(viewer.binaries).toHaveLength(1 + 30);
  });

  it('starts a late joiner at the latest keyframe: init, then the GOP so far, nothing older', () => {
    const stream = new MediaStream('013800000001-1', owner, T0);
    const early = new FakeViewer('early');
    stream.addViewer(early);
    feed(stream, 0, 30);
    const late = new FakeViewer('late');
    stream.addViewer(late);
    // Frames 25..29 are the GOP of the keyframe at 25.
    expect(late.binaries).toEqual([stream.initSegment!.data, ...early.binaries.slice(-5)]);
    expect(late.texts.map((text) => text.type)).toEqual(['init', 'origin']);
    feed(stream, 30, 31);
    expect(late.binaries.at(-1)).toBe(early.binaries.at(-1));
  });

  it('lets a slow viewer skip to a keyframe once it has caught up, instead of growing a backlog', () => {
    const stream = new MediaStream('013800000001-1', owner, T0);
    const slow = new FakeViewer('slow');
    stream.addViewer(slow);
    feed(stream, 0, 10);
    const sent = () => slow.binaries.length;
    slow.queued = VIEWER_BACKLOG_SKIP; // at the limit: still sent
    feed(stream, 10, 11);
    expect(sent()).toBe(1 + 11);
    slow.queued = VIEWER_BACKLOG_SKIP + 1;
    feed(stream, 11, 20);
    expect(sent()).toBe(1 + 11);
    slow.queued = VIEWER_BACKLOG_RESUME; // not yet below the resume mark: the keyframe at 25 is skipped too
    feed(stream, 20, 30);
    expect(sent()).toBe(1 + 11);
    slow.queued = VIEWER_BACKLOG_RESUME - 1; // caught up, but resumes only at the next keyframe (50)
    feed(stream, 30, 50);
    expect(sent()).toBe(1 + 11);
    feed(stream, 50, 52);
    expect(sent()).toBe(1 + 11 + 2);
  });

  it('cuts HLS segments only once a player asked for the playlist', () => {
    const stream = new MediaStream('013800000001-1', owner, T0);
    feed(stream, 0, 60);
    expect(stream.hls.size).toBe(0);
    stream.hlsWanted = true;
    feed(stream, 60, 130);
    expect(stream.hls.size).toBe(2); // GOPs 75-99 and 100-124; 60-74 had no keyframe to start on
    expect(stream.hls.segment(0)?.durationS).toBe(1);
  });

  it('is idle from its opening until watched, and again from when its last viewer leaves', () => {
    const stream = new MediaStream('013800000001-1', owner, T0);
    expect(stream.idleSince).toBe(T0);
    stream.addViewer(new FakeViewer('a'));
    stream.addViewer(new FakeViewer('b'));
    expect(stream.idleSince).toBeUndefined();
    stream.removeViewer('a', T0 + 1000);
    expect(stream.idleSince).toBeUndefined();
    stream.removeViewer('b', T0 + 2000);
    expect(stream.idleSince).toBe(T0 + 2000);
    stream.removeViewer('b', T0 + 3000);
    expect(stream.idleSince).toBe(T0 + 2000);
  });

  it('tells every viewer why it closed, lets them go and drops the link, once', () => {
    const stream = new MediaStream('013800000001-1', owner, T0);
    const viewer = new FakeViewer('a');
    stream.addViewer(viewer);
    const ended = jest.fn();
    stream.onEnd(ended);
    stream.close('admin');
    stream.close('idle');
    expect(viewer.texts).toEqual([{ type: 'closed', reason: 'admin' }]);
    expect(viewer.closed).toBe(true);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(stream.viewerCount).toBe(0);
    expect(stream.closed).toBe(true);
  });
});
