export * from './errors';
export * from './types';
export { decodeFrame, encodeFrame, decodeBody, encodeBody } from './frame';
export { GeneralReplyEncoder } from './general-reply';
export {
  escapeFrame,
  unescapeInto,
  xorChecksum,
  MAX_BODY_LENGTH,
  MAX_ESCAPED_FRAME_LENGTH,
} from './framing/escape';
export { getCodec, supportedMessageIds } from './registry';
export type { MessageCodec } from './codec/message-codec';
export { bcdTimeToDate, dateToBcdTime, formatIsoWithOffset } from './codec/bcd-time';
export * from './location/alarm-status';
export type { LocationExtra, LocationExtraKind } from './location/extras';
export { LOCATION_EXTRA_KINDS } from './location/extras';
export type { ActiveSafetyCommon, AdasAlarm, AlarmIdentification, BsdAlarm, DsmAlarm, TpmsAlarm, TpmsEvent } from './location/active-safety-extras';
export { ACTIVE_SAFETY_LENGTHS } from './location/active-safety-extras';
export type { LocationBody, LocationReplyBody, LocationBatchBody } from './messages/location';
export { Jt808Deframer } from './framing/deframer';
export type { DeframerStats } from './framing/deframer';
export {
  messageToJson,
  messageFromJson,
  errorToJson,
  parseHex,
  decodeHexToJson,
  encodeJsonToHex,
} from './json';
export type { Jt808Json } from './json';
export { PARAMETER_TABLE, parameterInfo } from './messages/parameter-table';
export type { ParameterType } from './messages/parameter-table';
export type {
  ParameterItem,
  SetParametersBody,
  ParametersReplyBody,
  QueryParametersBody,
} from './messages/parameters';
export type { GeneralReplyBody, RetransmitRequestBody, ServerTimeBody } from './messages/terminal-general';
export type { RegisterBody, RegisterReplyBody, AuthBody } from './messages/registration';
export { detectRegisterVersion } from './messages/registration';
export type {
  TerminalControlBody,
  TerminalAttributesBody,
  UpgradeBody,
  UpgradeResultBody,
  VehicleControlBody,
  VehicleControlItem,
} from './messages/terminal-control';
export type {
  TextMessageBody,
  EventSetBody,
  QuestionBody,
  InfoMenuBody,
  PhonebookBody,
} from './messages/text-events';
export type { DriverInfoBody, CanDataBody } from './messages/tachograph-driver';
export type { AttachmentCompleteReplyBody, AttachmentFileBody, AttachmentListBody, AttachmentUploadRequestBody } from './messages/active-safety';
export { AttachmentStreamSplitter, ATTACHMENT_DATA_MAGIC, encodeAttachmentData } from './framing/attachment-stream';
export type { AttachmentData, AttachmentStreamItem } from './framing/attachment-stream';
export type { MediaUploadBody, StoredMediaReplyBody } from './messages/multimedia';
export type { TransparentBody, RsaPublicKeyBody } from './messages/transparent';
export type { AreaBody } from './messages/areas';
export { encodeFrames, SUBPACKAGE_BODY_BYTES } from './split-frames';
export { decodeRecorderFrame, encodeRecorderFrame, RECORDER_COMMAND_HEAD, RECORDER_UPLOAD_HEAD } from './recorder/recorder-frame';
export { decodeRecorderData, encodeRecorderData, encodeRecorderRange, decodeRecorderRange, RECORDER_WORDS, RANGED_RECORDER_WORDS } from './recorder/recorder-records';
export type { RecorderPosition, RecorderRange } from './recorder/recorder-records';
export { parseRecorderBlock, buildRecorderBlock } from './recorder/recorder-json';
