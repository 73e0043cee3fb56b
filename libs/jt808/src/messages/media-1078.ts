// JT/T 1078 signalling carried over the JT/T 808 link.
import type { MessageCodec } from '../codec/message-codec';
import { empty, fromFields } from '../codec/message-codec';
import type { FieldSpec } from '../codec/schema';
import { bcdTime, f, gbkLen, hexFixed, list, struct, u16, u32, u8 } from '../codec/schema';

/** 64 alarm bits (JT/T 808 bits 0-31, JT/T 1078 video alarms 32-63) as 16 hex digits. */
const alarmFlags64 = hexFixed(8);

const resourceItem = struct([
  f('channel', u8),
  f('startTime', bcdTime),
  f('endTime', bcdTime),
  f('alarmFlags', alarmFlags64),
  f('mediaType', u8),
  f('streamType', u8),
  f('storageType', u8),
  f('fileSize', u32),
]);

const channelFlag = (msgId: number, name: string, key: string) =>
  fromFields(msgId, name, [f('channel', u8), f(key, u8)]);

const mediaServer: FieldSpec[] = [f('serverAddress', gbkLen(1)), f('tcpPort', u16), f('udpPort', u16)];

export const media1078Codecs: MessageCodec[] = [
  fromFields(0x1003, 'audio/video attributes', [
    f('audioEncoding', u8),
    f('audioChannels', u8),
    f('sampleRate', u8),
    f('sampleBits', u8),
    f('audioFrameLength', u16),
    f('audioOutput', u8),
    f('videoEncoding', u8),
    f('maxAudioChannels', u8),
    f('maxVideoChannels', u8),
  ]),
  fromFields(0x1005, 'passenger flow', [
    f('startTime', bcdTime),
    f('endTime', bcdTime),
    f('boarding', u16),
    f('alighting', u16),
  ]),
  fromFields(0x1205, 'resource list', [f('replySerial', u16), f('items', list(4, resourceItem))]),
  fromFields(0x1206, 'file upload complete', [f('replySerial', u16), f('result', u8)]),
  empty(0x9003, 'query audio/video attributes'),
  fromFields(0x9101, 'real-time audio/video request', [
    ...mediaServer,
    f('channel', u8),
    f('dataType', u8),
    f('streamType', u8),
  ]),
  fromFields(0x9102, 'real-time audio/video control', [
    f('channel', u8),
    f('command', u8),
    f('closeType', u8),
    f('switchStreamType', u8),
  ]),
  fromFields(0x9105, 'real-time audio/video status', [f('channel', u8), f('packetLossRate', u8)]),
  fromFields(0x9201, 'playback request', [
    ...mediaServer,
    f('channel', u8),
    f('mediaType', u8),
    f('streamType', u8),
    f('storageType', u8),
    f('playbackMode', u8),
    f('speed', u8),
    f('startTime', bcdTime),
    f('endTime', bcdTime),
  ]),
  fromFields(0x9202, 'playback control', [
    f('channel', u8),
    f('control', u8),
    f('speed', u8),
    f('position', bcdTime),
  ]),
  fromFields(0x9205, 'query resource list', [
    f('channel', u8),
    f('startTime', bcdTime),
    f('endTime', bcdTime),
    f('alarmFlags', alarmFlags64),
    f('mediaType', u8),
    f('streamType', u8),
    f('storageType', u8),
  ]),
  fromFields(0x9206, 'file upload request', [
    f('serverAddress', gbkLen(1)),
    f('port', u16),
    f('user', gbkLen(1)),
    f('password', gbkLen(1)),
    f('path', gbkLen(1)),
    f('channel', u8),
    f('startTime', bcdTime),
    f('endTime', bcdTime),
    f('alarmFlags', alarmFlags64),
    f('mediaType', u8),
    f('streamType', u8),
    f('storageLocation', u8),
    f('taskConditions', u8),
  ]),
  fromFields(0x9207, 'file upload control', [f('replySerial', u16), f('control', u8)]),
  fromFields(0x9301, 'PTZ rotation', [f('channel', u8), f('direction', u8), f('speed', u8)]),
  channelFlag(0x9302, 'PTZ focus', 'focus'),
  channelFlag(0x9303, 'PTZ iris', 'iris'),
  channelFlag(0x9304, 'PTZ wiper', 'wiper'),
  channelFlag(0x9305, 'PTZ infrared fill light', 'infrared'),
  channelFlag(0x9306, 'PTZ zoom', 'zoom'),
];
