// The predefined layouts against bytes written from their documents (not from any encoder of ours):
// the gateway hands the decoder either the item's hex (raw0xNN) or, for items the JT/T 808 codec
// types (0x06, 0x2B), its typed value; both must read the same.
import type { ColdChainProfile } from '@openfleet/contracts';
import { decodeProbes } from './probe-decoder';
import { predefinedProfile } from './predefined-profiles';

const profile = (id: string): ColdChainProfile => predefinedProfile(id)!;
const REAR_DOOR_OPEN = 1 << 15; // JT/T 808 table 25: status bit 15, door 3 (rear)
const ACC_AND_FIX = 0b11;

describe('probe decoder, predefined layouts', () => {
  it('jt808-standard: 0x06 is a WORD of whole degrees, sign and magnitude; the rear door is status bit 15', () => {
    // 0x8012: highest bit set = below zero, magnitude 0x12 = 18.
    expect(decodeProbes({ extrasJson: JSON.stringify({ raw0x06: '8012' }), statusFlags: ACC_AND_FIX | REAR_DOOR_OPEN }, profile('jt808-standard'))).toEqual({ temperatures: [-18], humidities: [], doors: [true] });
    // The gateway's typed form of the same item, door closed.
    expect(decodeProbes({ extrasJson: JSON.stringify({ compartmentTemperatureC: -18 }), statusFlags: ACC_AND_FIX }, profile('jt808-standard'))).toEqual({ temperatures: [-18], humidities: [], doors: [false] });
    // 0x0005: +5 °C (two's complement would read the same; 0x8005 is where they differ).
    expect(decodeProbes({ extrasJson: JSON.stringify({ raw0x06: '8005' }), statusFlags: 0 }, profile('jt808-standard'))?.temperatures).toEqual([-5]);
  });

  it('analog-transmitter: 0x2B DWORD, AD0 in bits 0-15 (temperature ×0.1 −40), AD1 in bits 16-31 (humidity ×0.1)', () => {
    // 02 58 | 01 72: AD1 = 600 -> 60.0 %RH, AD0 = 370 -> -3.0 °C.
    const fromHex = decodeProbes({ extrasJson: JSON.stringify({ raw0x2b: '02580172' }), statusFlags: 0 }, profile('analog-transmitter'));
    expect(fromHex).toEqual({ temperatures: [-3], humidities: [60], doors: [false] });
    expect(decodeProbes({ extrasJson: JSON.stringify({ analog: { ad0: 370, ad1: 600 } }), statusFlags: 0 }, profile('analog-transmitter'))).toEqual(fromHex);
  });

  it('g10ls-0x51: 16 bytes, 2 per channel, 8 channels; unplugged channels (FFFF, 7FFF) are skipped', () => {
    // ch1 FF4C = -180 -> -18.0; ch2 0032 -> 5.0; ch3 FFFF unplugged; ch4 00C8 -> 20.0; ch5-8 7FFF.
    const hex = 'ff4c0032ffff00c87fff7fff7fff7fff';
    expect(decodeProbes({ extrasJson: JSON.stringify({ raw0x51: hex }), statusFlags: REAR_DOOR_OPEN }, profile('g10ls-0x51'))).toEqual({ temperatures: [-18, 5, null, 20], humidities: [], doors: [true] });
  });

  it('reads nothing from a position without the profile’s items, a short item or malformed extras', () => {
    const standardWithoutDoor = { fields: profile('jt808-standard').fields.filter((field) => field.quantity !== 'door') };
    expect(decodeProbes({ extrasJson: '', statusFlags: 0 }, standardWithoutDoor)).toBeNull();
    expect(decodeProbes({ extrasJson: JSON.stringify({ raw0x06: '80' }), statusFlags: 0 }, standardWithoutDoor)).toBeNull();
    expect(decodeProbes({ extrasJson: '{not json', statusFlags: 0 }, standardWithoutDoor)).toBeNull();
    expect(decodeProbes({ extrasJson: JSON.stringify({ raw0x06: 'zz' }), statusFlags: 0 }, standardWithoutDoor)).toBeNull();
  });

  it('converts Fahrenheit and reads an inverted door bit of a vendor item', () => {
    const vendor = {
      fields: [
        { quantity: 'temperature' as const, probe: 2, source: 'extra' as const, extraId: 0xe3, offset: 1, type: 'u8' as const, scale: 1, offsetValue: 0, unit: 'F' as const },
        // Door switch closed = 1 (bit 0 of byte 0), so open = 1 - bit.
        { quantity: 'door' as const, probe: 1, source: 'extra' as const, extraId: 0xe3, offset: 0, type: 'bit' as const, bit: 0, scale: -1, offsetValue: 1, unit: 'open' as const },
      ],
    };
    // byte 0 = 0x00 (switch open), byte 1 = 0x32 = 50 °F = 10 °C.
    expect(decodeProbes({ extrasJson: JSON.stringify({ raw0xe3: '0032' }), statusFlags: 0 }, vendor)).toEqual({ temperatures: [null, 10], humidities: [], doors: [true] });
  });
});
