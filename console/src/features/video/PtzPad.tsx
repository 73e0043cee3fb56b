import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { PtzAction, PtzDirection, type PtzActionName } from '@openfleet/contracts/video';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TileSource } from './tile-grid';
import { usePtzMutation } from './videoApi';

const SPEEDS = [32, 64, 128, 192, 255];
const DIRECTIONS = [
  { key: 'up', icon: 'chevron-up', value: PtzDirection.UP },
  { key: 'left', icon: 'chevron-left', value: PtzDirection.LEFT },
  { key: 'right', icon: 'chevron-right', value: PtzDirection.RIGHT },
  { key: 'down', icon: 'chevron-down', value: PtzDirection.DOWN },
] as const;
/** focus / iris / zoom: 0 is + (in), 1 is - (out). */
const ADJUSTMENTS = [PtzAction.ZOOM, PtzAction.FOCUS, PtzAction.IRIS] as const;
const SWITCHES = [PtzAction.WIPER, PtzAction.INFRARED] as const;

/** The pan-tilt pad of the selected tile: a direction turns while pressed and stops on release. */
export function PtzPad({ target }: { target: TileSource | null }) {
  const { t } = useTranslation();
  const [ptz] = usePtzMutation();
  const [speed, setSpeed] = useState(128);
  const send = (action: PtzActionName, value: number, withSpeed = false) => {
    if (target) void ptz({ vehicleId: target.vehicleId, channel: target.channel, action, value, ...(withSpeed ? { speed } : {}) });
  };
  const disabled = !target;
  return (
    <section className="of-ptz" aria-label={t('media.ptz.title')}>
      <h4>{t('media.ptz.title')}</h4>
      {!target && <p className="of-ptz-hint">{t('media.ptz.selectTile')}</p>}
      <div className="of-ptz-directions">
        {DIRECTIONS.map((direction) => (
          <Button
            key={direction.key}
            className={`of-ptz-${direction.key}`}
            icon={direction.icon}
            disabled={disabled}
            aria-label={t(`media.ptz.${direction.key}`)}
            title={t(`media.ptz.${direction.key}`)}
            onPointerDown={() => send(PtzAction.ROTATE, direction.value, true)}
            onPointerUp={() => send(PtzAction.ROTATE, PtzDirection.STOP, true)}
            onPointerLeave={(event) => {
              if (event.buttons) send(PtzAction.ROTATE, PtzDirection.STOP, true);
            }}
            onKeyDown={(event) => {
              if ((event.key === 'Enter' || event.key === ' ') && !event.repeat) send(PtzAction.ROTATE, direction.value, true);
            }}
            onKeyUp={(event) => {
              if (event.key === 'Enter' || event.key === ' ') send(PtzAction.ROTATE, PtzDirection.STOP, true);
            }}
          />
        ))}
      </div>
      <label className="of-ptz-speed">
        {t('media.ptz.speed')}{' '}
        <HTMLSelect value={speed} onChange={(event) => setSpeed(Number(event.currentTarget.value))} disabled={disabled}>
          {SPEEDS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </HTMLSelect>
      </label>
      {ADJUSTMENTS.map((action) => (
        <div key={action} className="of-ptz-row">
          <span>{t(`media.ptz.${action}`)}</span>
          <ButtonGroup>
            <Button icon="plus" disabled={disabled} aria-label={`${t(`media.ptz.${action}`)} +`} onClick={() => send(action, 0)} />
            <Button icon="minus" disabled={disabled} aria-label={`${t(`media.ptz.${action}`)} -`} onClick={() => send(action, 1)} />
          </ButtonGroup>
        </div>
      ))}
      {SWITCHES.map((action) => (
        <div key={action} className="of-ptz-row">
          <span>{t(`media.ptz.${action}`)}</span>
          <ButtonGroup>
            <Button disabled={disabled} text={t('media.ptz.on')} aria-label={`${t(`media.ptz.${action}`)} ${t('media.ptz.on')}`} onClick={() => send(action, 1)} />
            <Button disabled={disabled} text={t('media.ptz.off')} aria-label={`${t(`media.ptz.${action}`)} ${t('media.ptz.off')}`} onClick={() => send(action, 0)} />
          </ButtonGroup>
        </div>
      ))}
    </section>
  );
}
