import { Button, ButtonGroup } from '@blueprintjs/core';
import { PLAYBACK_SPEEDS, PlaybackControl } from '@openfleet/contracts/video';
import { useTranslation } from 'react-i18next';
import { speedCode } from './playback-window';

export type PlaybackDirection = 'forward' | 'rewind';

interface PlaybackControlsProps {
  readonly disabled: boolean;
  readonly paused: boolean;
  readonly direction: PlaybackDirection;
  readonly speed: number;
  /** A 0x9202 control with its speed code (1-5) where it takes one. */
  readonly onControl: (control: number, speed?: number) => void;
  readonly onDirection: (direction: PlaybackDirection) => void;
  readonly onSpeed: (speed: number) => void;
  readonly onStop: () => void;
}

/**
 * The 0x9202 controls of the open playback: play/pause, stop, and 1x-16x forward or backward
 * (fast-forward 3, keyframe rewind 4; 1x forward is normal play).
 */
export function PlaybackControls({ disabled, paused, direction, speed, onControl, onDirection, onSpeed, onStop }: PlaybackControlsProps) {
  const { t } = useTranslation();
  const sendSpeed = (nextDirection: PlaybackDirection, nextSpeed: number) => {
    if (nextDirection === 'rewind') onControl(PlaybackControl.KEYFRAME_REWIND, speedCode(nextSpeed));
    else if (nextSpeed === 1) onControl(PlaybackControl.START);
    else onControl(PlaybackControl.FAST_FORWARD, speedCode(nextSpeed));
  };
  return (
    <div className="of-playback-controls">
      <ButtonGroup>
        <Button icon={paused ? 'play' : 'pause'} disabled={disabled} aria-label={t(paused ? 'media.playback.play' : 'media.playback.pause')} title={t(paused ? 'media.playback.play' : 'media.playback.pause')} onClick={() => onControl(paused ? PlaybackControl.START : PlaybackControl.PAUSE)} />
        <Button icon="stop" disabled={disabled} aria-label={t('media.playback.stop')} title={t('media.playback.stop')} onClick={onStop} />
      </ButtonGroup>
      <ButtonGroup>
        <Button icon="fast-backward" active={direction === 'rewind'} disabled={disabled} aria-label={t('media.playback.rewind')} title={t('media.playback.rewind')} onClick={() => { onDirection('rewind'); sendSpeed('rewind', speed); }} />
        <Button icon="fast-forward" active={direction === 'forward'} disabled={disabled} aria-label={t('media.playback.forward')} title={t('media.playback.forward')} onClick={() => { onDirection('forward'); sendSpeed('forward', speed); }} />
      </ButtonGroup>
      <ButtonGroup className="of-playback-speeds">
        {PLAYBACK_SPEEDS.map((value) => (
          <Button key={value} text={`${value}x`} active={value === speed} disabled={disabled} onClick={() => { onSpeed(value); sendSpeed(direction, value); }} />
        ))}
      </ButtonGroup>
    </div>
  );
}
