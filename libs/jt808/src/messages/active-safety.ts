// Active-safety attachment signalling (T/JSATL 12-2017 tables 4-21 to 4-27). The terminal id is
// BYTE[7] in the 2011/2013 form and BYTE[30] with JT/T 808-2019 headers, as in the 2019 registration.
import type { MessageCodec } from '../codec/message-codec';
import { fromFields } from '../codec/message-codec';
import { bcd, byVersion, f, gbkFixed, gbkLen, list, struct, u16, u32, u8, type FieldType } from '../codec/schema';
import type { AlarmIdentification } from '../location/active-safety-extras';

const terminalId = byVersion({ '2013': gbkFixed(7), '2019': gbkFixed(30) });

const identification: FieldType<AlarmIdentification> = struct<AlarmIdentification>([
  f('terminalId', terminalId),
  f('time', bcd(6)),
  f('serial', u8),
  f('attachmentCount', u8),
  f('reserved', u8),
]);

/** 0x9208: where and under which platform alarm number the terminal uploads an alarm's attachments. */
export interface AttachmentUploadRequestBody {
  serverIp: string;
  tcpPort: number;
  udpPort: number;
  identification: AlarmIdentification;
  /** The platform's unique number of the alarm, up to 32 ASCII characters. */
  alarmNumber: string;
  reserved?: string;
}

/** 0x1210: the list of files the terminal is about to upload for an alarm. */
export interface AttachmentListBody {
  terminalId: string;
  identification: AlarmIdentification;
  alarmNumber: string;
  /** 0 normal alarm files, 1 supplementary. */
  infoType: number;
  files: { name: string; size: number }[];
}

/** 0x1211 (file about to be sent) and 0x1212 (file sent): file type 0 image, 1 audio, 2 video, 3 text, 4 other. */
export interface AttachmentFileBody {
  name: string;
  fileType: number;
  size: number;
}

/** 0x9212: 0 complete, 1 resend the listed ranges. */
export interface AttachmentCompleteReplyBody {
  name: string;
  fileType: number;
  result: number;
  missing: { offset: number; length: number }[];
}

const reserved16: FieldType<string> = { read: (r) => r.hex(16), write: (w, v) => w.hex(v ?? '', 16, 'reserved') };
const fileFields = [f('name', gbkLen(1)), f('fileType', u8), f('size', u32)];

export const activeSafetyCodecs: MessageCodec[] = [
  fromFields<AttachmentUploadRequestBody>(0x9208, 'alarm attachment upload request', [
    f('serverIp', gbkLen(1)),
    f('tcpPort', u16),
    f('udpPort', u16),
    f('identification', identification),
    f('alarmNumber', gbkFixed(32)),
    f('reserved', reserved16, { optional: true }),
  ]),
  fromFields<AttachmentListBody>(0x1210, 'alarm attachment list', [
    f('terminalId', terminalId),
    f('identification', identification),
    f('alarmNumber', gbkFixed(32)),
    f('infoType', u8),
    f('files', list(1, struct([f('name', gbkLen(1)), f('size', u32)]))),
  ]),
  fromFields<AttachmentFileBody>(0x1211, 'alarm attachment file info', fileFields),
  fromFields<AttachmentFileBody>(0x1212, 'alarm attachment file sent', fileFields),
  fromFields<AttachmentCompleteReplyBody>(0x9212, 'alarm attachment file reply', [
    f('name', gbkLen(1)),
    f('fileType', u8),
    f('result', u8),
    f('missing', list(1, struct([f('offset', u32), f('length', u32)]))),
  ]),
];
