import { canBusId, canChannel, decodeSignal, type CanSignalLayout } from './can-signal';

const layout = (overrides: Partial<CanSignalLayout>): CanSignalLayout => ({ busId: 0, startBit: 0, bitLength: 8, byteOrder: 'intel', signed: false, factor: 1, offset: 0, ...overrides });

describe('CAN signals (DBC bit numbering)', () => {
  it('reads an Intel signal from its lowest bit upwards across bytes', () => {
    // Bytes 1 and 2 (02 03) little-endian: 0x0302.
    expect(decodeSignal('0102030405060708', layout({ startBit: 8, bitLength: 16 }))).toBe(0x0302);
    // A 4-bit field at bits 4-7 of byte 0 (0xA5 -> 0xA).
    expect(decodeSignal('a500000000000000', layout({ startBit: 4, bitLength: 4 }))).toBe(0xa);
  });

  it('decodes J1939 engine speed (EEC1, SPN 190: bytes 4-5, 0.125 rpm per bit)', () => {
    // Raw 0x1368 = 4968 -> 621 rpm.
    expect(decodeSignal('ffffff6813ffffff', layout({ busId: 0x0cf00400, startBit: 24, bitLength: 16, factor: 0.125 }))).toBe(621);
  });

  it('reads a Motorola signal from its top bit down, then the next byte', () => {
    // Start bit 7 (top of byte 0), 16 bits: bytes 0 and 1 big-endian.
    expect(decodeSignal('0102030405060708', layout({ byteOrder: 'motorola', startBit: 7, bitLength: 16 }))).toBe(0x0102);
    // Start bit 3, 8 bits: the low nibble of byte 0 then the high nibble of byte 1 (0x0A, 0xB0 -> 0xAB).
    expect(decodeSignal('0ab0000000000000', layout({ byteOrder: 'motorola', startBit: 3, bitLength: 8 }))).toBe(0xab);
  });

  it('applies the sign, the factor and the offset', () => {
    expect(decodeSignal('ff00000000000000', layout({ signed: true }))).toBe(-1);
    expect(decodeSignal('ff00000000000000', layout({}))).toBe(255);
    // Coolant temperature, 1 degC per bit, -40 offset: 0x5A = 90 -> 50 degC.
    expect(decodeSignal('5a00000000000000', layout({ offset: -40 }))).toBe(50);
  });

  it('answers null for a layout past the 8 data bytes', () => {
    expect(decodeSignal('0102030405060708', layout({ startBit: 60, bitLength: 8 }))).toBeNull();
    expect(decodeSignal('0102030405060708', layout({ byteOrder: 'motorola', startBit: 63, bitLength: 16 }))).toBeNull();
  });

  it('splits the 0x0705 CAN id into channel and bus id', () => {
    expect(canBusId(0x98f00400)).toBe(0x18f00400);
    expect(canChannel(0x98f00400)).toBe(1);
    expect(canChannel(0x18f00400)).toBe(0);
  });
});
