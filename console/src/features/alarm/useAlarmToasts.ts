import { HubEvent, type LiveAlarm } from '@openfleet/contracts/live';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useLiveEvent } from '../../app/use-live-socket';
import { liveAlarmReaction } from './alarm-live';
import { playAlarmSound } from './alarm-sound';

/** While the layout is shown: a toast for new emergency and intermediate alarms, a sound for emergencies (the company's settings decide). */
export function useAlarmToasts(): void {
  const { t } = useTranslation();
  const onAlarm = useCallback(
    (alarm: LiveAlarm) => {
      const reaction = liveAlarmReaction(alarm, Date.now());
      if (reaction.toast) notify(alarm.level === 0 ? 'error' : 'warning', `${alarm.detail?.plateCode ?? ''} ${t(`alarm.kind.${alarm.type}`, { defaultValue: alarm.type })}`, 5000);
      if (reaction.sound) playAlarmSound();
    },
    [t],
  );
  useLiveEvent(HubEvent.alarm, onAlarm);
}
