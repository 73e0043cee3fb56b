import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cstTime } from '../instruction/command-form';
import { timeAt, type TimelineSegment } from './playback-window';

interface PlaybackTimelineProps {
  readonly segments: readonly TimelineSegment[];
  readonly start: number;
  readonly end: number;
  /** Where playback is (ms), if playing. */
  readonly cursor: number | null;
  /** A click: open playback at that time. */
  readonly onPick: (time: string) => void;
  /** A drag ended: seek there. */
  readonly onSeek: (time: string) => void;
}

const DRAG_PX = 4;

/** The window as a bar with the recordings as segments (alarm recordings coloured); click opens, drag seeks. */
export function PlaybackTimeline({ segments, start, end, cursor, onPick, onSeek }: PlaybackTimelineProps) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ x: number; fraction: number; moved: boolean } | null>(null);
  const fractionAt = (clientX: number) => {
    const rect = bar.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? (clientX - rect.left) / rect.width : 0;
  };
  const down = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ x: event.clientX, fraction: fractionAt(event.clientX), moved: false });
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ x: drag.x, fraction: fractionAt(event.clientX), moved: drag.moved || Math.abs(event.clientX - drag.x) > DRAG_PX });
  };
  const up = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const time = timeAt(fractionAt(event.clientX), start, end);
    setDrag(null);
    if (drag.moved) onSeek(time);
    else onPick(time);
  };
  const cursorFraction = drag ? drag.fraction : cursor !== null && end > start ? (cursor - start) / (end - start) : null;
  return (
    <div className="of-playback-timeline-wrap">
      <span className="of-playback-timeline-edge">{cstTime(start).slice(5, 16)}</span>
      <div
        ref={bar}
        data-testid="playback-timeline"
        className="of-playback-timeline"
        role="slider"
        aria-label={t('media.playback.timeline')}
        aria-valuemin={start}
        aria-valuemax={end}
        aria-valuenow={cursor ?? start}
        tabIndex={0}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
      >
        {segments.map((segment, index) => (
          <div
            key={index}
            className={`of-playback-segment${segment.alarm ? ' of-playback-segment-alarm' : ''}`}
            data-start={segment.item.startTime}
            data-alarm={segment.alarm ? 1 : 0}
            title={`${segment.item.startTime} - ${segment.item.endTime}`}
            style={{ left: `${segment.left}%`, width: `${Math.max(segment.width, 0.2)}%` }}
          />
        ))}
        {cursorFraction !== null && <div className="of-playback-cursor" style={{ left: `${Math.min(100, Math.max(0, cursorFraction * 100))}%` }} />}
      </div>
      <span className="of-playback-timeline-edge">{cstTime(end).slice(5, 16)}</span>
    </div>
  );
}
