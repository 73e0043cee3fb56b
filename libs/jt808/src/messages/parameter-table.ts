/**
 * Value types of terminal parameters (0x8103/0x0104). `bytes` values are hex; `struct` values are
 * objects laid out by VIDEO_PARAMETER_TYPES (JT/T 1078 table 2), kept as hex when their length does not fit.
 */
export type ParameterType = 'dword' | 'word' | 'byte' | 'string' | 'bytes' | 'struct';

type Row = [id: number, name: string, type: ParameterType];

// JT/T 808-2019 table 14 (2013 ids kept where 2019 reserved them), plus the JT/T 1078 video parameters.
const ROWS: Row[] = [
  [0x0001, 'heartbeatIntervalS', 'dword'],
  [0x0002, 'tcpReplyTimeoutS', 'dword'],
  [0x0003, 'tcpRetransmitCount', 'dword'],
  [0x0004, 'udpReplyTimeoutS', 'dword'],
  [0x0005, 'udpRetransmitCount', 'dword'],
  [0x0006, 'smsReplyTimeoutS', 'dword'],
  [0x0007, 'smsRetransmitCount', 'dword'],
  [0x0010, 'mainServerApn', 'string'],
  [0x0011, 'mainServerDialUser', 'string'],
  [0x0012, 'mainServerDialPassword', 'string'],
  [0x0013, 'mainServerAddress', 'string'],
  [0x0014, 'backupServerApn', 'string'],
  [0x0015, 'backupServerDialUser', 'string'],
  [0x0016, 'backupServerDialPassword', 'string'],
  [0x0017, 'backupServerAddress', 'string'],
  [0x0018, 'serverTcpPort', 'dword'],
  [0x0019, 'serverUdpPort', 'dword'],
  [0x001a, 'icAuthMainServerAddress', 'string'],
  [0x001b, 'icAuthServerTcpPort', 'dword'],
  [0x001c, 'icAuthServerUdpPort', 'dword'],
  [0x001d, 'icAuthBackupServerAddress', 'string'],
  [0x0020, 'locationReportStrategy', 'dword'],
  [0x0021, 'locationReportScheme', 'dword'],
  [0x0022, 'driverAbsentReportIntervalS', 'dword'],
  [0x0023, 'slaveServerApn', 'string'],
  [0x0024, 'slaveServerDialUser', 'string'],
  [0x0025, 'slaveServerDialPassword', 'string'],
  [0x0026, 'slaveServerBackupAddress', 'string'],
  [0x0027, 'sleepReportIntervalS', 'dword'],
  [0x0028, 'emergencyReportIntervalS', 'dword'],
  [0x0029, 'defaultReportIntervalS', 'dword'],
  [0x002c, 'defaultReportDistanceM', 'dword'],
  [0x002d, 'driverAbsentReportDistanceM', 'dword'],
  [0x002e, 'sleepReportDistanceM', 'dword'],
  [0x002f, 'emergencyReportDistanceM', 'dword'],
  [0x0030, 'cornerAngleDeg', 'dword'],
  [0x0031, 'fenceRadiusM', 'word'],
  [0x0032, 'illegalDrivingPeriod', 'bytes'],
  [0x0040, 'platformPhone', 'string'],
  [0x0041, 'resetPhone', 'string'],
  [0x0042, 'factoryResetPhone', 'string'],
  [0x0043, 'platformSmsPhone', 'string'],
  [0x0044, 'smsAlarmPhone', 'string'],
  [0x0045, 'answerStrategy', 'dword'],
  [0x0046, 'maxCallDurationS', 'dword'],
  [0x0047, 'maxMonthlyCallDurationS', 'dword'],
  [0x0048, 'monitorPhone', 'string'],
  [0x0049, 'privilegedSmsPhone', 'string'],
  [0x0050, 'alarmMask', 'dword'],
  [0x0051, 'alarmSmsSwitch', 'dword'],
  [0x0052, 'alarmPhotoSwitch', 'dword'],
  [0x0053, 'alarmPhotoStoreFlags', 'dword'],
  [0x0054, 'keyAlarmFlags', 'dword'],
  [0x0055, 'maxSpeedKmh', 'dword'],
  [0x0056, 'overspeedDurationS', 'dword'],
  [0x0057, 'continuousDrivingLimitS', 'dword'],
  [0x0058, 'dailyDrivingLimitS', 'dword'],
  [0x0059, 'minRestS', 'dword'],
  [0x005a, 'maxParkingS', 'dword'],
  [0x005b, 'overspeedWarningDelta', 'word'],
  [0x005c, 'fatigueWarningDeltaS', 'word'],
  [0x005d, 'collisionAlarmSettings', 'word'],
  [0x005e, 'rolloverAngleDeg', 'word'],
  [0x0064, 'timedPhotoControl', 'dword'],
  [0x0065, 'distancePhotoControl', 'dword'],
  [0x0070, 'imageQuality', 'dword'],
  [0x0071, 'brightness', 'dword'],
  [0x0072, 'contrast', 'dword'],
  [0x0073, 'saturation', 'dword'],
  [0x0074, 'chroma', 'dword'],
  // JT/T 1078 table 2: structured values (video-parameters.ts); 0x007A is VIDEO_ALARM_FLAGS bits.
  [0x0075, 'videoEncodingParameters', 'struct'],
  [0x0076, 'videoChannelList', 'struct'],
  [0x0077, 'videoChannelParameters', 'struct'],
  [0x0079, 'videoStorageAlarmParameters', 'struct'],
  [0x007a, 'videoAlarmMask', 'dword'],
  [0x007b, 'imageAnalysisAlarmParameters', 'struct'],
  [0x007c, 'wakeUpParameters', 'struct'],
  [0x0080, 'odometer100m', 'dword'],
  [0x0081, 'province', 'word'],
  [0x0082, 'city', 'word'],
  [0x0083, 'plate', 'string'],
  [0x0084, 'plateColor', 'byte'],
  [0x0090, 'gnssMode', 'byte'],
  [0x0091, 'gnssBaudRate', 'byte'],
  [0x0092, 'gnssOutputFrequency', 'byte'],
  [0x0093, 'gnssSampleFrequencyS', 'dword'],
  [0x0094, 'gnssUploadMode', 'byte'],
  [0x0095, 'gnssUploadSetting', 'dword'],
  [0x0100, 'can1SampleIntervalMs', 'dword'],
  [0x0101, 'can1UploadIntervalS', 'word'],
  [0x0102, 'can2SampleIntervalMs', 'dword'],
  [0x0103, 'can2UploadIntervalS', 'word'],
  [0x0110, 'canIdSampling', 'bytes'],
];

const BY_ID = new Map<number, { name: string; type: ParameterType }>(
  ROWS.map(([id, name, type]) => [id, { name, type }]),
);

/** Standard parameter ids with their name and value type. */
export const PARAMETER_TABLE: ReadonlyMap<number, { name: string; type: ParameterType }> = BY_ID;

export function parameterInfo(id: number): { name: string; type: ParameterType } | undefined {
  const row = BY_ID.get(id);
  if (row) return row;
  // 0x0111-0x01FF: further CAN id sampling settings, BYTE[8] each.
  if (id > 0x0110 && id <= 0x01ff) return { name: `canIdSampling${id.toString(16)}`, type: 'bytes' };
  return undefined;
}
