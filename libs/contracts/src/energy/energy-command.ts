import { jsonCodec } from '../codec';
import { checkFields, checkOneOf } from '../validation';

/**
 * A GB/T 32960 platform command (0x80 query, 0x81 set, 0x82 control) for the energy instance that
 * holds the VIN's link (topic energy.command.v1, key VIN). The instance that took the HTTP request
 * publishes it when it does not hold the link itself; every energy instance reads every command and
 * only the holder writes it to the vehicle (docs/energy.md).
 */
export interface EnergyCommand {
  /** Correlation id chosen by the requesting instance; the results carry it back. */
  commandId: string;
  vin: string;
  /** 0x80-0x82. */
  command: number;
  /** The command's data unit (time and body), hex: written to the vehicle as it is. */
  data: string;
  /** How long the holder waits for the vehicle's answer, from writing the command. */
  timeoutMs: number;
  /** Epoch ms the requester published it; a holder drops a command whose whole timeout has gone by. */
  requestedAt: number;
}

/**
 * What became of a command at the instance that holds the link (topic energy.command-result.v1,
 * key VIN): `sent` once the frame is written (the requester then waits for the vehicle), then one
 * final outcome: `answered` (the vehicle's response flag and data unit), `busy` (the same command
 * already waits for this VIN's answer, nothing was sent), `timeout` or `closed` (the link ended).
 * An instance without the link publishes nothing.
 */
export const ENERGY_COMMAND_STATUSES = ['sent', 'answered', 'busy', 'timeout', 'closed'] as const;
export type EnergyCommandStatus = (typeof ENERGY_COMMAND_STATUSES)[number];

export interface EnergyCommandResult {
  commandId: string;
  vin: string;
  status: EnergyCommandStatus;
  at: number;
  /** `answered`: the vehicle's response flag (0x01 success, 0x02 error ...). */
  response?: number;
  /** `answered`: the answer's data unit, hex. */
  data?: string;
}

const HEX = /^(?:[0-9a-f]{2})*$/i;

export const energyCommandCodec = jsonCodec<EnergyCommand>((value) => {
  const problem = checkFields(value, { commandId: 'string', vin: 'string', command: 'number', data: 'string', timeoutMs: 'number', requestedAt: 'number' });
  if (problem) return problem;
  const command = value as EnergyCommand;
  if (!command.commandId || !command.vin) return 'commandId and vin must not be empty';
  if (!Number.isInteger(command.command) || command.command < 0 || command.command > 0xff) return 'command must be a byte';
  if (!HEX.test(command.data)) return 'data must be hex';
  return command.timeoutMs > 0 ? null : 'timeoutMs must be positive';
});

export const energyCommandResultCodec = jsonCodec<EnergyCommandResult>((value) => {
  const problem =
    checkFields(value, { commandId: 'string', vin: 'string', status: 'string', at: 'number', response: 'number?', data: 'string?' }) ??
    checkOneOf(value, 'status', ENERGY_COMMAND_STATUSES);
  if (problem) return problem;
  const result = value as EnergyCommandResult;
  if (result.status === 'answered' && (result.response === undefined || result.data === undefined)) return 'an answered result carries response and data';
  return result.data === undefined || HEX.test(result.data) ? null : 'data must be hex';
});
