import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

/** Every decoded JT/T 808 message a terminal sent, as published by gateway-808 (topic gateway.uplink.v1). */
export interface TerminalUplink {
  terminalPhone: string;
  /** "0x0200" style message id. */
  msgId: string;
  version: '2011' | '2013' | '2019';
  serial: number;
  receivedAt: number;
  /** Id of the gateway instance holding the session, so replies can be routed back. */
  gatewayId: string;
  vehicleId?: string;
  /** Decoded body as JSON (shape per message id, see libs/jt808). */
  body: Record<string, unknown>;
}

export const terminalUplinkCodec = jsonCodec<TerminalUplink>((value) =>
  checkFields(value, {
    terminalPhone: 'string',
    msgId: 'string',
    version: 'string',
    serial: 'number',
    receivedAt: 'number',
    gatewayId: 'string',
    vehicleId: 'string?',
    body: 'object',
  }),
);
