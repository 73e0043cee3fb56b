import type { ErrorTable } from './error-table';

/** Battery traceability and OTA packages (spec §8: 30020-30210 import and battery errors). */
export const batteryErrors = {
  BATTERY_CODE_DUPLICATE: [30100, '电池编码已存在', 'The battery code already exists'],
  BATTERY_MODEL_NOT_FOUND: [30101, '电池型号不存在', 'The battery model does not exist'],
  BATTERY_PACK_NOT_FOUND: [30102, '电池包不存在', 'The battery pack does not exist'],
  BATTERY_PACK_RETIRED: [30103, '电池包已退役，不能再变更', 'The battery pack is retired and cannot change any more'],
  BATTERY_IN_USE: [30104, '仍有电池包或模组引用，不能删除', 'Battery packs or modules still refer to it: it cannot be deleted'],
  OTA_PACKAGE_IN_USE: [30105, '升级包正在下发，不能删除', 'The upgrade package is being sent: it cannot be deleted'],
} as const satisfies ErrorTable;
