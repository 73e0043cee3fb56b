import { StreamType } from '@openfleet/contracts/video';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Tiles watch the sub-stream (smaller, less mobile data, cheaper to decode nine at once); a tile
 * put full screen switches its channel to the main stream, and back to the sub-stream when it leaves
 * full screen, but only if it was the full screen that switched it (an operator's own choice stays).
 */
export function useFullScreenStream(tile: RefObject<HTMLElement | null>, streamType: number, switchTo: (type: number) => Promise<boolean>): void {
  const switchedByFullScreen = useRef(false);
  const current = useRef({ streamType, switchTo });
  current.current = { streamType, switchTo };
  useEffect(() => {
    const onChange = () => {
      const full = document.fullscreenElement !== null && document.fullscreenElement === tile.current;
      const { streamType: type, switchTo: go } = current.current;
      if (full && type === StreamType.SUB) {
        switchedByFullScreen.current = true;
        void go(StreamType.MAIN);
      } else if (!full && switchedByFullScreen.current) {
        switchedByFullScreen.current = false;
        if (type === StreamType.MAIN) void go(StreamType.SUB);
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [tile]);
}
