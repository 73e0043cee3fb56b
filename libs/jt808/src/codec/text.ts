import * as wire from '@openfleet/wire';

// GBK text helpers live with the shared reader in @openfleet/wire (plain values: no getter per call).
export const decodeGbk = wire.decodeGbk;
export const encodeGbk = wire.encodeGbk;
