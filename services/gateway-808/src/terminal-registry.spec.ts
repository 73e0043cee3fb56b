import { TerminalRegistrationState, type TerminalRegistryEntry } from '@openfleet/contracts';
import type { RegisterBody } from '@openfleet/jt808';
import { RegisterResult, TerminalRegistry } from './terminal-registry';

const body = (terminalId = 'T000001'): RegisterBody => ({
  province: 11,
  city: 100,
  makerId: 'OFLT1',
  model: 'M',
  terminalId,
  plateColor: 1,
  plate: '京A12345',
});

const entry = (over: Partial<TerminalRegistryEntry> = {}): TerminalRegistryEntry => ({
  terminalPhone: '013800000001',
  terminalId: 't1',
  terminalCode: 'T000001',
  vehicleId: 'v1',
  plateCode: '京A12345',
  plateColor: 1,
  companyId: 'c1',
  authCode: '',
  registrationState: TerminalRegistrationState.UNREGISTERED,
  protocolVersion: '2013',
  deleted: false,
  updatedAt: 1,
  ...over,
});

describe('TerminalRegistry', () => {
  it('strict: unknown terminal, terminal without vehicle, vehicle held by another terminal, other device', () => {
    const registry = new TerminalRegistry('strict', 's');
    expect(registry.register('013800000001', body()).result).toBe(RegisterResult.NO_SUCH_TERMINAL);
    registry.apply(entry({ vehicleId: '' }));
    expect(registry.register('013800000001', body()).result).toBe(RegisterResult.NO_SUCH_VEHICLE);
    registry.apply(entry({ terminalPhone: '013800000002', registrationState: TerminalRegistrationState.REGISTERED }));
    registry.apply(entry());
    expect(registry.register('013800000001', body()).result).toBe(RegisterResult.VEHICLE_ALREADY_REGISTERED);
    registry.apply(entry({ terminalPhone: '013800000002', deleted: true }));
    registry.apply(entry({ registrationState: TerminalRegistrationState.REGISTERED }));
    expect(registry.register('013800000001', body('OTHER01')).result).toBe(RegisterResult.TERMINAL_ALREADY_REGISTERED);
    const ok = registry.register('013800000001', body());
    expect(ok).toMatchObject({ result: RegisterResult.OK, vehicleId: 'v1' });
    expect(registry.authenticate('013800000001', ok.authCode!)).toBe(true);
    expect(registry.authenticate('013800000003', registry.authCodeOf('013800000003'))).toBe(false);
  });

  it('open: provisions unknown terminals with a code any instance sharing the secret accepts', () => {
    const a = new TerminalRegistry('open', 'secret');
    const b = new TerminalRegistry('open', 'secret');
    const outcome = a.register('013800000009', body());
    expect(outcome.result).toBe(RegisterResult.OK);
    expect(b.authenticate('013800000009', outcome.authCode!)).toBe(true);
    expect(b.authenticate('013800000009', 'nope')).toBe(false);
    expect(new TerminalRegistry('open', 'other').authenticate('013800000009', outcome.authCode!)).toBe(false);
  });

  it('accepts the auth code the admin registry issued', () => {
    const registry = new TerminalRegistry('strict', 's');
    registry.apply(entry({ authCode: 'ADMIN-CODE' }));
    expect(registry.register('013800000001', body()).authCode).toBe('ADMIN-CODE');
    expect(registry.authenticate('013800000001', 'ADMIN-CODE')).toBe(true);
  });

  it('matches the header forms of a SIM number (2013: 12 digits, 2019: 20) with the number as registered', () => {
    const registry = new TerminalRegistry('strict', 's');
    registry.apply(entry({ terminalPhone: '13800000001' }));
    const ok2013 = registry.register('013800000001', body());
    expect(ok2013).toMatchObject({ result: RegisterResult.OK, vehicleId: 'v1' });
    expect(registry.vehicleIdOf('00000000013800000001')).toBe('v1');
    // One code per terminal whatever edition it speaks.
    expect(registry.authenticate('00000000013800000001', ok2013.authCode!)).toBe(true);
    registry.apply(entry({ terminalPhone: '13800000001', deleted: true }));
    expect(registry.register('013800000001', body()).result).toBe(RegisterResult.NO_SUCH_TERMINAL);
  });
});
