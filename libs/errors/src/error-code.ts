import { accountErrors } from './catalogue/account';
import { apiAccessErrors } from './catalogue/api-access';
import { bindingErrors } from './catalogue/binding';
import { dataChangeErrors } from './catalogue/data-change';
import { duplicateErrors } from './catalogue/duplicate';
import { codesOf, type ErrorTable } from './catalogue/error-table';
import { fenceErrors } from './catalogue/fence';
import { fuelErrors } from './catalogue/fuel';
import { vehicleRecordErrors } from './catalogue/vehicle-records';
import { reminderErrors } from './catalogue/reminders';
import { vehicleOperationErrors } from './catalogue/vehicle-operation';
import { batteryErrors } from './catalogue/battery';
import { generalErrors } from './catalogue/general';
import { instructionErrors } from './catalogue/instruction';
import { platformErrors } from './catalogue/platform';
import { remoteControlErrors } from './catalogue/remote-control';
import { videoDeviceErrors } from './catalogue/video-device';

/** Every catalogue family, in documentation order. */
export const errorFamilies: readonly { readonly family: string; readonly table: ErrorTable }[] = [
  { family: 'general', table: generalErrors },
  { family: 'account', table: accountErrors },
  { family: 'duplicate', table: duplicateErrors },
  { family: 'binding', table: bindingErrors },
  { family: 'fence', table: fenceErrors },
  { family: 'battery', table: batteryErrors },
  { family: 'instruction', table: instructionErrors },
  { family: 'remote-control', table: remoteControlErrors },
  { family: 'platform', table: platformErrors },
  { family: 'api-access', table: apiAccessErrors },
  { family: 'video-device', table: videoDeviceErrors },
  { family: 'data-change', table: dataChangeErrors },
  { family: 'fuel', table: fuelErrors },
  { family: 'vehicle-records', table: vehicleRecordErrors },
  { family: 'reminders', table: reminderErrors },
  { family: 'vehicle-operation', table: vehicleOperationErrors },
];

/** Stable name -> numeric code for every error the platform reports in the envelope. */
export const ErrorCode = Object.freeze({
  ...codesOf(generalErrors),
  ...codesOf(accountErrors),
  ...codesOf(duplicateErrors),
  ...codesOf(bindingErrors),
  ...codesOf(fenceErrors),
  ...codesOf(batteryErrors),
  ...codesOf(instructionErrors),
  ...codesOf(remoteControlErrors),
  ...codesOf(platformErrors),
  ...codesOf(apiAccessErrors),
  ...codesOf(videoDeviceErrors),
  ...codesOf(dataChangeErrors),
  ...codesOf(fuelErrors),
  ...codesOf(vehicleRecordErrors),
  ...codesOf(reminderErrors),
  ...codesOf(vehicleOperationErrors),
});

/** A numeric code listed in the catalogue. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
/** The stable name of a catalogued code. */
export type ErrorCodeName = keyof typeof ErrorCode;

const knownCodes: ReadonlySet<number> = new Set(Object.values(ErrorCode));

/** True when `code` is listed in the catalogue. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'number' && knownCodes.has(code);
}

/** A block of codes that share a generic message when a code inside it has no entry of its own. */
export interface ErrorRange {
  readonly min: number;
  readonly max: number;
  readonly zh_CN: string;
  readonly en_US: string;
}

// First match wins, so the narrow API block sits before the wider import/battery block.
export const errorRanges: readonly ErrorRange[] = [
  { min: 2000, max: 2043, zh_CN: '视频设备错误', en_US: 'Video device error' },
  { min: 3000, max: 3020, zh_CN: '视频服务错误', en_US: 'Video service error' },
  {
    min: 3039,
    max: 3055,
    zh_CN: '车辆拒绝远程控制',
    en_US: 'The vehicle refused the remote control request',
  },
  { min: 5000, max: 5999, zh_CN: '操作失败', en_US: 'Operation failed' },
  { min: 7101, max: 7120, zh_CN: '指令下发失败', en_US: 'Failed to send the instruction' },
  { min: 30171, max: 30192, zh_CN: '接口访问受限', en_US: 'API access denied' },
  { min: 30020, max: 30210, zh_CN: '数据导入或报表错误', en_US: 'Import or report error' },
];
