import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';

/** A fence event as the live hub forwards it (fence.event.v1). */
export interface LiveFenceEvent {
  eventId: string;
  kind: string;
  fenceId: string;
  fenceName: string;
  vehicleId: string;
  terminalPhone: string;
  at: number;
  blindArea: boolean;
}

const KEEP = 50;

/** The latest fence events of the user's scope, newest first, while the screen is open. */
export function useFenceEvents(): LiveFenceEvent[] {
  const token = useAppSelector((state) => state.session.token);
  const [events, setEvents] = useState<LiveFenceEvent[]>([]);
  useEffect(() => {
    if (!token || typeof window === 'undefined' || !('WebSocket' in window)) return undefined;
    let closed = false;
    let disconnect: (() => void) | null = null;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const socket = io({ auth: { token }, transports: ['websocket'], reconnectionAttempts: 5 });
      socket.on('fenceEvent', (event: LiveFenceEvent) => setEvents((current) => (current.some((e) => e.eventId === event.eventId) ? current : [event, ...current].slice(0, KEEP))));
      disconnect = () => socket.disconnect();
    });
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [token]);
  return events;
}
