import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGranted } from '../access/granted';
import { isAlarmSoundMuted, setAlarmSoundMuted } from '../alarm/alarm-sound';
import { areAlarmToastsMuted, setAlarmToastsMuted } from '../alarm/alarm-toast-group';
import { useAlarmCountQuery } from '../alarm/alarmApi';

/** Unhandled alarms of the last 24 hours in the user's scope (the `{count, time}` badge), the sound switch and the alarm-toast switch. */
export function AlarmBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = useGranted('alarmHandle');
  const { data } = useAlarmCountQuery(24, { pollingInterval: 60_000, skip: !allowed });
  const [muted, setMuted] = useState(isAlarmSoundMuted);
  const [quiet, setQuiet] = useState(areAlarmToastsMuted);
  if (!allowed) return null;
  const count = data?.count ?? 0;
  return (
    <>
      <Button variant="minimal" icon="warning-sign" className="of-alarm-badge" aria-label={t('alarm.badge')} title={t('alarm.badge')} onClick={() => void navigate('/monitor/alarmHandle')}>
        {count > 0 && (
          <Tag round intent="danger" className="of-badge" data-count={count}>
            {count > 99 ? '99+' : count}
          </Tag>
        )}
      </Button>
      <Button
        variant="minimal"
        icon={muted ? 'volume-off' : 'volume-up'}
        aria-label={t(muted ? 'alarm.soundOn' : 'alarm.soundOff')}
        title={t(muted ? 'alarm.soundOn' : 'alarm.soundOff')}
        onClick={() => {
          setAlarmSoundMuted(!muted);
          setMuted(!muted);
        }}
      />
      <Button
        variant="minimal"
        icon={quiet ? 'notifications-snooze' : 'notifications'}
        className="of-alarm-toast-switch"
        aria-label={t(quiet ? 'alarm.toast.unmute' : 'alarm.toast.mute')}
        title={t(quiet ? 'alarm.toast.unmute' : 'alarm.toast.mute')}
        onClick={() => {
          setAlarmToastsMuted(!quiet);
          setQuiet(!quiet);
        }}
      />
    </>
  );
}
