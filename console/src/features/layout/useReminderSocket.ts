import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { api } from '../../app/api';
import { remindersReceived, type RemindersState } from './remindersSlice';

/** Event the API hub emits with reminder counts (assumed, see docs/console.md). */
export const REMINDER_EVENT = 'reminders';

/** Instruction orders changing status (instruction.order.v1): the pending-order badge refetches. */
export const ORDER_EVENT = 'instructionOrder';
const ORDER_REFETCH_MS = 1000;

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
      // A batch moves many orders at once: one refetch per second at most.
      let refetchTimer: ReturnType<typeof setTimeout> | null = null;
      socket.on(ORDER_EVENT, () => {
        refetchTimer ??= setTimeout(() => {
          refetchTimer = null;
          dispatch(api.util.invalidateTags([{ type: 'Order', id: 'PENDING' }]));
        }, ORDER_REFETCH_MS);
      });
      disconnect = () => socket.disconnect();
    });
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [dispatch, token]);
}
