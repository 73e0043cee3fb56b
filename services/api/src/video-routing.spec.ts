import { streamOf } from './video-routing';

describe('the api video routing: stream key of a media path', () => {
  it('reads the key and token of the media WebSocket and of every HLS path', () => {
    expect(streamOf('/video/ws/013900000031-1?token=a.b.c.d')).toEqual({ key: '013900000031-1', token: 'a.b.c.d' });
    expect(streamOf('/video/hls/013900000031-2-pb/index.m3u8?token=t%2B1')).toEqual({ key: '013900000031-2-pb', token: 't+1' });
    expect(streamOf('/video/hls/013900000031-2/7.m4s?token=x')).toEqual({ key: '013900000031-2', token: 'x' });
    expect(streamOf('/video/ws/013900000031-1')).toEqual({ key: '013900000031-1', token: '' });
  });

  it('reads the session key (the key its token is signed for) and token of the talk socket', () => {
    expect(streamOf('/video/talk/ws/6f1c0b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f?token=a.b')).toEqual({ key: 'talk:6f1c0b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', token: 'a.b' });
    expect(streamOf('/video/talk/ws/abc')).toEqual({ key: 'talk:abc', token: '' });
  });

  it('leaves signalling, talk signalling and malformed paths to the default replica', () => {
    expect(streamOf('/video/live/open')).toBeUndefined();
    expect(streamOf('/video/talk/open')).toBeUndefined();
    expect(streamOf('/video/talk/close')).toBeUndefined();
    expect(streamOf('/video/talk/ws/abc/more?token=x')).toBeUndefined();
    expect(streamOf('/video/internal/stream-owner/013900000031-1?token=x')).toBeUndefined();
    expect(streamOf('/video/ws/%E0%A4%A?token=x')).toBeUndefined();
  });
});
