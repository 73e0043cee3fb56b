import type { ErrorTable } from './error-table';

export const bindingErrors = {
  VEHICLE_DEVICE_NOT_BOUND: [4230, '车辆与设备未绑定', 'The vehicle and the device are not bound'],
  ALREADY_BOUND: [4231, '已绑定，请勿重复绑定', 'Already bound'],
  COMPANY_HAS_FLEETS: [4031, '该企业下存在车队，不能删除', 'The company has fleets and cannot be deleted'],
  FLEET_HAS_VEHICLES: [4032, '该车队下存在车辆，不能删除', 'The fleet has vehicles and cannot be deleted'],
  COMPANY_HAS_SUBSIDIARIES: [
    4037,
    '该企业下存在子公司，不能删除',
    'The company has subsidiaries and cannot be deleted',
  ],
  GROUP_NOT_EMPTY: [9000, '分组不为空，不能删除', 'The group is not empty and cannot be deleted'],
  VEHICLE_NOT_FOUND: [8002, '车辆不存在', 'The vehicle does not exist'],
} as const satisfies ErrorTable;
