import type { ConditionCanValue, VehicleConditionView } from '@openfleet/contracts';
import { checkRemoteOperation, type SafetyContext } from './safety-checks';

// Status words laid out from JT/T 808-2019 table 25 and 0x25 words from table 31 by hand.
const ACC = 1 << 0;
const LOCATED = 1 << 1;
const OIL_CUT = 1 << 10;
const CIRCUIT_CUT = 1 << 11;
const DOORS_LOCKED = 1 << 12;
const FRONT_DOOR_OPEN = 1 << 13;
const DRIVER_DOOR_OPEN = 1 << 16;
const REVERSE = 1 << 5;
const NEUTRAL = 1 << 10;

const context = (overrides: Partial<SafetyContext> = {}): SafetyContext => ({ lastEngineOrderWasStart: false, startsInWindow: 0, startLimit: 3, minBatteryV: 11.8, minFuelPercent: 10, minFuelLitres: 5, ...overrides });
const can = (name: string, value: number, unit = ''): ConditionCanValue => ({ signalId: 1, name, unit, value, time: '2026-11-27 08:00:00' });
const condition = (statusFlags: number | null, extendedSignals: number | null = null, values: ConditionCanValue[] = []): VehicleConditionView => ({
  vehicleId: '1', terminalPhone: '13900000001', plateCode: '京A00001', companyId: '1', vehicleStatus: 1, gpsTime: null, statusFlags, alarmFlags: 0, speedKmh: 0, extrasTime: null,
  extendedSignals, ioStatus: null, analog: null, signalStrength: null, satellites: null, can: values,
});
const parkedLocked = LOCATED | DOORS_LOCKED;
const codeOf = (operation: string, view: VehicleConditionView | null, ctx = context()) => checkRemoteOperation(operation, view, ctx)?.errorCode ?? 0;

describe('checks before a remote engine start', () => {
  it('lets a parked, locked, closed vehicle start', () => {
    expect(codeOf('engineStart', condition(parkedLocked, NEUTRAL, [can('手刹', 1), can('档位', 0x0f), can('蓄电池电压', 12.6, 'V'), can('燃油液位', 40, '%')]))).toBe(0);
  });

  it.each([
    ['the start limit', condition(parkedLocked), context({ startsInWindow: 3 }), 3055],
    ['no status word ever', condition(null), context(), 3046],
    ['no report at all', null, context(), 3046],
    ['the engine running', condition(parkedLocked | ACC), context(), 3048],
    ['reverse gear (0x25 bit 5)', condition(parkedLocked, REVERSE), context(), 3044],
    ['a CAN gear in drive (0x0E)', condition(parkedLocked, null, [can('档位', 0x0e)]), context(), 3044],
    ['the handbrake released', condition(parkedLocked, null, [can('handbrake', 0)]), context(), 3045],
    ['a door open', condition(parkedLocked | DRIVER_DOOR_OPEN), context(), 3050],
    ['doors unlocked', condition(LOCATED), context(), 3046],
    ['a window open', condition(parkedLocked, null, [can('车窗开度', 30, '%')]), context(), 3047],
    ['the trunk open', condition(parkedLocked, null, [can('后备箱', 1)]), context(), 3051],
    ['the hood open', condition(parkedLocked, null, [can('引擎盖', 1)]), context(), 3052],
    ['a 12 V battery at 11.2 V', condition(parkedLocked, null, [can('蓄电池电压', 11.2, 'V')]), context(), 3053],
    ['a 24 V battery at 22 V', condition(parkedLocked, null, [can('battery voltage', 22, 'V')]), context(), 3053],
    ['the circuit cut', condition(parkedLocked | CIRCUIT_CUT), context(), 3053],
    ['fuel at 5 %', condition(parkedLocked, null, [can('燃油液位', 5, '%')]), context(), 3054],
    ['fuel at 3 L', condition(parkedLocked, null, [can('fuel volume', 3, 'L')]), context(), 3054],
    ['the oil circuit cut', condition(parkedLocked | OIL_CUT), context(), 3054],
  ])('refuses with %s', (_what, view, ctx, code) => {
    expect(codeOf('engineStart', view, ctx)).toBe(code);
  });

  it('passes checks whose data the terminal never sent (0x25, CAN)', () => {
    expect(codeOf('engineStart', condition(parkedLocked, null, []))).toBe(0);
    expect(checkRemoteOperation('engineStart', condition(null), context())).toEqual({ errorCode: 3046, check: 'statusWord', known: false });
  });

  it('a 24 V battery at 25 V is fine', () => {
    expect(codeOf('engineStart', condition(parkedLocked, null, [can('battery voltage', 25, 'V')]))).toBe(0);
  });
});

describe('checks of the other operations', () => {
  it('stops only an engine that runs after a remote start', () => {
    expect(codeOf('engineStop', condition(parkedLocked))).toBe(3039);
    expect(codeOf('engineStop', condition(parkedLocked | ACC))).toBe(3041);
    expect(codeOf('engineStop', condition(parkedLocked | ACC), context({ lastEngineOrderWasStart: true }))).toBe(0);
    // Unknown ACC: stopping is the safe direction.
    expect(codeOf('engineStop', condition(null))).toBe(0);
  });

  it('no unlocking and no window lowering during a remote start', () => {
    const started = context({ lastEngineOrderWasStart: true });
    expect(codeOf('doorUnlock', condition(parkedLocked | ACC), started)).toBe(3042);
    expect(codeOf('windowOpen', condition(parkedLocked | ACC), started)).toBe(3043);
    // The engine went off since: the remote start is over.
    expect(codeOf('doorUnlock', condition(parkedLocked), started)).toBe(0);
    expect(codeOf('doorUnlock', condition(parkedLocked | ACC))).toBe(0);
    expect(codeOf('windowOpen', condition(parkedLocked | ACC))).toBe(0);
  });

  it('locks only closed doors and trunk', () => {
    expect(codeOf('doorLock', condition(LOCATED | FRONT_DOOR_OPEN))).toBe(3050);
    expect(codeOf('doorLock', condition(LOCATED, null, [can('trunk', 1)]))).toBe(3051);
    expect(codeOf('doorLock', condition(LOCATED))).toBe(0);
    expect(codeOf('doorLock', condition(null))).toBe(0);
    expect(codeOf('windowClose', condition(LOCATED | FRONT_DOOR_OPEN))).toBe(0);
  });
});
