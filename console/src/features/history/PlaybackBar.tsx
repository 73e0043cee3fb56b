import { Button, ButtonGroup, HTMLSelect, Slider } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatCst } from '../monitor/liveSlice';
import { PLAYBACK_SPEEDS, SCRUBBER_STEPS, scrubberValue, timeOfScrubber, type PlaybackState } from './playback-clock';

export interface PlaybackBarProps {
  readonly state: PlaybackState;
  readonly onPlay: () => void;
  readonly onPause: () => void;
  readonly onStop: () => void;
  readonly onSpeed: (speed: number) => void;
  readonly onSeek: (at: number) => void;
}

/** Play/pause/stop, 1×..64×, a scrubber over the time span, and the current track time. */
export function PlaybackBar({ state, onPlay, onPause, onStop, onSpeed, onSeek }: PlaybackBarProps) {
  const { t } = useTranslation();
  const empty = state.end <= state.start;
  return (
    <div className="of-playback-bar">
      <ButtonGroup>
        {state.playing ? (
          <Button small icon="pause" className="of-playback-pause" text={t('history.pause')} onClick={onPause} />
        ) : (
          <Button small icon="play" className="of-playback-play" disabled={empty} text={t('history.play')} onClick={onPlay} />
        )}
        <Button small icon="stop" className="of-playback-stop" disabled={empty} text={t('history.stop')} onClick={onStop} />
      </ButtonGroup>
      <HTMLSelect
        minimal
        className="of-playback-speed"
        aria-label={t('history.speed')}
        value={state.speed}
        onChange={(event) => onSpeed(Number(event.currentTarget.value))}
        options={PLAYBACK_SPEEDS.map((speed) => ({ value: speed, label: `${speed}×` }))}
      />
      <div className="of-playback-scrubber">
        <Slider min={0} max={SCRUBBER_STEPS} stepSize={1} labelRenderer={false} disabled={empty} value={scrubberValue(state)} onChange={(value) => onSeek(timeOfScrubber(state, value))} />
      </div>
      <span className="of-playback-time" data-at={Math.round(state.at)}>{empty ? '—' : formatCst(Math.round(state.at))}</span>
    </div>
  );
}
