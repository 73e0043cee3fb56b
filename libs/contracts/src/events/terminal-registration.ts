import { jsonCodec } from '../codec';
import { checkFields, checkOneOf } from '../validation';

export const TERMINAL_REGISTRATION_CHANGES = ['registered', 'logged-off'] as const;
export type TerminalRegistrationChange = (typeof TERMINAL_REGISTRATION_CHANGES)[number];

/**
 * A provisioned terminal registered (0x0100 answered with result 0 and an auth code) or logged off
 * (0x0003), as the gateway saw it (topic gateway.terminal-registration.v1, key canonical phone).
 * The admin service stores it on the terminal and republishes the registry entry, so every
 * gateway instance knows the device and its auth code after a restart.
 */
export interface TerminalRegistrationEvent {
  /** Canonical phone (`canonicalTerminalPhone`). */
  terminalPhone: string;
  change: TerminalRegistrationChange;
  /** The device id from 0x0100 (trimmed); empty for log-offs. */
  deviceId: string;
  /** The issued auth code; empty for log-offs. */
  authCode: string;
  protocolVersion: string;
  gatewayId: string;
  at: number;
}

export const terminalRegistrationCodec = jsonCodec<TerminalRegistrationEvent>(
  (value) =>
    checkFields(value, {
      terminalPhone: 'string',
      change: 'string',
      deviceId: 'string',
      authCode: 'string',
      protocolVersion: 'string',
      gatewayId: 'string',
      at: 'number',
    }) ?? checkOneOf(value, 'change', TERMINAL_REGISTRATION_CHANGES),
);
