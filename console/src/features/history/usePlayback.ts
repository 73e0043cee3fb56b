import { useEffect, useMemo, useRef, useState } from 'react';
import { advance, initialPlayback, pause, play, positionAt, seek, stop, withSpeed, type PlaybackPoint, type PlaybackState } from './playback-clock';

/** Clock of one loaded track, advanced by animation frames while playing. */
export function usePlayback(points: readonly PlaybackPoint[]) {
  const times = useMemo(() => points.map((point) => point.time), [points]);
  const [state, setState] = useState<PlaybackState>(() => initialPlayback(times, 8));
  const last = useRef<number | null>(null);

  useEffect(() => setState((now) => initialPlayback(times, now.speed)), [times]);

  useEffect(() => {
    if (!state.playing) {
      last.current = null;
      return undefined;
    }
    let frame = 0;
    const step = (now: number) => {
      const elapsed = last.current === null ? 0 : now - last.current;
      last.current = now;
      setState((current) => advance(current, elapsed));
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [state.playing]);

  const head = useMemo(() => positionAt(points, times, state.at), [points, times, state.at]);
  return {
    state,
    times,
    head,
    play: () => setState(play),
    pause: () => setState(pause),
    stop: () => setState(stop),
    setSpeed: (speed: number) => setState((now) => withSpeed(now, speed)),
    seek: (at: number) => setState((now) => seek(now, at)),
  };
}
