import type { TalkSessionView } from '@openfleet/contracts/video';
import { messageFor } from '@openfleet/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { notify } from '../../../app/toaster';
import { errorCodeOf } from '../videoApi';
import { TalkConnection, type TalkState } from './talk-connection';
import { useCloseTalkMutation } from './talkApi';

export type TalkMode = 'ptt' | 'open';

/** A talk or broadcast session's lifecycle in a component: open, push-to-talk or open microphone, end (also on unmount). */
export function useTalkSession() {
  const language = useAppSelector((state) => state.settings.language);
  const [closeTalk] = useCloseTalkMutation();
  const [state, setState] = useState<TalkState | null>(null);
  const [mode, setModeState] = useState<TalkMode>('ptt');
  const [session, setSession] = useState<TalkSessionView | null>(null);
  const connection = useRef<TalkConnection | null>(null);

  const end = useCallback(() => {
    const current = connection.current;
    connection.current = null;
    setSession(null);
    setState(null);
    if (!current) return;
    current.stop();
    void closeTalk({ talkId: current.session.talkId });
  }, [closeTalk]);

  /** Starts a session the caller opened (`open` answers the API's result); an error code is shown as a toast. */
  const start = useCallback(
    async (open: () => Promise<{ data?: TalkSessionView; error?: unknown }>) => {
      if (connection.current) return;
      setState('connecting');
      const result = await open();
      if (!result.data) {
        setState(null);
        const code = errorCodeOf(result.error);
        notify('error', code ? `${code} ${messageFor(code, language)}` : String(code));
        return;
      }
      const talk = new TalkConnection(result.data, (next) => setState(next === 'closed' ? null : next));
      connection.current = talk;
      talk.transmitting = mode === 'open';
      setSession(result.data);
      await talk.start().catch((error: Error) => {
        notify('error', error.message);
        end();
      });
    },
    [end, language, mode],
  );

  const setMode = (next: TalkMode) => {
    setModeState(next);
    if (connection.current) connection.current.transmitting = next === 'open';
  };
  /** Push-to-talk: the microphone goes up only while held. */
  const hold = (held: boolean) => {
    if (connection.current && mode === 'ptt') connection.current.transmitting = held;
  };

  useEffect(() => () => end(), [end]);
  return { state, mode, session, start, end, setMode, hold };
}
