import type { ErrorTable } from './error-table';

export const duplicateErrors = {
  SIM_DUPLICATE: [4000, 'SIM卡号已存在', 'The SIM card number already exists'],
  COMPANY_NAME_DUPLICATE: [4001, '企业名称已存在', 'The company name already exists'],
  ACCOUNT_DUPLICATE: [4003, '账号已存在', 'The account already exists'],
  ROLE_NAME_DUPLICATE: [4006, '角色名称已存在', 'The role name already exists'],
  PLATE_DUPLICATE: [4013, '车牌号已存在', 'The plate number already exists'],
  PHONE_DUPLICATE: [4016, '手机号已存在', 'The phone number already exists'],
  DRIVER_LICENCE_DUPLICATE: [4017, '驾驶证号已存在', "The driver's licence number already exists"],
  // 4040-4052 are ours: the spec names these duplicates without codes; 4040+ stays clear of 4031/4032/4037.
  FLEET_NAME_DUPLICATE: [4040, '车队名称已存在', 'The fleet name already exists'],
  MENU_DUPLICATE: [4041, '菜单已存在', 'The menu already exists'],
  TERMINAL_NUMBER_DUPLICATE: [4042, '终端号已存在', 'The terminal number already exists'],
  MANUFACTURER_DUPLICATE: [4043, '厂商已存在', 'The manufacturer already exists'],
  BRAND_DUPLICATE: [4044, '品牌已存在', 'The brand already exists'],
  ENGINE_DUPLICATE: [4045, '发动机型号已存在', 'The engine model already exists'],
  DICTIONARY_DUPLICATE: [4046, '字典编码或值已存在', 'The dictionary code or value already exists'],
  VEHICLE_MODEL_DUPLICATE: [4047, '车型已存在', 'The vehicle model already exists'],
  DEVICE_MODEL_DUPLICATE: [4048, '设备型号已存在', 'The device model already exists'],
  CAR_FACTORY_DUPLICATE: [4049, '车辆厂家已存在', 'The car factory already exists'],
  FUEL_TANK_DUPLICATE: [4050, '油箱名称已存在', 'The fuel tank name already exists'],
  ID_CARD_DUPLICATE: [4051, '身份证号已存在', 'The ID card number already exists'],
  APP_VERSION_DUPLICATE: [4052, '应用版本已存在', 'The app version already exists'],
} as const satisfies ErrorTable;
