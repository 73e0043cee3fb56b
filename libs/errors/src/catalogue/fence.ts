import type { ErrorTable } from './error-table';

export const fenceErrors = {
  FENCE_ID_MISSING: [7000, '围栏编号不能为空', 'The fence id is missing'],
  FENCE_BIND_FAILED: [7001, '围栏绑定失败', 'Failed to bind the fence'],
  FENCE_CANNOT_DELETE: [7002, '该围栏正在使用，不能删除', 'The fence is in use and cannot be deleted'],
  FENCE_DELETE_FAILED: [7003, '围栏删除失败', 'Failed to delete the fence'],
  FENCE_VEHICLE_OFFLINE: [
    7004,
    '车辆不在线，无法下发围栏',
    'The vehicle is offline, the fence cannot be issued',
  ],
  FENCE_MODIFY_FAILED: [7005, '围栏修改失败', 'Failed to modify the fence'],
  FENCE_NAME_DUPLICATE: [7006, '围栏名称已存在', 'The fence name already exists'],
  // "Related" duplicate: the area id a terminal stores the fence under (0x8600-0x8607) must be unique.
  FENCE_AREA_ID_DUPLICATE: [7007, '围栏区域编号重复', 'The fence area id is already used'],
  // Also another company's fence: out of scope answers like unknown.
  FENCE_NOT_FOUND: [7008, '围栏不存在', 'The fence does not exist'],
} as const satisfies ErrorTable;
