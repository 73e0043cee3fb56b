import type { MessageCodec } from '../codec/message-codec';
import { fromFields } from '../codec/message-codec';
import { f, hexFixed, hexLen, hexRest, u32, u8 } from '../codec/schema';

/** 0x0900 / 0x8900: type 0x00 GNSS detail, 0x0B IC card, 0x41/0x42 serial ports, 0xF0-0xFF vendor; content hex. */
export interface TransparentBody {
  type: number;
  content: string;
}

/** 0x0A00 / 0x8A00: RSA public key {e, n}, n as 128 bytes of hex. */
export interface RsaPublicKeyBody {
  e: number;
  n: string;
}

const rsaKey = [f('e', u32), f('n', hexFixed(128))];

export const transparentCodecs: MessageCodec[] = [
  fromFields<TransparentBody>(0x0900, 'uplink transparent data', [f('type', u8), f('content', hexRest)]),
  fromFields<TransparentBody>(0x8900, 'downlink transparent data', [f('type', u8), f('content', hexRest)]),
  fromFields(0x0901, 'compressed data upload', [f('data', hexLen(4))]),
  fromFields<RsaPublicKeyBody>(0x0a00, 'terminal RSA public key', rsaKey),
  fromFields<RsaPublicKeyBody>(0x8a00, 'platform RSA public key', rsaKey),
];
