import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { useAppSelector } from './hooks';

/**
 * A socket.io connection to the api's live hub while the calling component is mounted (the session
 * token authenticates it): `listen` attaches the handlers. socket.io-client is loaded on demand so
 * it never weighs on the sign-in bundle.
 */
export function useHubSocket(listen: (socket: Socket) => void): void {
  const token = useAppSelector((state) => state.session.token);
  useEffect(() => {
    if (!token || typeof window === 'undefined' || !('WebSocket' in window)) return undefined;
    let closed = false;
    let disconnect: (() => void) | null = null;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const socket = io({ auth: { token }, transports: ['websocket'], reconnectionAttempts: 5 });
      listen(socket);
      disconnect = () => socket.disconnect();
    });
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [listen, token]);
}
