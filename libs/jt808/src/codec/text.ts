// GBK text helpers live with the shared reader in @openfleet/wire.
export { decodeGbk, encodeGbk } from '@openfleet/wire';
