import { Jt809DecodeError, Jt809EncodeError } from './errors';
import type { FieldType } from '@openfleet/wire';
import { bodyReader, bodyWriter, layoutType, type Body, type Field } from './fields';
import type { Jt809Edition } from './frame';

// The message catalogue of JT/T 809-2011 and -2019 that the forwarder speaks. Layouts follow the
// standard's tables; where the editions differ the entry is a function of the edition.

type Layout = readonly Field[] | ((edition: Jt809Edition) => readonly Field[]);

/** Link management: bodies without a sub-business header. */
export const LINK_MESSAGES: Record<number, { name: string; layout: Layout }> = {
  0x1001: {
    name: 'UP_CONNECT_REQ',
    layout: (e) => [['userId', 'u32'], ['password', { str: 8 }], ...(e === '2019' ? ([['downLinkCenterId', 'u32']] as const) : []), ['downLinkIp', { str: 32 }], ['downLinkPort', 'u16']],
  },
  0x1002: { name: 'UP_CONNECT_RSP', layout: [['result', 'u8'], ['verifyCode', 'u32']] },
  0x1003: { name: 'UP_DISCONNECT_REQ', layout: [['userId', 'u32'], ['password', { str: 8 }]] },
  0x1004: { name: 'UP_DISCONNECT_RSP', layout: [] },
  0x1005: { name: 'UP_LINKTEST_REQ', layout: [] },
  0x1006: { name: 'UP_LINKTEST_RSP', layout: [] },
  0x1007: { name: 'UP_DISCONNECT_INFORM', layout: [['errorCode', 'u8']] },
  0x1008: { name: 'UP_CLOSELINK_INFORM', layout: [['reasonCode', 'u8']] },
  0x9001: { name: 'DOWN_CONNECT_REQ', layout: [['verifyCode', 'u32']] },
  0x9002: { name: 'DOWN_CONNECT_RSP', layout: [['result', 'u8']] },
  0x9003: { name: 'DOWN_DISCONNECT_REQ', layout: [['verifyCode', 'u32']] },
  0x9004: { name: 'DOWN_DISCONNECT_RSP', layout: [] },
  0x9005: { name: 'DOWN_LINKTEST_REQ', layout: [] },
  0x9006: { name: 'DOWN_LINKTEST_RSP', layout: [] },
  0x9007: { name: 'DOWN_DISCONNECT_INFORM', layout: [['reasonCode', 'u8']] },
  0x9008: { name: 'DOWN_CLOSELINK_INFORM', layout: [['reasonCode', 'u8']] },
};

/** 0x1002 results: 0 success, then the refusals. */
export const LOGIN_RESULTS: Record<number, string> = {
  0: 'success',
  1: 'IP address incorrect',
  2: 'access code incorrect',
  3: 'user not registered',
  4: 'password incorrect',
  5: 'resources busy, connect later',
  6: 'other',
  0xff: 'other',
};

/** 2019: a reply names the request it answers by its data type and serial. */
const SOURCE: readonly Field[] = [
  ['sourceDataType', 'u16'],
  ['sourceMsgSn', 'u32'],
];
const withSource = (e: Jt809Edition, fields: readonly Field[]): readonly Field[] => (e === '2019' ? [...SOURCE, ...fields] : fields);
const warnHead = (e: Jt809Edition): readonly Field[] =>
  e === '2019'
    ? [['sourcePlatformId', { str: 11 }], ['warnType', 'u16'], ['warnTime', 'time'], ['startTime', 'time'], ['endTime', 'time'], ['vehicleNo', { str: 21 }], ['vehicleColor', 'u8'], ['destinationPlatformId', { str: 11 }], ['drvLineId', 'u32']]
    : [['warnSrc', 'u8'], ['warnType', 'u16'], ['warnTime', 'time']];

/** Sub-business bodies, by data type. */
export const SUB_MESSAGES: Record<number, { name: string; layout: Layout }> = {
  0x1201: {
    name: 'UP_EXG_MSG_REGISTER',
    layout: (e) =>
      e === '2019'
        ? [['platformId', { str: 11 }], ['producerId', { str: 11 }], ['terminalModel', { str: 30 }], ['imei', { str: 15 }], ['terminalId', { str: 30 }], ['simCode', { str: 13 }]]
        : [['platformId', { str: 11 }], ['producerId', { str: 11 }], ['terminalModel', { str: 20 }], ['terminalId', { str: 7 }], ['simCode', { str: 12, padLeft: '0' }]],
  },
  0x1202: { name: 'UP_EXG_MSG_REAL_LOCATION', layout: [['position', 'gnss']] },
  0x1203: { name: 'UP_EXG_MSG_HISTORY_LOCATION', layout: [['positions', 'gnssList']] },
  0x1205: { name: 'UP_EXG_MSG_RETURN_STARTUP_ACK', layout: (e) => withSource(e, []) },
  0x1206: { name: 'UP_EXG_MSG_RETURN_END_ACK', layout: (e) => withSource(e, []) },
  0x1207: { name: 'UP_EXG_MSG_APPLY_FOR_MONITOR_STARTUP', layout: [['startTime', 'time'], ['endTime', 'time']] },
  0x1209: { name: 'UP_EXG_MSG_APPLY_HISGNSSDATA_REQ', layout: [['startTime', 'time'], ['endTime', 'time']] },
  0x9205: { name: 'DOWN_EXG_MSG_RETURN_STARTUP', layout: [['reasonCode', 'u8']] },
  0x9206: { name: 'DOWN_EXG_MSG_RETURN_END', layout: [['reasonCode', 'u8']] },
  0x9207: { name: 'DOWN_EXG_MSG_APPLY_FOR_MONITOR_STARTUP_ACK', layout: (e) => withSource(e, [['result', 'u8']]) },
  0x9209: { name: 'DOWN_EXG_MSG_APPLY_HISGNSSDATA_ACK', layout: (e) => withSource(e, [['result', 'u8']]) },
  0x1301: {
    name: 'UP_PLATFORM_MSG_POST_QUERY_ACK',
    layout: (e) =>
      e === '2019'
        ? [['objectType', 'u8'], ['responder', { str: 16 }], ['responderTel', { str: 20 }], ['objectId', { str: 20 }], ...SOURCE, ['infoContent', 'text32']]
        : [['objectType', 'u8'], ['objectId', { str: 12 }], ['infoId', 'u32'], ['infoContent', 'text32']],
  },
  0x1302: { name: 'UP_PLATFORM_MSG_INFO_ACK', layout: (e) => (e === '2019' ? SOURCE : [['infoId', 'u32']]) },
  0x9301: {
    name: 'DOWN_PLATFORM_MSG_POST_QUERY_REQ',
    layout: (e) =>
      e === '2019'
        ? [['objectType', 'u8'], ['objectId', { str: 20 }], ['answerTime', 'u8'], ['infoId', 'u32'], ['infoContent', 'text32']]
        : [['objectType', 'u8'], ['objectId', { str: 12 }], ['infoId', 'u32'], ['infoContent', 'text32']],
  },
  0x9302: { name: 'DOWN_PLATFORM_MSG_INFO_REQ', layout: [['objectType', 'u8'], ['objectId', { str: 12 }], ['infoId', 'u32'], ['infoContent', 'text32']] },
  0x1401: { name: 'UP_WARN_MSG_URGE_TODO_ACK', layout: [['supervisionId', 'u32'], ['result', 'u8']] },
  0x1402: { name: 'UP_WARN_MSG_ADPT_INFO', layout: (e) => [...warnHead(e), ...(e === '2019' ? [] : ([['infoId', 'u32']] as const)), ['infoContent', 'text32']] },
  0x9401: {
    name: 'DOWN_WARN_MSG_URGE_TODO_REQ',
    layout: [['warnSrc', 'u8'], ['warnType', 'u16'], ['warnTime', 'time'], ['supervisionId', 'u32'], ['supervisionEndTime', 'time'], ['supervisionLevel', 'u8'], ['supervisor', { str: 16 }], ['supervisorTel', { str: 20 }], ['supervisorEmail', { str: 32 }]],
  },
  0x9402: { name: 'DOWN_WARN_MSG_INFORM_TIPS', layout: (e) => [...warnHead(e), ['warnContent', 'text32']] },
  0x9403: { name: 'DOWN_WARN_MSG_EXG_INFORM', layout: (e) => [...warnHead(e), ['warnContent', 'text32']] },
  0x1501: { name: 'UP_CTRL_MSG_MONITOR_VEHICLE_ACK', layout: (e) => withSource(e, [['result', 'u8']]) },
  0x1502: {
    name: 'UP_CTRL_MSG_TAKE_PHOTO_ACK',
    layout: (e) => withSource(e, [['photoRspFlag', 'u8'], ['position', 'gnss'], ['lensId', 'u8'], ['photoLength', 'u32'], ['sizeType', 'u8'], ['type', 'u8'], ['photo', { bytesOf: 'photoLength' }]]),
  },
  0x1503: { name: 'UP_CTRL_MSG_TEXT_INFO_ACK', layout: (e) => (e === '2019' ? [...SOURCE, ['result', 'u8']] : [['msgId', 'u32'], ['result', 'u8']]) },
  0x1504: { name: 'UP_CTRL_MSG_TAKE_TRAVEL_ACK', layout: (e) => withSource(e, [['commandType', 'u8'], ['travelData', 'bytes32']]) },
  0x1505: { name: 'UP_CTRL_MSG_EMERGENCY_MONITORING_ACK', layout: (e) => withSource(e, [['result', 'u8']]) },
  0x9501: { name: 'DOWN_CTRL_MSG_MONITOR_VEHICLE_REQ', layout: [['monitorTel', { str: 20 }]] },
  0x9502: { name: 'DOWN_CTRL_MSG_TAKE_PHOTO_REQ', layout: [['lensId', 'u8'], ['sizeType', 'u8']] },
  0x9503: { name: 'DOWN_CTRL_MSG_TEXT_INFO', layout: [['msgSequence', 'u32'], ['priority', 'u8'], ['content', 'text32']] },
  0x9504: { name: 'DOWN_CTRL_MSG_TAKE_TRAVEL_REQ', layout: (e) => (e === '2019' ? [['startTime', 'time'], ['endTime', 'time'], ['command', 'u8']] : [['command', 'u8'], ['params', 'bytesRest']]) },
  0x9505: {
    name: 'DOWN_CTRL_MSG_EMERGENCY_MONITORING_REQ',
    layout: [['authCode', { bcd: 10 }], ['accessPointName', { str: 20 }], ['userName', { str: 49 }], ['password', { str: 22 }], ['serverIp', { str: 32 }], ['tcpPort', 'u16'], ['udpPort', 'u16'], ['endTime', 'time']],
  },
  0x1601: { name: 'UP_BASE_MSG_VEHICLE_ADDED_ACK', layout: (e) => withSource(e, [['carInfo', 'textRest']]) },
  0x9601: { name: 'DOWN_BASE_MSG_VEHICLE_ADDED', layout: [] },
};

/** Business messages: BYTE[21] plate and BYTE colour (where the edition has them), WORD data type, DWORD length, data. */
export const BUSINESS_MESSAGES: Record<number, string> = {
  0x1200: 'UP_EXG_MSG',
  0x9200: 'DOWN_EXG_MSG',
  0x1300: 'UP_PLATFORM_MSG',
  0x9300: 'DOWN_PLATFORM_MSG',
  0x1400: 'UP_WARN_MSG',
  0x9400: 'DOWN_WARN_MSG',
  0x1500: 'UP_CTRL_MSG',
  0x9500: 'DOWN_CTRL_MSG',
  0x1600: 'UP_BASE_MSG',
  0x9600: 'DOWN_BASE_MSG',
};

/** Whether a business message starts with the vehicle's plate and colour. */
export function hasVehicle(msgId: number, dataType: number, edition: Jt809Edition): boolean {
  if (msgId === 0x1300 || msgId === 0x9300) return false;
  if (msgId === 0x1400 || msgId === 0x9400) return edition === '2011';
  if (msgId === 0x9200) return !(edition === '2019' && dataType === 0x9201);
  return true;
}

export interface BusinessBody {
  vehicleNo?: string;
  vehicleColor?: number;
  dataType: number;
  /** The decoded sub-body, or `raw` for a data type outside the catalogue. */
  data: Body;
  raw?: Buffer;
}

// Each layout becomes a field type once per edition, on first use.
const compiled = new Map<Layout, Partial<Record<Jt809Edition, FieldType<Body, Jt809Edition>>>>();
function typeOf(layout: Layout, edition: Jt809Edition): FieldType<Body, Jt809Edition> {
  let byEdition = compiled.get(layout);
  if (!byEdition) compiled.set(layout, (byEdition = {}));
  return (byEdition[edition] ??= layoutType(typeof layout === 'function' ? layout(edition) : layout));
}

export function isBusinessMessage(msgId: number): boolean {
  return msgId in BUSINESS_MESSAGES;
}

export function messageName(msgId: number, dataType?: number): string {
  const base = LINK_MESSAGES[msgId]?.name ?? BUSINESS_MESSAGES[msgId] ?? `0x${msgId.toString(16)}`;
  return dataType === undefined ? base : `${base}/${SUB_MESSAGES[dataType]?.name ?? `0x${dataType.toString(16)}`}`;
}

/** A link message's body. */
export function encodeLinkBody(msgId: number, body: Body, edition: Jt809Edition): Buffer {
  const entry = LINK_MESSAGES[msgId];
  if (!entry) throw new Jt809EncodeError(`0x${msgId.toString(16)} is not a link message`);
  const w = bodyWriter();
  typeOf(entry.layout, edition).write(w, body, edition, {});
  return w.toBuffer();
}

export function decodeLinkBody(msgId: number, buf: Buffer, edition: Jt809Edition): Body {
  const entry = LINK_MESSAGES[msgId];
  if (!entry) throw new Jt809DecodeError('UNKNOWN_MESSAGE', `0x${msgId.toString(16)} is not a link message`);
  const r = bodyReader(buf);
  const body = typeOf(entry.layout, edition).read(r, edition, {});
  if (r.pos !== buf.length) throw new Jt809DecodeError('LENGTH_MISMATCH', `${entry.name}: ${buf.length - r.pos} bytes after the body`);
  return body;
}

export function encodeBusinessBody(msgId: number, body: BusinessBody, edition: Jt809Edition): Buffer {
  if (!isBusinessMessage(msgId)) throw new Jt809EncodeError(`0x${msgId.toString(16)} is not a business message`);
  const entry = SUB_MESSAGES[body.dataType];
  if (!body.raw && !entry) throw new Jt809EncodeError(`data type 0x${body.dataType.toString(16)} is not in the catalogue; pass raw bytes`);
  const w = bodyWriter();
  if (hasVehicle(msgId, body.dataType, edition)) {
    w.gbkFixed(body.vehicleNo ?? '', 21, 'vehicleNo');
    w.u8(body.vehicleColor ?? 0, 'vehicleColor');
  }
  w.u16(body.dataType, 'dataType');
  // The data is written in place and its DWORD length patched in after it.
  const lengthAt = w.skip(4);
  if (body.raw) w.raw(body.raw);
  else typeOf(entry.layout, edition).write(w, body.data, edition, {});
  w.patchU32(lengthAt, w.pos - lengthAt - 4, 'dataLength');
  return w.toBuffer();
}

export function decodeBusinessBody(msgId: number, buf: Buffer, edition: Jt809Edition): BusinessBody {
  if (!isBusinessMessage(msgId)) throw new Jt809DecodeError('UNKNOWN_MESSAGE', `0x${msgId.toString(16)} is not a business message`);
  const r = bodyReader(buf);
  // The data type follows the vehicle in most families: peek it where the edition decides.
  const dataTypeAt = (withVehicle: boolean) => (withVehicle ? 22 : 0);
  let withVehicle = hasVehicle(msgId, 0, edition);
  if (msgId === 0x9200 && edition === '2019' && buf.length >= 2 && buf.readUInt16BE(0) === 0x9201) withVehicle = false;
  const out: Partial<BusinessBody> = {};
  if (withVehicle) {
    out.vehicleNo = r.gbkFixed(21, 'vehicleNo');
    out.vehicleColor = r.u8('vehicleColor');
  }
  r.pos = dataTypeAt(withVehicle);
  const dataType = r.u16('dataType');
  const length = r.u32('dataLength');
  if (r.pos + length !== buf.length) throw new Jt809DecodeError('LENGTH_MISMATCH', `${messageName(msgId, dataType)}: data length ${length}, ${buf.length - r.pos} bytes follow`);
  const entry = SUB_MESSAGES[dataType];
  if (!entry) return { ...out, dataType, data: {}, raw: r.bytes(length, 'data') };
  const sub = bodyReader(buf, r.pos, buf.length);
  const data = typeOf(entry.layout, edition).read(sub, edition, {});
  if (sub.pos !== buf.length) throw new Jt809DecodeError('LENGTH_MISMATCH', `${messageName(msgId, dataType)}: ${buf.length - sub.pos} bytes after the data`);
  return { ...out, dataType, data };
}
