import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { LivePosition } from './live-types';
import { positionsArrived } from './liveSlice';

/** Socket.io event of the coalesced position push (services/api live hub). */
export const POSITIONS_EVENT = 'positions';

/**
 * Follows `vehicleIds` on the live hub while mounted: one `subscribe` per change of the set, every
 * `positions` batch into the store through the throttle middleware (never straight to components).
 */
export function useLiveSocket(vehicleIds: readonly string[]): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.session.token);
  const socket = useRef<Socket | null>(null);
  const wanted = useRef(vehicleIds);
  wanted.current = vehicleIds;

  useEffect(() => {
    if (!token || typeof window === 'undefined' || !('WebSocket' in window)) return undefined;
    let closed = false;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const created = io({ auth: { token }, transports: ['websocket'] });
      created.on(POSITIONS_EVENT, (batch: LivePosition[]) => {
        if (Array.isArray(batch)) dispatch(positionsArrived(batch));
      });
      // Re-subscribe after every (re)connection: the hub forgets subscriptions with the socket.
      created.on('connect', () => created.emit('subscribe', { vehicleIds: wanted.current }));
      socket.current = created;
    });
    return () => {
      closed = true;
      socket.current?.disconnect();
      socket.current = null;
    };
  }, [dispatch, token]);

  const key = vehicleIds.join(',');
  useEffect(() => {
    if (socket.current?.connected) socket.current.emit('subscribe', { vehicleIds: wanted.current });
  }, [key]);
}
