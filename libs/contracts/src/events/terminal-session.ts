import { checkFields, checkOneOf } from '../validation';
import { jsonCodec } from '../codec';

export const SESSION_STATES = ['online', 'offline'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** A terminal's TCP session went up (authenticated) or down (topic gateway.session.v2). */
export interface TerminalSessionEvent {
  terminalPhone: string;
  vehicleId?: string;
  state: SessionState;
  gatewayId: string;
  at: number;
  /** Why a session ended: "closed", "idle-timeout", "replaced", "bad-frames", "shutdown". */
  reason?: string;
  remoteAddress?: string;
  /** The plate the terminal reported in its 0x0100 on this connection (online events only). */
  plateCode?: string;
}

export const terminalSessionCodec = jsonCodec<TerminalSessionEvent>(
  (value) =>
    checkFields(value, {
      terminalPhone: 'string',
      vehicleId: 'string?',
      state: 'string',
      gatewayId: 'string',
      at: 'number',
      reason: 'string?',
      remoteAddress: 'string?',
      plateCode: 'string?',
    }) ?? checkOneOf(value, 'state', SESSION_STATES),
);
