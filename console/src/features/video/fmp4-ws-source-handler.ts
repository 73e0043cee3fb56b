import { openPlayable } from './codec-support';
import { MseWebSocketSession, type StreamEvent } from './mse-ws-session';

/** The source type of our media WebSocket (fMP4 over WebSocket, played through MSE). */
export const FMP4_WS_TYPE = 'application/x-openfleet-fmp4-ws';

/** A video.js source object of that type; `streamKey` routes the stream's events to its tile. */
export interface Fmp4WsSource {
  src: string;
  type: typeof FMP4_WS_TYPE;
  streamKey: string;
  live: boolean;
}

interface SourceHandler {
  canPlayType(type: string): '' | 'maybe';
  canHandleSource(source: { type?: string }): '' | 'maybe';
  handleSource(source: Fmp4WsSource, tech: { el(): Element }): { dispose(): void };
}

/** The slice of video.js this module needs (its typings do not declare source handlers). */
export interface VideoJsWithTechs {
  getTech(name: string): unknown;
}

const listeners = new Map<string, (event: StreamEvent) => void>();

/** Hears the events of one stream until the returned function is called. */
export function listenStream(streamKey: string, listener: (event: StreamEvent) => void): () => void {
  listeners.set(streamKey, listener);
  return () => {
    if (listeners.get(streamKey) === listener) listeners.delete(streamKey);
  };
}

const canPlay = (type: string | undefined): '' | 'maybe' => (type === FMP4_WS_TYPE && typeof window.MediaSource === 'function' ? 'maybe' : '');

const handler: SourceHandler = {
  canPlayType: (type) => canPlay(type),
  canHandleSource: (source) => canPlay(source.type),
  handleSource(source, tech) {
    // H.265 this browser cannot decode is asked for again, transcoded to H.264 (codec-support.ts).
    const open = (url: string, emit: (event: StreamEvent) => void) => new MseWebSocketSession(tech.el() as HTMLVideoElement, url, source.streamKey, source.live, emit);
    const session = openPlayable(open, source.src, source.streamKey, (event) => listeners.get(source.streamKey)?.(event));
    return { dispose: () => session.dispose() };
  },
};

let registered = false;

/** Teaches video.js's Html5 tech to play our WebSocket type (first in line, before VHS). */
export function registerFmp4WsSourceHandler(videojs: VideoJsWithTechs): void {
  if (registered) return;
  const html5 = videojs.getTech('Html5') as { registerSourceHandler(handler: SourceHandler, index: number): void };
  html5.registerSourceHandler(handler, 0);
  registered = true;
}
