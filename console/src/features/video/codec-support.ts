import { useSyncExternalStore } from 'react';
import type { StreamEvent } from './mse-ws-session';

/** What MSE is asked to tell whether this browser decodes H.265 (Main profile, level 3.1, as terminals send). */
export const HEVC_PROBE_MIME = 'video/mp4; codecs="hvc1.1.6.L93.B0"';
/** The media WebSocket's query parameter asking the server for the picture in H.264 (services/video/src/transcode). */
export const TRANSCODE_PARAM = 'video';

/** Whether this browser's MSE plays H.265 (then it gets `hvc1` untouched). */
export function canPlayHevc(isTypeSupported: (mime: string) => boolean = (mime) => typeof MediaSource === 'function' && MediaSource.isTypeSupported(mime)): boolean {
  try {
    return isTypeSupported(HEVC_PROBE_MIME);
  } catch {
    return false;
  }
}

/** The media WebSocket URL asking for the stream transcoded to H.264. */
export function transcodedUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(TRANSCODE_PARAM, 'h264');
  return parsed.toString();
}

export function isTranscodedUrl(url: string): boolean {
  return new URL(url).searchParams.get(TRANSCODE_PARAM) === 'h264';
}

/** Whether a stream event means: this browser cannot play the H.265 it got, ask for H.264 instead. */
export function needsTranscode(event: StreamEvent, url: string): boolean {
  return event.type === 'unsupported' && event.reason === 'h265' && !isTranscodedUrl(url) && !canPlayHevc();
}

/** A session of the media WebSocket, as the tile's source handler opens it. */
export interface StreamSession {
  dispose(): void;
}

/**
 * Opens a stream as it is and, when it turns out to be H.265 that this browser cannot decode,
 * opens it again asking the server for H.264 (one ffmpeg per stream on the server, shared by every
 * such viewer). A browser that plays H.265 never asks. The tile is told it plays a transcoded
 * picture through `useTranscodedFrom`.
 */
export function openPlayable(open: (url: string, emit: (event: StreamEvent) => void) => StreamSession, url: string, streamKey: string, emit: (event: StreamEvent) => void): StreamSession {
  let session: StreamSession | null = null;
  let disposed = false;
  const start = (target: string) => {
    const transcoded = isTranscodedUrl(target);
    session = open(target, (event) => {
      if (disposed) return;
      if (needsTranscode(event, target)) {
        session?.dispose();
        start(transcodedUrl(target));
        return;
      }
      if (transcoded && event.type === 'playing') setTranscoded(streamKey, 'H.265');
      emit(event);
    });
  };
  start(url);
  return {
    dispose: () => {
      disposed = true;
      session?.dispose();
      setTranscoded(streamKey, null);
    },
  };
}

const transcodedStreams = new Map<string, string>();
const subscribers = new Set<() => void>();

function setTranscoded(streamKey: string, from: string | null): void {
  if ((transcodedStreams.get(streamKey) ?? null) === from) return;
  if (from) transcodedStreams.set(streamKey, from);
  else transcodedStreams.delete(streamKey);
  for (const notify of subscribers) notify();
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** The codec a stream's picture was transcoded from (the server did it for this browser), or null. */
export function useTranscodedFrom(streamKey: string | undefined): string | null {
  return useSyncExternalStore(subscribe, () => (streamKey ? (transcodedStreams.get(streamKey) ?? null) : null));
}
