import type { MessageCodec } from './codec/message-codec';
import { activeSafetyCodecs } from './messages/active-safety';
import { areaCodecs } from './messages/areas';
import { locationCodecs } from './messages/location';
import { media1078Codecs } from './messages/media-1078';
import { multimediaCodecs } from './messages/multimedia';
import { parameterCodecs } from './messages/parameters';
import { registrationCodecs } from './messages/registration';
import { tachographDriverCodecs } from './messages/tachograph-driver';
import { terminalControlCodecs } from './messages/terminal-control';
import { terminalGeneralCodecs } from './messages/terminal-general';
import { textEventCodecs } from './messages/text-events';
import { transparentCodecs } from './messages/transparent';

const families: MessageCodec[][] = [
  terminalGeneralCodecs,
  registrationCodecs,
  parameterCodecs,
  terminalControlCodecs,
  locationCodecs,
  textEventCodecs,
  areaCodecs,
  tachographDriverCodecs,
  multimediaCodecs,
  transparentCodecs,
  media1078Codecs,
  activeSafetyCodecs,
];

const codecs = new Map<number, MessageCodec>();
for (const family of families) {
  for (const codec of family) {
    if (codecs.has(codec.msgId)) throw new Error(`duplicate codec for 0x${codec.msgId.toString(16)}`);
    codecs.set(codec.msgId, codec);
  }
}

/** The codec for a message id, or undefined (such bodies decode to raw hex). */
export function getCodec(msgId: number): MessageCodec | undefined {
  return codecs.get(msgId);
}

/** Every message id with a typed codec, ascending. */
export function supportedMessageIds(): number[] {
  return [...codecs.keys()].sort((a, b) => a - b);
}
