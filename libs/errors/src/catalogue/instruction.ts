import type { ErrorTable } from './error-table';

// 7103-7105 follow the result byte of the terminal general reply (0x0001): failed, bad message, unsupported.
export const instructionErrors = {
  INSTRUCTION_SEND_FAILED: [7101, '指令下发失败', 'Failed to send the instruction'],
  INSTRUCTION_NO_RESPONSE: [7102, '设备无应答', 'No response from the device'],
  INSTRUCTION_TERMINAL_FAILED: [7103, '终端执行失败', 'The terminal failed to execute the instruction'],
  INSTRUCTION_MESSAGE_ERROR: [7104, '指令消息有误', 'The terminal reported a malformed instruction'],
  INSTRUCTION_NOT_SUPPORTED: [7105, '终端不支持该指令', 'The terminal does not support this instruction'],
  INSTRUCTION_PARAMS_INVALID: [7106, '指令参数错误', 'Invalid instruction parameters'],
  DEVICE_NOT_BOUND_TO_PROTOCOL: [7107, '设备未绑定协议', 'The device is not bound to a protocol'],
  SIM_MISSING: [7108, '设备未配置SIM卡号', 'The device has no SIM card number'],
  PROTOCOL_VERSION_MISMATCH: [7109, '协议版本不匹配', 'Protocol version mismatch'],
  INSTRUCTION_NOT_CONFIGURED: [7110, '该指令未配置', 'The instruction is not configured'],
  ONLINE_VEHICLE_CANNOT_CANCEL: [
    7111,
    '车辆在线，不能取消指令',
    'The vehicle is online, the instruction cannot be cancelled',
  ],
  INSTRUCTION_NOT_FOUND: [7112, '指令不存在', 'The instruction does not exist'],
  INSTRUCTION_ALREADY_FINISHED: [
    7113,
    '指令已结束，不能取消',
    'The instruction has finished and cannot be cancelled',
  ],
  INSTRUCTION_PENDING: [7114, '存在未完成的同类指令', 'A similar instruction is still pending'],
  TERMINAL_NOT_REGISTERED: [7115, '终端未注册', 'The terminal is not registered'],
  TERMINAL_NOT_AUTHENTICATED: [7116, '终端未鉴权', 'The terminal is not authenticated'],
  INSTRUCTION_RESPONSE_TIMEOUT: [7117, '等待应答超时', 'Timed out waiting for the response'],
  INSTRUCTION_CHANNEL_INVALID: [7118, '通道号无效', 'Invalid channel number'],
  INSTRUCTION_VEHICLE_NOT_SELECTED: [7119, '请先选择车辆', 'Please select a vehicle first'],
  INSTRUCTION_QUEUE_FULL: [
    7120,
    '指令队列已满，请稍后再试',
    'The instruction queue is full, please try again later',
  ],
  INSTRUCTION_VEHICLE_OFFLINE: [7205, '车辆不在线', 'The vehicle is offline'],
} as const satisfies ErrorTable;
