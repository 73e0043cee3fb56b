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

const register = (registry: TerminalRegistry, phone: string, terminalId?: string) => registry.register(phone, body(terminalId), '2013');

describe('TerminalRegistry', () => {
  it('strict: unknown terminal, terminal without vehicle, vehicle held by another terminal', () => {
    const registry = new TerminalRegistry('strict', 's');
    expect(register(registry, '013800000001').result).toBe(RegisterResult.NO_SUCH_TERMINAL);
    registry.apply(entry({ vehicleId: '' }));
    expect(register(registry, '013800000001').result).toBe(RegisterResult.NO_SUCH_VEHICLE);
    registry.apply(entry({ terminalPhone: '013800000002', terminalCode: 'T000002', registrationState: TerminalRegistrationState.REGISTERED }));
    registry.apply(entry());
    expect(register(registry, '013800000001').result).toBe(RegisterResult.VEHICLE_ALREADY_REGISTERED);
    registry.apply(entry({ terminalPhone: '013800000002', deleted: true }));
    const ok = register(registry, '013800000001');
    expect(ok).toMatchObject({ result: RegisterResult.OK, vehicleId: 'v1', provisioned: true, deviceId: 'T000001' });
    expect(registry.authenticate('013800000001', ok.authCode!)).toBe(true);
  });

  it('a provisioned phone follows the registry under open too: another device gets 4 before and 3 after registration', () => {
    const registry = new TerminalRegistry('open', 'secret');
    registry.apply(entry());
    expect(register(registry, '013800000001', 'OTHER01').result).toBe(RegisterResult.NO_SUCH_TERMINAL);
    const ok = register(registry, '013800000001');
    expect(ok.result).toBe(RegisterResult.OK);
    const taker = register(registry, '013800000001', 'OTHER01');
    expect(taker).toMatchObject({ result: RegisterResult.TERMINAL_ALREADY_REGISTERED });
    expect(taker.authCode).toBeUndefined();
    // Neither the derived code of an unknown phone nor a guess opens a provisioned terminal.
    expect(registry.authenticate('013800000001', new TerminalRegistry('open', 'secret').register('013800000099', body(), '2013').authCode!)).toBe(false);
    expect(registry.authenticate('013800000001', ok.authCode!)).toBe(true);
  });

  it('a provisioned phone without a vehicle is refused under open too (2)', () => {
    const registry = new TerminalRegistry('open', 'secret');
    registry.apply(entry({ vehicleId: '' }));
    expect(register(registry, '013800000001').result).toBe(RegisterResult.NO_SUCH_VEHICLE);
  });

  it('issues random codes: the same device re-registering keeps its code, a log-off voids it', () => {
    const registry = new TerminalRegistry('strict', 's');
    registry.apply(entry());
    const first = register(registry, '013800000001').authCode!;
    expect(first).toMatch(/^[0-9A-F]{16}$/);
    const other = new TerminalRegistry('strict', 's');
    other.apply(entry());
    expect(register(other, '013800000001').authCode).not.toBe(first);
    expect(register(registry, '013800000001').authCode).toBe(first);
    expect(registry.logOff('00000000013800000001')).toBe(true);
    expect(registry.authenticate('013800000001', first)).toBe(false);
    expect(register(registry, '013800000001').authCode).not.toBe(first);
  });

  it('open: admits unknown terminals with a code any instance sharing the secret accepts', () => {
    const a = new TerminalRegistry('open', 'secret');
    const b = new TerminalRegistry('open', 'secret');
    const outcome = register(a, '013800000009');
    expect(outcome).toMatchObject({ result: RegisterResult.OK, provisioned: false });
    expect(b.authenticate('013800000009', outcome.authCode!)).toBe(true);
    expect(b.authenticate('013800000009', 'nope')).toBe(false);
    expect(new TerminalRegistry('open', 'other').authenticate('013800000009', outcome.authCode!)).toBe(false);
    expect(new TerminalRegistry('strict', 'secret').authenticate('013800000009', outcome.authCode!)).toBe(false);
  });

  it('accepts the auth code stored in the admin registry for a registered terminal only', () => {
    const registry = new TerminalRegistry('strict', 's');
    registry.apply(entry({ authCode: 'ADMIN-CODE', registrationState: TerminalRegistrationState.REGISTERED }));
    expect(register(registry, '013800000001').authCode).toBe('ADMIN-CODE');
    expect(registry.authenticate('013800000001', 'ADMIN-CODE')).toBe(true);
    registry.apply(entry({ authCode: 'ADMIN-CODE', registrationState: TerminalRegistrationState.LOGGED_OFF }));
    expect(registry.authenticate('013800000001', 'ADMIN-CODE')).toBe(false);
  });

  it('matches the header forms of a SIM number (2013: 12 digits, 2019: 20) with the number as registered', () => {
    const registry = new TerminalRegistry('strict', 's');
    registry.apply(entry({ terminalPhone: '13800000001' }));
    const ok2013 = register(registry, '013800000001');
    expect(ok2013).toMatchObject({ result: RegisterResult.OK, vehicleId: 'v1' });
    expect(registry.vehicleIdOf('00000000013800000001')).toBe('v1');
    // One code per terminal whatever edition it speaks.
    expect(registry.authenticate('00000000013800000001', ok2013.authCode!)).toBe(true);
    registry.apply(entry({ terminalPhone: '13800000001', deleted: true }));
    expect(register(registry, '013800000001').result).toBe(RegisterResult.NO_SUCH_TERMINAL);
  });
});

describe('TerminalRegistry, 2019 device ids', () => {
  it('binds the 30-byte id at the first registration and refuses another device afterwards (3)', () => {
    const registry = new TerminalRegistry('strict', 's');
    registry.apply(entry({ terminalPhone: '13800000001' }));
    const long = 'DEVICE2019ABCDEFGHIJ0123456789';
    const ok = registry.register('00000000013800000001', body(long), '2019');
    expect(ok).toMatchObject({ result: RegisterResult.OK, deviceId: long });
    expect(registry.register('00000000013800000001', body(long), '2019').authCode).toBe(ok.authCode);
    expect(registry.register('00000000013800000001', body('OTHERDEVICE2019'), '2019').result).toBe(RegisterResult.TERMINAL_ALREADY_REGISTERED);
  });
});
