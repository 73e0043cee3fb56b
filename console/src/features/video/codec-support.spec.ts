import type { StreamEvent } from './mse-ws-session';
import { canPlayHevc, HEVC_PROBE_MIME, isTranscodedUrl, openPlayable, transcodedUrl } from './codec-support';

const URL_ = 'ws://console.example/video/ws/013800000001-1?token=abc';

describe('codec support (H.265 in any browser)', () => {
  it('asks MSE about hvc1 and treats a throwing or missing MSE as no', () => {
    const asked: string[] = [];
    expect(canPlayHevc((mime) => (asked.push(mime), true))).toBe(true);
    expect(asked).toEqual([HEVC_PROBE_MIME]);
    expect(canPlayHevc(() => false)).toBe(false);
    expect(canPlayHevc(() => { throw new Error('no MSE'); })).toBe(false);
  });

  it('adds video=h264 to the media URL, keeping the token', () => {
    const url = transcodedUrl(URL_);
    expect(url).toBe(`${URL_}&video=h264`);
    expect(isTranscodedUrl(url)).toBe(true);
    expect(isTranscodedUrl(URL_)).toBe(false);
  });

  it('opens the stream again transcoded when this browser cannot play its H.265, and only once', () => {
    const opened: { url: string; emit: (event: StreamEvent) => void; disposed: boolean }[] = [];
    const events: StreamEvent[] = [];
    const session = openPlayable((url, emit) => {
      const entry = { url, emit, disposed: false };
      opened.push(entry);
      return { dispose: () => (entry.disposed = true) };
    }, URL_, 'k1', (event) => events.push(event));
    opened[0].emit({ type: 'unsupported', reason: 'h265', codec: 'hvc1.1.6.L60.90' });
    expect(opened.map((entry) => [entry.url, entry.disposed])).toEqual([[URL_, true], [`${URL_}&video=h264`, false]]);
    expect(events).toEqual([]);
    // The server could not transcode: the tile says why, no third try.
    opened[1].emit({ type: 'unsupported', reason: 'h265', codec: 'H.265, not transcoded: no ffmpeg' });
    expect(opened).toHaveLength(2);
    expect(events).toEqual([{ type: 'unsupported', reason: 'h265', codec: 'H.265, not transcoded: no ffmpeg' }]);
    session.dispose();
    expect(opened[1].disposed).toBe(true);
  });

  it('passes other codecs\' refusals and every other event on untouched', () => {
    const opened: ((event: StreamEvent) => void)[] = [];
    const events: StreamEvent[] = [];
    openPlayable((_url, emit) => (opened.push(emit), { dispose: () => undefined }), URL_, 'k2', (event) => events.push(event));
    opened[0]({ type: 'playing' });
    opened[0]({ type: 'unsupported', reason: 'avs', codec: 'AVS' });
    expect(opened).toHaveLength(1);
    expect(events).toEqual([{ type: 'playing' }, { type: 'unsupported', reason: 'avs', codec: 'AVS' }]);
  });
});
