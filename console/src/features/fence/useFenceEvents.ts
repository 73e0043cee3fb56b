import { HubEvent, type HubPayload } from '@openfleet/contracts/live';
import { useCallback, useState } from 'react';
import { useLiveEvent } from '../../app/use-live-socket';

/** A fence event as the live hub forwards it (fence.event.v1). */
export type LiveFenceEvent = HubPayload<'fenceEvent'>;

const KEEP = 50;

/** The latest fence events of the user's scope, newest first, while the screen is open. */
export function useFenceEvents(): LiveFenceEvent[] {
  const [events, setEvents] = useState<LiveFenceEvent[]>([]);
  const onEvent = useCallback((event: LiveFenceEvent) => setEvents((current) => (current.some((e) => e.eventId === event.eventId) ? current : [event, ...current].slice(0, KEEP))), []);
  useLiveEvent(HubEvent.fenceEvent, onEvent);
  return events;
}
