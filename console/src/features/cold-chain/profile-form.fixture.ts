import type { ColdChainField } from '@openfleet/contracts/industry';

/** The shapes of the server's built-in layouts (services/industry/src/cold-chain/predefined-profiles.ts). */
export const predefinedFieldsForTest: ColdChainField[] = [
  { quantity: 'temperature', probe: 1, source: 'extra', extraId: 0x06, offset: 0, type: 'sm16', scale: 1, offsetValue: 0, unit: 'C' },
  { quantity: 'door', probe: 1, source: 'status', offset: 0, type: 'bit', bit: 15, scale: 1, offsetValue: 0, unit: 'open' },
  { quantity: 'humidity', probe: 1, source: 'extra', extraId: 0x2b, offset: 0, type: 'u16', scale: 0.1, offsetValue: 0, unit: '%RH' },
  { quantity: 'temperature', probe: 8, source: 'extra', extraId: 0x51, offset: 14, type: 's16', scale: 0.1, offsetValue: 0, unit: 'C', invalidRaw: [-1, 0x7fff] },
  { quantity: 'door', probe: 2, source: 'extra', extraId: 0xe3, offset: 0, type: 'bit', bit: 0, scale: -1, offsetValue: 1, unit: 'open' },
];
