export * from './errors';
export { applyCipher, crc16, decodeFrame, defaultVersion, encodeFrame, escape, headerLength, unescape, FRAME_HEAD, FRAME_TAIL, MAX_FRAME_LENGTH } from './frame';
export type { EncodeFrameOptions, Jt809CipherKeys, Jt809Edition, Jt809Frame, Jt809Header } from './frame';
export { Jt809Deframer } from './deframer';
export type { Body, Gnss, Gnss2011, Gnss2019 } from './fields';
export {
  BUSINESS_MESSAGES,
  LINK_MESSAGES,
  LOGIN_RESULTS,
  SUB_MESSAGES,
  decodeBusinessBody,
  decodeLinkBody,
  encodeBusinessBody,
  encodeLinkBody,
  hasVehicle,
  isBusinessMessage,
  messageName,
} from './messages';
export type { BusinessBody } from './messages';
export { SuperiorPlatformSimulator } from './simulator/superior-platform';
export type { ReceivedMessage, SuperiorAccount, SuperiorOptions } from './simulator/superior-platform';
