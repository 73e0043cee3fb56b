import { AppendQueue, type AppendTarget } from './append-queue';
import { liveEdgeAction, quotaTrimRange, trimRange } from './live-edge';
import { initOutcome, mediaSocketUrl, parseMediaMessage } from './media-message';

class FakeBuffer implements AppendTarget {
  updating = false;
  readonly calls: string[] = [];
  quotaFull = 0;
  appendBuffer(data: ArrayBuffer): void {
    if (this.quotaFull > 0) {
      this.quotaFull -= 1;
      throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    }
    this.calls.push(`append ${data.byteLength}`);
    this.updating = true;
  }
  remove(start: number, end: number): void {
    this.calls.push(`remove ${start}-${end}`);
    this.updating = true;
  }
  /** What the browser does when an operation ends: updateend -> pump. */
  finish(queue: AppendQueue): void {
    this.updating = false;
    queue.pump();
  }
}

const chunk = (size: number) => new ArrayBuffer(size);

describe('AppendQueue', () => {
  it('appends in order, one at a time while the buffer is updating', () => {
    const buffer = new FakeBuffer();
    const queue = new AppendQueue(buffer, () => null, jest.fn());
    queue.append(chunk(1));
    queue.append(chunk(2));
    queue.append(chunk(3));
    expect(buffer.calls).toEqual(['append 1']);
    expect(queue.length).toBe(2);
    buffer.finish(queue);
    buffer.finish(queue);
    expect(buffer.calls).toEqual(['append 1', 'append 2', 'append 3']);
    expect(queue.length).toBe(0);
  });

  it('trims and retries the same chunk when the quota is full', () => {
    const buffer = new FakeBuffer();
    buffer.quotaFull = 1;
    const onError = jest.fn();
    const queue = new AppendQueue(buffer, () => [0, 8], onError);
    queue.append(chunk(7));
    expect(buffer.calls).toEqual(['remove 0-8']);
    buffer.finish(queue);
    expect(buffer.calls).toEqual(['remove 0-8', 'append 7']);
    expect(onError).not.toHaveBeenCalled();
  });

  it('drops the chunk and reports when nothing can be trimmed', () => {
    const buffer = new FakeBuffer();
    buffer.quotaFull = 1;
    const onError = jest.fn();
    const queue = new AppendQueue(buffer, () => null, onError);
    queue.append(chunk(7));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(buffer.calls).toEqual([]);
    queue.append(chunk(9));
    expect(buffer.calls).toEqual(['append 9']);
  });

  it('queues removals behind appends and clears on reset', () => {
    const buffer = new FakeBuffer();
    const queue = new AppendQueue(buffer, () => null, jest.fn());
    queue.append(chunk(1));
    queue.removeBefore(0, 4);
    queue.removeBefore(5, 5);
    queue.append(chunk(2));
    buffer.finish(queue);
    expect(buffer.calls).toEqual(['append 1', 'remove 0-4']);
    queue.clear();
    buffer.finish(queue);
    expect(buffer.calls).toEqual(['append 1', 'remove 0-4']);
  });
});

describe('live edge', () => {
  it('plays at 1x up to the 0.3 s target lead and nudges the rate in proportion beyond it, at most 1.1x', () => {
    expect(liveEdgeAction(10, 10.3)).toEqual({ kind: 'rate', rate: 1 });
    expect(liveEdgeAction(10, 10.1)).toEqual({ kind: 'rate', rate: 1 });
    expect(liveEdgeAction(10, 10.4)).toEqual({ kind: 'rate', rate: 1.05 });
    expect(liveEdgeAction(10, 10.46)).toEqual({ kind: 'rate', rate: 1.08 });
    expect(liveEdgeAction(10, 10.5)).toEqual({ kind: 'rate', rate: 1.1 });
    expect(liveEdgeAction(10, 12.5)).toEqual({ kind: 'rate', rate: 1.1 });
  });

  it('jumps to the target lead only when far behind', () => {
    expect(liveEdgeAction(10, 12.9)).toEqual({ kind: 'rate', rate: 1.1 });
    expect(liveEdgeAction(10, 20)).toEqual({ kind: 'seek', to: 19.7 });
  });

  it('trims what is older than 10 s behind the playhead, in batches of at least 5 s', () => {
    expect(trimRange(0, 14)).toBeNull();
    expect(trimRange(0, 15)).toEqual([0, 5]);
    expect(trimRange(2, 30)).toEqual([2, 20]);
    expect(quotaTrimRange(0, 6)).toEqual([0, 5]);
    expect(quotaTrimRange(5, 5.5)).toBeNull();
  });
});

describe('media socket messages', () => {
  it('reads init, unsupported and closed messages', () => {
    expect(parseMediaMessage('{"type":"init","mime":"video/mp4; codecs=\\"avc1.42c01e\\"","videoCodec":"H.264","audioCodec":"","width":480,"height":270}')).toEqual({
      type: 'init', mime: 'video/mp4; codecs="avc1.42c01e"', videoCodec: 'H.264', audioCodec: '', width: 480, height: 270,
    });
    expect(parseMediaMessage('{"type":"unsupported","reason":"avs","codec":"AVS"}')).toEqual({ type: 'unsupported', reason: 'avs', codec: 'AVS' });
    expect(parseMediaMessage('{"type":"closed","reason":"idle"}')).toEqual({ type: 'closed', reason: 'idle' });
    expect(parseMediaMessage('{"type":"origin","originMs":1764000000000}')).toEqual({ type: 'origin', originMs: 1_764_000_000_000 });
  });

  it('ignores malformed or unknown messages', () => {
    expect(parseMediaMessage('not json')).toBeNull();
    expect(parseMediaMessage('{"type":"init"}')).toBeNull();
    expect(parseMediaMessage('{"type":"closed","reason":"bored"}')).toBeNull();
    expect(parseMediaMessage('{"type":"unsupported","reason":"x"}')).toBeNull();
    expect(parseMediaMessage('null')).toBeNull();
    expect(parseMediaMessage('{"type":"origin","originMs":"soon"}')).toBeNull();
  });

  it('plays a supported mime and names H.265 the browser cannot decode', () => {
    const h265 = { type: 'init' as const, mime: 'video/mp4; codecs="hvc1.1.6.L93.B0"', videoCodec: 'H.265', audioCodec: '', width: 0, height: 0 };
    expect(initOutcome(h265, () => true)).toEqual({ play: true });
    expect(initOutcome(h265, () => false)).toEqual({ play: false, reason: 'h265', codec: 'H.265' });
    expect(initOutcome({ ...h265, mime: 'video/mp4; codecs="avc1"', videoCodec: 'H.264' }, () => false)).toEqual({ play: false, reason: 'codec', codec: 'H.264' });
  });

  it('turns the same-origin path into a ws or wss address', () => {
    expect(mediaSocketUrl('http://h:8080', '/media/ws/a?t=1')).toBe('ws://h:8080/media/ws/a?t=1');
    expect(mediaSocketUrl('https://h', '/m')).toBe('wss://h/m');
  });
});
