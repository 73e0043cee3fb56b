import { useCallback, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useHubSocket } from '../../app/use-hub-socket';

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
  const [events, setEvents] = useState<LiveFenceEvent[]>([]);
  const listen = useCallback((socket: Socket) => {
    socket.on('fenceEvent', (event: LiveFenceEvent) => setEvents((current) => (current.some((e) => e.eventId === event.eventId) ? current : [event, ...current].slice(0, KEEP))));
  }, []);
  useHubSocket(listen);
  return events;
}
