// Status word, extended vehicle signals and IO status -> displayed states. The words are written
// from JT/T 808-2019's tables (table 25 status bits, table 31 extended vehicle signal status bits of
// item 0x25, table 32 IO status bits of item 0x2A), never produced by our encoder.
import { conditionStates, gnssSystems, loadKey, openDoors } from './condition-states';

const valueOf = (states: { key: string; valueKey: string }[], key: string) => states.find((state) => state.key === key)?.valueKey;

describe('vehicle condition states', () => {
  it('reads ACC (bit 0), located (bit 1) and the front door (bit 13) from 0x00002003', () => {
    const { body, decoded } = conditionStates({ statusFlags: 0x00002003, extendedSignals: null, ioStatus: null });
    expect(valueOf(body, 'acc')).toBe('condition.value.on');
    expect(valueOf(body, 'located')).toBe('condition.value.located');
    expect(valueOf(body, 'door.front')).toBe('condition.value.open');
    expect(valueOf(body, 'door.middle')).toBe('condition.value.closed');
    expect(body.find((state) => state.key === 'door.front')?.tone).toBe('warning');
    expect(openDoors(decoded)).toEqual(['front']);
  });

  it('reads all off from a zero word, and empty load from bits 8-9 = 00', () => {
    const { body, decoded } = conditionStates({ statusFlags: 0, extendedSignals: 0, ioStatus: 0 });
    expect(valueOf(body, 'acc')).toBe('condition.value.off');
    expect(valueOf(body, 'located')).toBe('condition.value.notLocated');
    expect(valueOf(body, 'doorLock')).toBe('condition.value.unlocked');
    expect(valueOf(body, 'oilCircuit')).toBe('condition.value.normal');
    expect(loadKey(decoded)).toBe('condition.value.load.empty');
  });

  it('reads oil circuit cut (bit 10), electric circuit cut (bit 11) and doors locked (bit 12)', () => {
    const { body } = conditionStates({ statusFlags: 0x1c00, extendedSignals: null, ioStatus: null });
    expect(valueOf(body, 'oilCircuit')).toBe('condition.value.cut');
    expect(valueOf(body, 'electricCircuit')).toBe('condition.value.cut');
    expect(valueOf(body, 'doorLock')).toBe('condition.value.locked');
  });

  it('reads doors 1-5 (bits 13-17), the load (bits 8-9) and the GNSS systems (bits 18-21)', () => {
    expect(openDoors(conditionStates({ statusFlags: 0x0003e000, extendedSignals: null, ioStatus: null }).decoded)).toEqual(['front', 'middle', 'rear', 'driver', 'custom']);
    expect(openDoors(conditionStates({ statusFlags: 0x00010000, extendedSignals: null, ioStatus: null }).decoded)).toEqual(['driver']);
    expect(loadKey(conditionStates({ statusFlags: 0x100, extendedSignals: null, ioStatus: null }).decoded)).toBe('condition.value.load.half');
    expect(loadKey(conditionStates({ statusFlags: 0x300, extendedSignals: null, ioStatus: null }).decoded)).toBe('condition.value.load.full');
    // 10 is reserved by the standard: shown as unknown, never as a load.
    expect(loadKey(conditionStates({ statusFlags: 0x200, extendedSignals: null, ioStatus: null }).decoded)).toBe('condition.value.unknown');
    expect(gnssSystems(conditionStates({ statusFlags: 0x000c0000, extendedSignals: null, ioStatus: null }).decoded)).toEqual(['gps', 'beidou']);
    expect(gnssSystems(conditionStates({ statusFlags: 0x00300000, extendedSignals: null, ioStatus: null }).decoded)).toEqual(['glonass', 'galileo']);
  });

  it('keeps the top bit of the DWORD unsigned (bit 31 set, reserved)', () => {
    const { body } = conditionStates({ statusFlags: 0x80002001, extendedSignals: null, ioStatus: null });
    expect(valueOf(body, 'acc')).toBe('condition.value.on');
    expect(valueOf(body, 'door.front')).toBe('condition.value.open');
  });

  it('reads every light and signal of item 0x25 by its bit', () => {
    const bits: [string, number][] = [
      ['lowBeam', 0], ['highBeam', 1], ['rightTurn', 2], ['leftTurn', 3], ['brake', 4], ['reverse', 5], ['fogLight', 6], ['clearanceLights', 7],
      ['horn', 8], ['airConditioner', 9], ['neutral', 10], ['retarder', 11], ['abs', 12], ['heater', 13], ['clutch', 14],
    ];
    for (const [key, bit] of bits) {
      const { signals } = conditionStates({ statusFlags: null, extendedSignals: 1 << bit, ioStatus: null });
      expect(signals.filter((state) => state.valueKey === 'condition.value.on').map((state) => state.key)).toEqual([key]);
    }
    // 0x19: low beam, left turn, brake.
    const { signals } = conditionStates({ statusFlags: null, extendedSignals: 0x19, ioStatus: null });
    expect(signals.filter((state) => state.valueKey === 'condition.value.on').map((state) => state.key)).toEqual(['lowBeam', 'leftTurn', 'brake']);
  });

  it('reads the IO status of item 0x2A: bit 0 deep sleep, bit 1 sleep', () => {
    expect(conditionStates({ statusFlags: null, extendedSignals: null, ioStatus: 1 }).io.valueKey).toBe('condition.value.deepSleep');
    expect(conditionStates({ statusFlags: null, extendedSignals: null, ioStatus: 2 }).io.valueKey).toBe('condition.value.sleep');
    expect(conditionStates({ statusFlags: null, extendedSignals: null, ioStatus: 0 }).io.valueKey).toBe('condition.value.awake');
  });

  it('shows unknown (never off) for a word the report did not carry', () => {
    const { body, signals, io } = conditionStates({ statusFlags: null, extendedSignals: null, ioStatus: null });
    expect([...body, ...signals, io].every((state) => state.valueKey === 'condition.value.unknown' && state.tone === 'unknown')).toBe(true);
  });
});
