import { useEffect, useRef, type RefObject } from 'react';
import type { MediaStreamView } from '@openfleet/contracts/video';
import { listenStream } from './fmp4-ws-source-handler';
import type { StreamEvent } from './mse-ws-session';

interface VideoPlayerProps {
  readonly stream: MediaStreamView;
  readonly muted: boolean;
  readonly onEvent: (event: StreamEvent) => void;
  /** The playing <video>, for snapshots. */
  readonly videoRef: RefObject<HTMLVideoElement | null>;
}

/**
 * The <video> of a tile, made outside React (video.js wraps and owns it): muted autoplay, tagged
 * with `data-stream-key`; video.js itself is loaded on the first stream.
 */
export function VideoPlayer({ stream, muted, onEvent, videoRef }: VideoPlayerProps) {
  const host = useRef<HTMLDivElement>(null);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const { streamKey } = stream;

  useEffect(() => {
    const container = host.current;
    if (!container) return undefined;
    let cancelled = false;
    let dispose: (() => void) | null = null;
    const video = document.createElement('video');
    video.className = 'video-js of-video-element';
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    video.dataset.streamKey = streamKey;
    container.appendChild(video);
    videoRef.current = video;
    const stopListening = listenStream(streamKey, (event) => onEventRef.current(event));
    void import('./player-runtime').then(({ createTilePlayer }) => {
      if (cancelled) return;
      dispose = createTilePlayer(video, stream, window.location.origin).dispose;
    });
    return () => {
      cancelled = true;
      stopListening();
      if (dispose) dispose();
      else video.remove();
      if (videoRef.current === video) videoRef.current = null;
    };
    // One player per stream: a new stream key (switch, reopen) makes a new player.
  }, [streamKey, stream.wsUrl]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted, videoRef, streamKey]);

  return <div ref={host} className="of-video-host" />;
}
