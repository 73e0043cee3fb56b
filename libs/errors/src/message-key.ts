/** Named free-text messages the spec uses without a numeric code. */
export const MessageKey = {
  WRONG_CREDENTIALS: 'wrongCredentials',
  REQUEST_ERROR: 'requestError',
  DATA_REQUEST_FAILED: 'dataRequestFailed',
  DEVICE_NO_RESPONSE: 'deviceNoResponse',
  REMOTE_EXECUTION_FAILED: 'remoteExecutionFailed',
  PLAYBACK_DEVICE_DISCONNECTED: 'playbackDeviceDisconnected',
  IDLE_AUTO_CLOSED: 'idleAutoClosed',
  SELECT_VIDEO_VEHICLE: 'selectVideoVehicle',
  NO_VIDEO_DEVICE: 'noVideoDevice',
  SELECT_VEHICLE: 'selectVehicle',
  BIND_FAILED: 'bindFailed',
  QUERY_FAILED: 'queryFailed',
  UPDATE_FAILED: 'updateFailed',
  SET_FAILED: 'setFailed',
  MAX_ADDITIONS_REACHED: 'maxAdditionsReached',
} as const;

/** One of the named free-text message keys. */
export type MessageKey = (typeof MessageKey)[keyof typeof MessageKey];

type NamedTexts = Readonly<Record<MessageKey, string>>;

export const namedTextsZhCn: NamedTexts = {
  wrongCredentials: '用户名或密码错误',
  requestError: '请求错误',
  dataRequestFailed: '数据请求失败',
  deviceNoResponse: '设备无响应',
  remoteExecutionFailed: '执行失败，请检查挡位、手刹、门锁和车窗状态',
  playbackDeviceDisconnected: '设备已断开连接，回放可能异常',
  idleAutoClosed: '长时间未操作，已自动关闭',
  selectVideoVehicle: '请选择视频车辆',
  noVideoDevice: '该车辆未安装视频设备',
  selectVehicle: '请选择车辆',
  bindFailed: '绑定失败',
  queryFailed: '查询失败',
  updateFailed: '更新失败',
  setFailed: '设置失败',
  maxAdditionsReached: '已达到最大添加数量',
};

export const namedTextsEnUs: NamedTexts = {
  wrongCredentials: 'Wrong user name or password',
  requestError: 'Request error',
  dataRequestFailed: 'Data request failed',
  deviceNoResponse: 'No response from the device',
  remoteExecutionFailed: 'Execution failed, please check the gear, handbrake, door lock and window status',
  playbackDeviceDisconnected: 'The device is disconnected and playback may be abnormal',
  idleAutoClosed: 'Closed automatically after a long time without operation',
  selectVideoVehicle: 'Please select a video vehicle',
  noVideoDevice: 'The vehicle is not equipped with a video device',
  selectVehicle: 'Please select a vehicle',
  bindFailed: 'Binding failed',
  queryFailed: 'Query failed',
  updateFailed: 'Update failed',
  setFailed: 'Setting failed',
  maxAdditionsReached: 'The maximum number of additions has been reached',
};
