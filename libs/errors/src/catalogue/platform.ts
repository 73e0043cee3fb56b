import type { ErrorTable } from './error-table';

// Calibration, app versions, superior (809) platform links, uploads, upgrades and imports.
export const platformErrors = {
  CALIBRATION_EXCEEDS_TANK: [
    3002,
    '标定值超过油箱最大容量',
    'The calibration value exceeds the tank capacity',
  ],
  APP_VERSION_NOT_FOUND: [3005, '应用版本不存在', 'The app version does not exist'],
  APP_VERSION_NOT_NEWER: [
    3006,
    '应用版本号必须高于当前版本',
    'The app version must be newer than the current one',
  ],
  SUPERIOR_PLATFORM_CONNECT_FAILED: [3114, '上级平台连接失败', 'Failed to connect to the superior platform'],
  SUPERIOR_PLATFORM_LOGIN_FAILED: [3115, '上级平台登录失败', 'Failed to log in to the superior platform'],
  SUPERIOR_PLATFORM_NOT_CONNECTED: [3116, '上级平台未连接', 'The superior platform is not connected'],
  UPLOAD_FAILED: [20003, '文件上传失败', 'File upload failed'],
  UPLOAD_FILE_TYPE_INVALID: [20004, '不支持的文件类型', 'Unsupported file type'],
  UPLOAD_FILE_TOO_LARGE: [20005, '文件大小超出限制', 'The file is too large'],
  UPGRADE_PACKAGE_INVALID: [20006, '升级包无效', 'Invalid upgrade package'],
  UPGRADE_FAILED: [20007, '升级失败', 'Upgrade failed'],
  IMPORT_FILE_EMPTY: [30020, '导入文件没有数据', 'The import file has no data'],
  IMPORT_ROWS_EXCEEDED: [30021, '导入行数超出限制', 'Too many rows to import'],
  IMPORT_TEMPLATE_INVALID: [30022, '导入模板不正确', 'The import template is not valid'],
  IMPORT_FILE_TOO_LARGE: [30023, '导入文件过大', 'The import file is too large'],
} as const satisfies ErrorTable;
