// GB/T 32960.3-2016 parameters (table 34) and terminal control (table 36) as the console's energy
// alarm dialog and libs/gb32960's codec both read them. Browser-safe: no imports.

type Label = readonly [string, string];

/** How a parameter's value is laid out: BYTE, WORD, a text's length BYTE, text, STRING[5]. */
export type VehicleParameterKind = 'u8' | 'u16' | 'length' | 'text' | 'version';

/** One parameter of table 34 (ids 0x01-0x10; 0x11-0x7F reserved, 0x80-0xFE user-defined). */
export interface VehicleParameterDef {
  id: number;
  key: string;
  label: Label;
  kind: VehicleParameterKind;
  /** Allowed range (u8/u16), as the table gives it. */
  min?: number;
  max?: number;
  unit?: string;
  /** For 'text': the id of the BYTE that gives its length (0x04 before 0x05, 0x0D before 0x0E). */
  lengthId?: number;
  /** Shown and set by the energy alarm dialog (reporting and alarm timing). */
  alarmDialog?: boolean;
}

export const VEHICLE_PARAMETERS: readonly VehicleParameterDef[] = [
  { id: 0x01, key: 'localStoragePeriodMs', label: ['车载终端本地存储时间周期', 'Local storage period'], kind: 'u16', min: 0, max: 60_000, unit: 'ms', alarmDialog: true },
  { id: 0x02, key: 'reportPeriodS', label: ['正常时信息上报时间周期', 'Report period (normal)'], kind: 'u16', min: 1, max: 600, unit: 's', alarmDialog: true },
  { id: 0x03, key: 'alarmReportPeriodMs', label: ['报警时信息上报时间周期', 'Report period (alarm)'], kind: 'u16', min: 0, max: 60_000, unit: 'ms', alarmDialog: true },
  { id: 0x04, key: 'platformDomainLength', label: ['远程服务与管理平台域名长度', 'Platform domain length'], kind: 'length' },
  { id: 0x05, key: 'platformDomain', label: ['远程服务与管理平台域名', 'Platform domain'], kind: 'text', lengthId: 0x04 },
  { id: 0x06, key: 'platformPort', label: ['远程服务与管理平台端口', 'Platform port'], kind: 'u16', min: 0, max: 65_531 },
  { id: 0x07, key: 'hardwareVersion', label: ['硬件版本', 'Hardware version'], kind: 'version' },
  { id: 0x08, key: 'firmwareVersion', label: ['固件版本', 'Firmware version'], kind: 'version' },
  { id: 0x09, key: 'heartbeatS', label: ['车载终端心跳发送周期', 'Heartbeat period'], kind: 'u8', min: 1, max: 240, unit: 's', alarmDialog: true },
  { id: 0x0a, key: 'terminalAnswerTimeoutS', label: ['终端应答超时时间', 'Terminal answer timeout'], kind: 'u16', min: 1, max: 600, unit: 's', alarmDialog: true },
  { id: 0x0b, key: 'platformAnswerTimeoutS', label: ['平台应答超时时间', 'Platform answer timeout'], kind: 'u16', min: 1, max: 600, unit: 's', alarmDialog: true },
  { id: 0x0c, key: 'loginRetryMinutes', label: ['连续三次登入失败后到下一次登入的间隔时间', 'Login retry interval'], kind: 'u8', min: 1, max: 240, unit: 'min', alarmDialog: true },
  { id: 0x0d, key: 'publicDomainLength', label: ['公共平台域名长度', 'Public platform domain length'], kind: 'length' },
  { id: 0x0e, key: 'publicDomain', label: ['公共平台域名', 'Public platform domain'], kind: 'text', lengthId: 0x0d },
  { id: 0x0f, key: 'publicPort', label: ['公共平台端口', 'Public platform port'], kind: 'u16', min: 0, max: 65_531 },
  { id: 0x10, key: 'sampling', label: ['是否处于抽样监测中 (1 是, 2 否)', 'Under sampling inspection (1 yes, 2 no)'], kind: 'u8', min: 1, max: 2, alarmDialog: true },
];

/** 0x82 command ids of table 36 the dialog offers (0x01 upgrade goes through OTA). */
export const VEHICLE_CONTROL_COMMANDS: readonly { id: number; label: Label }[] = [
  { id: 0x06, label: ['车载终端报警/预警', 'Terminal alarm/warning'] },
  { id: 0x03, label: ['车载终端复位', 'Reset the terminal'] },
  { id: 0x02, label: ['车载终端关机', 'Shut the terminal down'] },
  { id: 0x04, label: ['恢复出厂设置', 'Factory reset'] },
  { id: 0x05, label: ['断开数据通信链路', 'Disconnect the data link'] },
  { id: 0x07, label: ['开启抽样监测链路', 'Open the sampling link'] },
];

/** One parameter's value as the vehicle answered it (or as it was set). */
export interface VehicleParameterValue {
  id: number;
  /** The table 34 key; '' for an id outside it. */
  key: string;
  value: number | string;
}

/** The answer of POST /energy/vehicle-params/query|set|control: the vehicle's response flag 1 (success). */
export interface VehicleParameterAnswer {
  vehicleId: string;
  vin: string;
  /** 0x80, 0x81 or 0x82. */
  command: number;
  response: number;
  parameters: VehicleParameterValue[];
}
