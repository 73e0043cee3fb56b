import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGranted } from '../access/granted';
import { isAlarmSoundMuted, setAlarmSoundMuted } from '../alarm/alarm-sound';
import { useAlarmCountQuery } from '../alarm/alarmApi';

/** Unhandled alarms of the last 24 hours in the user's scope (the `{count, time}` badge), and the sound switch. */
export function AlarmBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = useGranted('alarmHandle');
  const { data } = useAlarmCountQuery(24, { pollingInterval: 60_000, skip: !allowed });
  const [muted, setMuted] = useState(isAlarmSoundMuted);
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
    </>
  );
}
