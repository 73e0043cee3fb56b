import type { ColdChainField, ColdChainProfile } from '@openfleet/contracts';

// Door flags of the 0x0200 status DWORD (JT/T 808-2013/2019 table 25): bit 13 door 1 (front),
// 14 door 2 (middle), 15 door 3 (rear), 16 door 4 (driver's), 17 door 5 (custom). A reefer's cargo
// door is wired as the rear door on most installations; the profiles below read it as door 1.
const rearDoor: ColdChainField = { quantity: 'door', probe: 1, source: 'status', offset: 0, type: 'bit', bit: 15, scale: 1, offsetValue: 0, unit: 'open' };

const temperatureBlock = (extraId: number, probes: number): ColdChainField[] =>
  Array.from({ length: probes }, (_, index) => ({
    quantity: 'temperature' as const,
    probe: index + 1,
    source: 'extra' as const,
    extraId,
    offset: index * 2,
    type: 's16' as const,
    scale: 0.1,
    offsetValue: 0,
    unit: 'C' as const,
    // An unplugged probe reads 0xFFFF on these terminals (-1 as s16), 0x7FFF on others.
    invalidRaw: [-1, 0x7fff],
  }));

/**
 * The layouts the platform knows before anyone configures one (docs/industry.md "Cold chain"):
 * - jt808-standard: the standard's own 0x06 compartment temperature (WORD, 1 °C, sign and
 *   magnitude; JT/T 808-2011/2013 table 27) and the rear-door status flag.
 * - analog-transmitter: 0x2B analog inputs (DWORD, AD0 bits 0-15, AD1 bits 16-31; JT/T 808 table 27)
 *   with a 0-10 V / 4-20 mA transmitter: AD0 = temperature × 10 + 400 (-40 .. +60 °C), AD1 =
 *   humidity × 10. The scale is the transmitter's, set when it is wired; this is the common one.
 * - g10ls-0x51: the G10LS terminal's 0x51 item, "16 bytes, 2 bytes per temperature group, 8
 *   channels" (AIPorto GPS-Tracker-SDK, G10LS_Protocol.md table 20), read as signed WORDs of 0.1 °C.
 */
export const PREDEFINED_PROFILES: readonly ColdChainProfile[] = [
  {
    profileId: 'jt808-standard',
    name: 'JT/T 808 车厢温度 (0x06) + 后门',
    terminalModel: 'JT/T 808 standard',
    builtIn: true,
    source: 'JT/T 808-2013 table 27 (0x06), table 25 (status bit 15)',
    fields: [{ quantity: 'temperature', probe: 1, source: 'extra', extraId: 0x06, offset: 0, type: 'sm16', scale: 1, offsetValue: 0, unit: 'C' }, rearDoor],
    updatedAt: 0,
  },
  {
    profileId: 'analog-transmitter',
    name: '模拟量温湿度变送器 (0x2B)',
    terminalModel: 'any JT/T 808 terminal with AD0/AD1 wired to a transmitter',
    builtIn: true,
    source: 'JT/T 808-2013 table 27 (0x2B); transmitter scale 0.1, temperature offset -40',
    fields: [
      { quantity: 'temperature', probe: 1, source: 'extra', extraId: 0x2b, offset: 2, type: 'u16', scale: 0.1, offsetValue: -40, unit: 'C' },
      { quantity: 'humidity', probe: 1, source: 'extra', extraId: 0x2b, offset: 0, type: 'u16', scale: 0.1, offsetValue: 0, unit: '%RH' },
      rearDoor,
    ],
    updatedAt: 0,
  },
  {
    profileId: 'g10ls-0x51',
    name: 'G10LS 八路温度 (0x51)',
    terminalModel: 'G10LS',
    builtIn: true,
    source: 'G10LS JT/T 808 protocol, table 20 (0x51: 8 × 2-byte temperature)',
    fields: [...temperatureBlock(0x51, 8), rearDoor],
    updatedAt: 0,
  },
];

export const predefinedProfile = (profileId: string): ColdChainProfile | undefined => PREDEFINED_PROFILES.find((profile) => profile.profileId === profileId);
