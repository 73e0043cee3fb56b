import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

/** A command for a terminal, addressed to whichever gateway holds its session (topic instruction.downlink.v1). */
export interface DownlinkCommand {
  /** Correlation id chosen by the instruction service; command results carry it back. */
  commandId: string;
  terminalPhone: string;
  vehicleId?: string;
  /** "0x8103" style message id. */
  msgId: string;
  body: Record<string, unknown>;
  requestedAt: number;
  /** Give up waiting for the terminal's reply after this many milliseconds. */
  timeoutMs: number;
}

export const downlinkCommandCodec = jsonCodec<DownlinkCommand>((value) =>
  checkFields(value, {
    commandId: 'string',
    terminalPhone: 'string',
    vehicleId: 'string?',
    msgId: 'string',
    body: 'object',
    requestedAt: 'number',
    timeoutMs: 'number',
  }),
);
