import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { remindersReceived, type RemindersState } from './remindersSlice';

/** Event the API hub emits with reminder counts (assumed, see docs/console.md). */
export const REMINDER_EVENT = 'reminders';

/** Connects to the socket.io hub while the layout is shown and feeds the reminder badges. */
export function useReminderSocket(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.session.token);
  useEffect(() => {
    if (!token || typeof window === 'undefined' || !('WebSocket' in window)) return undefined;
    let closed = false;
    let disconnect: (() => void) | null = null;
    // socket.io-client is loaded on demand so it never weighs on the sign-in bundle.
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const socket = io({ auth: { token }, transports: ['websocket'], reconnectionAttempts: 5 });
      socket.on(REMINDER_EVENT, (counts: Partial<RemindersState>) => dispatch(remindersReceived(counts)));
      disconnect = () => socket.disconnect();
    });
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [dispatch, token]);
}
