import { useCallback } from 'react';
import type { Socket } from 'socket.io-client';
import { useAppDispatch } from '../../app/hooks';
import { useHubSocket } from '../../app/use-hub-socket';
import { api } from '../../app/api';
import { remindersReceived, type RemindersState } from './remindersSlice';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { liveAlarmReaction, type LiveAlarm } from '../alarm/alarm-live';
import { playAlarmSound } from '../alarm/alarm-sound';

/** Event the API hub emits with reminder counts (assumed, see docs/console.md). */
export const REMINDER_EVENT = 'reminders';

/** Instruction orders changing status (instruction.order.v1): the pending-order badge refetches. */
export const ORDER_EVENT = 'instructionOrder';

/** Alarms starting, updating, ending (alarm.event.v1): a toast for new emergency and intermediate ones, a sound for emergencies. */
export const ALARM_EVENT = 'alarm';
const ORDER_REFETCH_MS = 1000;

/** Connects to the socket.io hub while the layout is shown and feeds the reminder badges and the pending-order badge. */
export function useReminderSocket(): void {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const listen = useCallback(
    (socket: Socket) => {
      socket.on(REMINDER_EVENT, (counts: Partial<RemindersState>) => dispatch(remindersReceived(counts)));
      // A batch moves many orders at once: one refetch per second at most.
      let refetchTimer: ReturnType<typeof setTimeout> | null = null;
      socket.on(ALARM_EVENT, (alarm: LiveAlarm) => {
        dispatch(api.util.invalidateTags([{ type: 'Alarm', id: 'COUNT' }]));
        const reaction = liveAlarmReaction(alarm, Date.now());
        if (reaction.toast) notify(alarm.level === 0 ? 'error' : 'warning', `${alarm.detail?.plateCode ?? ''} ${t(`alarm.kind.${alarm.type}`, { defaultValue: alarm.type })}`, 5000);
        if (reaction.sound) playAlarmSound();
      });
      socket.on(ORDER_EVENT, () => {
        refetchTimer ??= setTimeout(() => {
          refetchTimer = null;
          dispatch(api.util.invalidateTags([{ type: 'Order', id: 'PENDING' }]));
        }, ORDER_REFETCH_MS);
      });
    },
    [dispatch, t],
  );
  useHubSocket(listen);
}
