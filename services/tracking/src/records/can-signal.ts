import type { CanSignalLayout } from '@openfleet/contracts';

export type { CanSignalLayout };

/** JT/T 808 table 0x0705: bit 31 channel, bit 30 frame type, bit 29 collection method, bits 28-0 the bus id. */
export function canBusId(canId: number): number {
  return (canId >>> 0) & 0x1fffffff;
}

export function canChannel(canId: number): number {
  return (canId >>> 31) & 1;
}

/**
 * The physical value of a signal in a frame's data (hex, 8 bytes): raw bits × factor + offset,
 * or null when the layout reaches past the frame. Bits are read as DBC files define them: Intel
 * (little-endian) from the start bit upwards across bytes, Motorola (big-endian) from the start
 * bit down through each byte, then on to the top of the next byte.
 */
export function decodeSignal(dataHex: string, signal: CanSignalLayout): number | null {
  const data = Buffer.from(dataHex, 'hex');
  const { startBit, bitLength } = signal;
  if (bitLength < 1 || bitLength > 64 || startBit < 0 || startBit > 63) return null;
  let raw = 0n;
  if (signal.byteOrder === 'intel') {
    if (startBit + bitLength > data.length * 8) return null;
    for (let i = bitLength - 1; i >= 0; i--) {
      const position = startBit + i;
      raw = (raw << 1n) | BigInt((data[position >> 3] >> (position & 7)) & 1);
    }
  } else {
    let position = startBit;
    for (let i = 0; i < bitLength; i++) {
      const byte = position >> 3;
      if (byte >= data.length) return null;
      raw = (raw << 1n) | BigInt((data[byte] >> (position & 7)) & 1);
      position = (position & 7) === 0 ? (byte + 1) * 8 + 7 : position - 1;
    }
  }
  if (signal.signed && raw >> BigInt(bitLength - 1) === 1n) raw -= 1n << BigInt(bitLength);
  return Number(raw) * signal.factor + signal.offset;
}
