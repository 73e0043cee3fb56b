import { HlsWindow } from './hls-window';

const part = (label: string) => Buffer.from(label);

describe('HLS window', () => {
  it('cuts a segment at each keyframe, one GOP each, with its duration from the decode times', () => {
    const hls = new HlsWindow();
    hls.add(part('K1'), true, 0);
    hls.add(part('p1'), false, 40);
    hls.add(part('p2'), false, 80);
    expect(hls.size).toBe(0); // the GOP in progress is not a segment yet
    hls.add(part('K2'), true, 1500);
    expect(hls.size).toBe(1);
    expect(hls.segment(0)).toEqual({ sequence: 0, data: part('K1p1p2'), durationS: 1.5 });
    hls.add(part('K3'), true, 2000);
    expect(hls.segment(1)).toEqual({ sequence: 1, data: part('K2'), durationS: 0.5 });
  });

  it('drops fragments before the first keyframe (a player cannot start on them)', () => {
    const hls = new HlsWindow();
    hls.add(part('p0'), false, 0);
    hls.add(part('K1'), true, 40);
    hls.add(part('K2'), true, 1040);
    expect(hls.segment(0)?.data).toEqual(part('K1'));
  });

  it('keeps only the newest segments and moves the media sequence with them', () => {
    const hls = new HlsWindow(3);
    for (let i = 0; i <= 5; i++) hls.add(part(`K${i}`), true, i * 1000);
    expect(hls.size).toBe(3);
    expect(hls.segment(1)).toBeUndefined();
    expect(hls.segment(2)?.data).toEqual(part('K2'));
    expect(hls.playlist('t=x')).toContain('#EXT-X-MEDIA-SEQUENCE:2\n');
  });

  it('writes the live playlist: target duration rounded up, every URI signed', () => {
    const hls = new HlsWindow();
    hls.add(part('K1'), true, 0);
    hls.add(part('K2'), true, 2100);
    hls.add(part('K3'), true, 3100);
    expect(hls.playlist('token=abc')).toBe(
      ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:3', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-MAP:URI="init.mp4?token=abc"', '#EXTINF:2.100,', '0.m4s?token=abc', '#EXTINF:1.000,', '1.m4s?token=abc', ''].join('\n'),
    );
  });

  it('an empty window still has a valid playlist (target 1 s, sequence 0)', () => {
    expect(new HlsWindow().playlist('q')).toBe('#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-MAP:URI="init.mp4?q"\n');
  });
});
