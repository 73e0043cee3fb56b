import type { Label } from './command-fields';

/** One way a dialog sends: a command type with fixed values (a 19056 command word ...). */
export interface DialogAction {
  type: string;
  label: Label;
  /** Values the dialog fixes and hides. */
  preset?: Record<string, unknown>;
}

/**
 * The 25 instruction dialogs of spec §2, in the launcher's order. Each offers one or more command
 * types; the driving-recorder dialogs are presets of 0x8700 (collect) and 0x8701 (set) by command
 * word. `lockCar` opens the 3-step wizard instead of a form.
 */
export interface InstructionDialog {
  key: string;
  label: Label;
  actions: readonly DialogAction[];
}

const collect = (word: number, label: Label): DialogAction => ({ type: 'tachographCollect', label, preset: { command: word } });
const set = (word: number, label: Label): DialogAction => ({ type: 'tachographSet', label, preset: { command: word } });
const READ: Label = ['采集', 'Read'];
const WRITE: Label = ['设置', 'Set'];

export const INSTRUCTION_DIALOGS: readonly InstructionDialog[] = [
  // The console answers energyAlarm with GB/T 32960 0x80-0x82 over the vehicle's 32960 link
  // (console/src/features/energy/EnergyAlarmPanel.tsx); this 808 action is for API clients.
  { key: 'energyAlarm', label: ['能源报警设置', 'Energy alarm'], actions: [{ type: 'setParams', label: WRITE, preset: { group: 'alarm' } }] },
  { key: 'vehicleMessage', label: ['车辆信息', 'Vehicle information'], actions: [collect(0x05, READ), set(0x82, WRITE)] },
  { key: 'remoteUpgrade', label: ['远程升级', 'Remote upgrade'], actions: [{ type: 'remoteUpgrade', label: ['无线升级', 'Wireless upgrade'] }, { type: 'upgrade', label: ['升级包', 'Package'] }] },
  {
    key: 'serverSet',
    label: ['服务器设置', 'Server settings'],
    actions: [
      { type: 'serverSet', label: WRITE },
      { type: 'queryParams', label: ['查询参数', 'Query parameters'] },
      { type: 'queryAttributes', label: ['查询属性', 'Query attributes'] },
      { type: 'terminalControl', label: ['终端控制', 'Terminal control'] },
    ],
  },
  { key: 'monitor', label: ['监听', 'Monitor'], actions: [{ type: 'callback', label: ['监听', 'Monitor'], preset: { flag: 1 } }, { type: 'callback', label: ['回拨', 'Call back'], preset: { flag: 0 } }, { type: 'phonebook', label: ['电话本', 'Phone book'] }] },
  { key: 'photo', label: ['拍照', 'Photo'], actions: [{ type: 'photo', label: ['立即拍照', 'Take now'] }] },
  { key: 'record', label: ['录音', 'Recording'], actions: [{ type: 'record', label: ['录音', 'Record'] }] },
  { key: 'lockCar', label: ['锁车', 'Lock vehicle'], actions: [{ type: 'vehicleControl', label: ['车门', 'Doors'] }] },
  { key: 'media', label: ['多媒体检索/上传', 'Media search / upload'], actions: [{ type: 'mediaSearch', label: ['检索', 'Search'] }, { type: 'mediaUpload', label: ['上传', 'Upload'] }, { type: 'singleMediaUpload', label: ['单条上传', 'Upload one'] }] },
  { key: 'videos', label: ['视频', 'Videos'], actions: [{ type: 'mediaSearch', label: ['检索视频', 'Search videos'], preset: { mediaType: 2 } }, { type: 'mediaUpload', label: ['上传视频', 'Upload videos'], preset: { mediaType: 2 } }, { type: 'photo', label: ['录像', 'Record video'], preset: { command: 0xffff } }] },
  { key: 'textIssue', label: ['文本下发', 'Text message'], actions: [{ type: 'text', label: ['文本', 'Text'] }, { type: 'question', label: ['提问', 'Question'] }, { type: 'eventSet', label: ['事件设置', 'Events'] }, { type: 'infoMenu', label: ['点播菜单', 'Information menu'] }, { type: 'infoService', label: ['信息服务', 'Information service'] }] },
  { key: 'rollcall', label: ['点名', 'Roll call'], actions: [{ type: 'rollcall', label: ['点名', 'Roll call'] }, { type: 'tempTracking', label: ['临时跟踪', 'Temporary tracking'] }, { type: 'linkCheck', label: ['链路检测', 'Link check'] }] },
  { key: 'driverRecord', label: ['行驶记录', 'Driving record'], actions: [{ type: 'tachographCollect', label: READ }, { type: 'tachographSet', label: WRITE }] },
  { key: 'locationMessage', label: ['位置信息', 'Location records'], actions: [collect(0x09, READ)] },
  { key: 'doubtfulEvent', label: ['事故疑点', 'Doubtful events'], actions: [collect(0x10, READ)] },
  { key: 'overtimeDrive', label: ['超时驾驶', 'Overtime driving'], actions: [collect(0x11, READ)] },
  { key: 'driverIdentity', label: ['驾驶人身份', 'Driver identity'], actions: [collect(0x12, READ), collect(0x01, ['当前驾驶人', 'Current driver']), { type: 'driverIdentity', label: ['请求上报', 'Request report'] }] },
  { key: 'externalPower', label: ['外部供电', 'External power'], actions: [collect(0x13, READ)] },
  { key: 'paramsModify', label: ['参数修改记录', 'Parameter changes'], actions: [collect(0x14, READ)] },
  { key: 'speedStatus', label: ['速度状态日志', 'Speed status log'], actions: [collect(0x15, READ), collect(0x08, ['行驶速度', 'Speed records'])] },
  { key: 'installDate', label: ['初次安装日期', 'Installation date'], actions: [collect(0x03, READ), set(0x83, WRITE)] },
  { key: 'configStatus', label: ['状态量配置', 'Status signal configuration'], actions: [collect(0x06, READ), set(0x84, WRITE)] },
  { key: 'timer', label: ['记录仪时间', 'Recorder time'], actions: [collect(0x02, READ), set(0xc2, WRITE)] },
  { key: 'pulse', label: ['脉冲系数', 'Pulse coefficient'], actions: [collect(0x04, READ), set(0xc3, WRITE)] },
  { key: 'initialMileage', label: ['初始里程', 'Initial mileage'], actions: [collect(0x03, READ), set(0xc4, WRITE)] },
];
