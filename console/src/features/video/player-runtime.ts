import videojs from 'video.js';
import 'video.js/dist/video-js.css';
import type { MediaStreamView } from '@openfleet/contracts/video';
import { FMP4_WS_TYPE, registerFmp4WsSourceHandler, type VideoJsWithTechs } from './fmp4-ws-source-handler';
import { mediaSocketUrl } from './media-message';

/** What a tile keeps of its video.js player. */
export interface TilePlayer {
  dispose(): void;
}

/**
 * A video.js player on the tile's <video> for one stream: our WebSocket through MSE, or the HLS
 * (fMP4) playlist through video.js's VHS where the browser has no MediaSource. Loaded with the
 * first tile that plays, so video.js stays out of every other chunk.
 */
export function createTilePlayer(video: HTMLVideoElement, stream: MediaStreamView, origin: string): TilePlayer {
  registerFmp4WsSourceHandler(videojs as unknown as VideoJsWithTechs);
  const player = videojs(video, { controls: false, autoplay: 'muted', muted: true, preload: 'auto', bigPlayButton: false, loadingSpinner: false, errorDisplay: false, textTrackDisplay: false, controlBar: false });
  if (typeof window.MediaSource === 'function') {
    player.src({ src: mediaSocketUrl(origin, stream.wsUrl), type: FMP4_WS_TYPE, streamKey: stream.streamKey, live: stream.kind === 'live' });
  } else {
    player.src({ src: stream.hlsUrl, type: 'application/x-mpegURL' });
  }
  return { dispose: () => player.dispose() };
}
