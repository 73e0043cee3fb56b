import { PoisonMessageError } from '../codec';
import { Topics } from '../topics';
import type { EnergyCommand, EnergyCommandResult } from './energy-command';

const command: EnergyCommand = { commandId: 'c-1', vin: 'LSVHOP00000000001', command: 0x80, data: '1a0b1b0a0000020109', timeoutMs: 30_000, requestedAt: 1_764_200_000_000 };
const bytes = (value: object) => Buffer.from(JSON.stringify(value));

describe('energy.command.v1 and energy.command-result.v1 codecs', () => {
  it('round-trip a command and its results, keyed by VIN', () => {
    expect(Topics.energyCommand).toMatchObject({ name: 'energy.command.v1', key: 'vehicle' });
    expect(Topics.energyCommandResult).toMatchObject({ name: 'energy.command-result.v1', key: 'vehicle' });
    expect(Topics.energyCommand.codec.decode(Topics.energyCommand.codec.encode(command))).toEqual(command);
    const answered: EnergyCommandResult = { commandId: 'c-1', vin: command.vin, status: 'answered', at: 1, response: 1, data: '1a0b1b0a0000' };
    expect(Topics.energyCommandResult.codec.decode(Topics.energyCommandResult.codec.encode(answered))).toEqual(answered);
    expect(Topics.energyCommandResult.codec.decode(bytes({ commandId: 'c-1', vin: command.vin, status: 'sent', at: 1 }))).toMatchObject({ status: 'sent' });
  });

  it('parks a command it cannot send and a result it cannot settle', () => {
    const decode = (value: object) => () => Topics.energyCommand.codec.decode(bytes(value));
    expect(decode({ ...command, data: 'xyz' })).toThrow(/data must be hex/);
    expect(decode({ ...command, command: 0x180 })).toThrow(/command must be a byte/);
    expect(decode({ ...command, timeoutMs: 0 })).toThrow(/timeoutMs must be positive/);
    expect(decode({ ...command, vin: '' })).toThrow(PoisonMessageError);
    const result = (value: object) => () => Topics.energyCommandResult.codec.decode(bytes({ commandId: 'c-1', vin: command.vin, at: 1, ...value }));
    expect(result({ status: 'lost' })).toThrow(/status must be one of/);
    expect(result({ status: 'answered', data: '00' })).toThrow(/carries response and data/);
  });
});
