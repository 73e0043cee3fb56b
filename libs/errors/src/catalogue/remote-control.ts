import type { ErrorTable } from './error-table';

// Refusals of remote start/unlock. 3039-3047 follow the spec's wording; 3048-3055 are our
// reading of the remaining pre-checks and should be confirmed against the vehicle vendor's list.
export const remoteControlErrors = {
  REMOTE_ENGINE_NOT_STARTED: [3039, '发动机未启动', 'The engine is not started'],
  REMOTE_REQUEST_IN_PROGRESS: [3040, '正在请求中，请勿重复操作', 'A request is already in progress'],
  REMOTE_KEY_CONTROLLED: [
    3041,
    '车辆处于钥匙控制状态，不能远程操作',
    'The vehicle is key-controlled and cannot be operated remotely',
  ],
  REMOTE_START_NO_UNLOCK: [3042, '远程启动期间不能解锁', 'Unlocking is not allowed during remote start'],
  REMOTE_START_NO_WINDOW_DOWN: [
    3043,
    '远程启动期间不能降车窗',
    'Lowering windows is not allowed during remote start',
  ],
  REMOTE_GEAR_CHECK_FAILED: [3044, '挡位不在驻车挡或空挡', 'The gear is not in park or neutral'],
  REMOTE_HANDBRAKE_CHECK_FAILED: [3045, '手刹未拉起', 'The handbrake is not applied'],
  REMOTE_DOOR_LOCK_CHECK_FAILED: [3046, '车门未锁', 'The doors are not locked'],
  REMOTE_WINDOW_CHECK_FAILED: [3047, '车窗未关闭', 'The windows are not closed'],
  REMOTE_ENGINE_ALREADY_RUNNING: [3048, '发动机已在运行', 'The engine is already running'],
  REMOTE_VEHICLE_MOVING: [
    3049,
    '车辆行驶中，不能远程操作',
    'The vehicle is moving and cannot be operated remotely',
  ],
  REMOTE_DOOR_OPEN: [3050, '车门未关闭', 'A door is open'],
  REMOTE_TRUNK_OPEN: [3051, '后备箱未关闭', 'The trunk is open'],
  REMOTE_HOOD_OPEN: [3052, '引擎盖未关闭', 'The hood is open'],
  REMOTE_BATTERY_LOW: [3053, '蓄电池电量过低', 'The battery is low'],
  REMOTE_FUEL_LOW: [3054, '燃油不足', 'Fuel is low'],
  REMOTE_START_LIMIT_REACHED: [3055, '远程启动次数已达上限', 'The remote start limit has been reached'],
} as const satisfies ErrorTable;
