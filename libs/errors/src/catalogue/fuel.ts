import type { ErrorTable } from './error-table';

/** The fuel ledger (issue 29, spec §8 10xx block 1030-1039). */
export const fuelErrors = {
  FUEL_SETTINGS_INVALID: [1030, '油量检测阈值无效', 'The fuel detection thresholds are invalid'],
  FUEL_TANK_LIMIT: [1031, '一辆车最多绑定两个油箱', 'A vehicle can have at most two fuel tanks'],
  FUEL_TANK_NOT_CALIBRATED: [1032, '油箱尚未标定', 'The fuel tank has no calibration table'],
} as const satisfies ErrorTable;
