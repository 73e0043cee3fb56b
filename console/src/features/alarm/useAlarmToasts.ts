import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { HubEvent, type LiveAlarm } from '@openfleet/contracts/live';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvent } from '../../app/use-live-socket';
import { liveAlarmReaction } from './alarm-live';
import { playAlarmSound } from './alarm-sound';
import { areAlarmToastsMuted, nextAlarmToast, type AlarmToastState } from './alarm-toast-group';

const ALARM_TOAST_MS = 8000;

// Alarm toasts have their own corner (bottom right), away from the page's buttons and the other toasts (top).
let alarmToaster: Promise<Toaster> | null = null;
function showAlarmToast(key: string, message: string, intent: Intent): void {
  alarmToaster ??= OverlayToaster.createAsync({ position: Position.BOTTOM_RIGHT, maxToasts: 1, className: 'of-alarm-toaster' });
  void alarmToaster.then((instance) => instance.show({ message, intent, timeout: ALARM_TOAST_MS, icon: 'warning-sign' }, key));
}

/**
 * While the layout is shown: one toast for new emergency and intermediate alarms, a burst folded into
 * "N new alarms" updated in place (bottom right), unless the user muted toasts; a sound for emergencies
 * (the company's settings decide; muted separately).
 */
export function useAlarmToasts(): void {
  const { t } = useTranslation();
  const group = useRef<AlarmToastState | null>(null);
  const onAlarm = useCallback(
    (alarm: LiveAlarm) => {
      const reaction = liveAlarmReaction(alarm, Date.now());
      if (reaction.toast && !areAlarmToastsMuted()) {
        const label = `${alarm.detail?.plateCode ?? ''} ${t(`alarm.kind.${alarm.type}`, { defaultValue: alarm.type })}`.trim();
        const toast = nextAlarmToast(group.current, { label, level: alarm.level }, Date.now());
        group.current = toast;
        const message = toast.count === 1 ? label : t('alarm.toast.many', { count: toast.count, latest: toast.latest });
        showAlarmToast(toast.key, message, toast.emergency ? Intent.DANGER : Intent.WARNING);
      }
      if (reaction.sound) playAlarmSound();
    },
    [t],
  );
  useLiveEvent(HubEvent.alarm, onAlarm);
}
