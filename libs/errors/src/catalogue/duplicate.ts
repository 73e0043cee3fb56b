import type { ErrorTable } from './error-table';

export const duplicateErrors = {
  SIM_DUPLICATE: [4000, 'SIM卡号已存在', 'The SIM card number already exists'],
  COMPANY_NAME_DUPLICATE: [4001, '企业名称已存在', 'The company name already exists'],
  ACCOUNT_DUPLICATE: [4003, '账号已存在', 'The account already exists'],
  ROLE_NAME_DUPLICATE: [4006, '角色名称已存在', 'The role name already exists'],
  PLATE_DUPLICATE: [4013, '车牌号已存在', 'The plate number already exists'],
  PHONE_DUPLICATE: [4016, '手机号已存在', 'The phone number already exists'],
  DRIVER_LICENCE_DUPLICATE: [4017, '驾驶证号已存在', "The driver's licence number already exists"],
  // 4040-4045 are ours: the spec names these duplicates without codes; 4040+ stays clear of 4031/4032/4037.
  FLEET_NAME_DUPLICATE: [4040, '车队名称已存在', 'The fleet name already exists'],
  MENU_DUPLICATE: [4041, '菜单已存在', 'The menu already exists'],
  TERMINAL_NUMBER_DUPLICATE: [4042, '终端号已存在', 'The terminal number already exists'],
  MANUFACTURER_DUPLICATE: [4043, '厂商已存在', 'The manufacturer already exists'],
  BRAND_DUPLICATE: [4044, '品牌已存在', 'The brand already exists'],
  ENGINE_DUPLICATE: [4045, '发动机型号已存在', 'The engine model already exists'],
} as const satisfies ErrorTable;
