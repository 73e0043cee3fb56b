import type { CommandDef } from './command-def';
import { toBcdTime, type CommandField, type Edition, type Label } from './command-fields';
import { isRangedCollectWord, TACHOGRAPH_COLLECT_WORDS, TACHOGRAPH_SET_WORDS } from './tachograph-words';
import { VIDEO_PARAMETER_COMMAND_DEFS } from './video-parameter-commands';
import { formatChinaTime } from '../time/china-time';

export type { CommandDef } from './command-def';

/**
 * Remote control operations (remoteControl), by select value: 0x8500 (2019) control id and its
 * parameter byte. 0x0001 doors is the standard's; engine, windows and trunk use vendor ids.
 */
export const REMOTE_OPERATIONS: readonly { key: string; label: Label; controlId: number; param: string; whileMovingRefused: boolean }[] = [
  { key: 'engineStart', label: ['远程启动', 'Start engine'], controlId: 0xf001, param: '01', whileMovingRefused: true },
  { key: 'engineStop', label: ['远程熄火', 'Stop engine'], controlId: 0xf001, param: '00', whileMovingRefused: true },
  { key: 'doorLock', label: ['车门上锁', 'Lock doors'], controlId: 0x0001, param: '01', whileMovingRefused: false },
  { key: 'doorUnlock', label: ['车门解锁', 'Unlock doors'], controlId: 0x0001, param: '00', whileMovingRefused: true },
  { key: 'windowClose', label: ['升车窗', 'Close windows'], controlId: 0xf002, param: '01', whileMovingRefused: false },
  { key: 'windowOpen', label: ['降车窗', 'Open windows'], controlId: 0xf002, param: '00', whileMovingRefused: true },
  { key: 'trunkOpen', label: ['开后备箱', 'Open trunk'], controlId: 0xf003, param: '01', whileMovingRefused: true },
];

const yes = (value: unknown) => value === true;
const num = (value: unknown, fallback = 0) => (typeof value === 'number' ? value : fallback);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const bit = (on: unknown, position: number) => (yes(on) ? 1 << position : 0);

const u8 = (key: string, label: Label, extra: Partial<CommandField> = {}): CommandField => ({ key, label, kind: 'int', min: 0, max: 255, required: true, ...extra });
const u16 = (key: string, label: Label, extra: Partial<CommandField> = {}): CommandField => ({ key, label, kind: 'int', min: 0, max: 65535, required: true, ...extra });
const u32 = (key: string, label: Label, extra: Partial<CommandField> = {}): CommandField => ({ key, label, kind: 'int', min: 0, max: 4294967295, required: true, ...extra });
const text = (key: string, label: Label, maxBytes: number, extra: Partial<CommandField> = {}): CommandField => ({ key, label, kind: 'text', maxBytes, required: true, ...extra });
const flag = (key: string, label: Label): CommandField => ({ key, label, kind: 'bool', defaultValue: false });
const select = (key: string, label: Label, options: readonly { value: number; label: Label }[], extra: Partial<CommandField> = {}): CommandField => ({
  key,
  label,
  kind: 'select',
  options,
  required: true,
  defaultValue: options[0]?.value,
  ...extra,
});

const UPDATE_TYPES = [
  { value: 1, label: ['更新', 'Replace all'] as Label },
  { value: 2, label: ['追加', 'Append'] as Label },
  { value: 3, label: ['修改', 'Modify'] as Label },
  { value: 0, label: ['删除全部', 'Delete all'] as Label },
];
const MEDIA_TYPES = [
  { value: 0, label: ['图像', 'Image'] as Label },
  { value: 1, label: ['音频', 'Audio'] as Label },
  { value: 2, label: ['视频', 'Video'] as Label },
];
const MEDIA_EVENTS = [
  { value: 0, label: ['平台下发指令', 'Platform command'] as Label },
  { value: 1, label: ['定时动作', 'Timed'] as Label },
  { value: 2, label: ['抢劫报警触发', 'Robbery alarm'] as Label },
  { value: 3, label: ['碰撞侧翻报警触发', 'Collision/rollover alarm'] as Label },
];
const channel = u8('channel', ['通道号', 'Channel'], { min: 1, max: 255, defaultValue: 1 });
const searchFields: CommandField[] = [
  select('mediaType', ['多媒体类型', 'Media type'], MEDIA_TYPES),
  u8('channel', ['通道号(0为所有)', 'Channel (0 all)'], { defaultValue: 0 }),
  select('event', ['事件项', 'Event'], MEDIA_EVENTS),
  { key: 'startTime', label: ['开始时间', 'Start time'], kind: 'time', required: true },
  { key: 'endTime', label: ['结束时间', 'End time'], kind: 'time', required: true },
];
const searchBody = (v: Record<string, unknown>) => ({
  mediaType: num(v.mediaType),
  channel: num(v.channel),
  event: num(v.event),
  startTime: toBcdTime(str(v.startTime)),
  endTime: toBcdTime(str(v.endTime)),
});

/** 0x8105 connection parameters, ';'-separated in the order of JT/T 808 table 21. */
const serverFields: CommandField[] = [
  text('apn', ['拨号点名称', 'APN'], 32, { required: false }),
  text('dialUser', ['拨号用户名', 'Dial user'], 32, { required: false }),
  text('dialPassword', ['拨号密码', 'Dial password'], 32, { required: false }),
  text('address', ['服务器地址', 'Server address'], 64, { pattern: /^[A-Za-z0-9.:-]+$/ }),
  u16('tcpPort', ['TCP端口', 'TCP port'], { min: 1 }),
  u16('udpPort', ['UDP端口', 'UDP port'], { required: false }),
];
const serverParams = (v: Record<string, unknown>) => [str(v.apn), str(v.dialUser), str(v.dialPassword), str(v.address), String(num(v.tcpPort)), v.udpPort === undefined ? '' : String(num(v.udpPort))];

const TACHO_TIME_FIELDS = (ranged: (v: Record<string, unknown>) => boolean): CommandField[] => [
  { key: 'startTime', label: ['开始时间', 'Start time'], kind: 'time', required: true, visibleWhen: ranged },
  { key: 'endTime', label: ['结束时间', 'End time'], kind: 'time', required: true, visibleWhen: ranged },
  u16('maxBlocks', ['最大数据块数', 'Max blocks'], { min: 1, defaultValue: 1, visibleWhen: ranged }),
];
const setWord = (...words: number[]) => (v: Record<string, unknown>) => words.includes(num(v.command));

export const COMMANDS: readonly CommandDef[] = [
  {
    type: 'text',
    msgId: 0x8300,
    label: ['文本信息下发', 'Text message'],
    timeoutS: 30,
    fields: [
      flag('emergency', ['紧急', 'Emergency']),
      flag('display', ['终端显示器显示', 'Show on the terminal display']),
      flag('tts', ['终端TTS播读', 'Read aloud (TTS)']),
      flag('advertisement', ['广告屏显示', 'Advertising screen']),
      flag('canFault', ['CAN故障码信息', 'CAN fault code']),
      select('textType', ['文本类型', 'Text type'], [{ value: 1, label: ['通知', 'Notice'] }, { value: 2, label: ['服务', 'Service'] }], { editions: ['2019'], required: false, defaultValue: undefined }),
      text('text', ['文本内容', 'Text'], 1024),
    ],
    build: (v, edition) => {
      // 2011/2013 table 38: bit0 emergency, 2 display, 3 TTS, 4 advertising screen, 5 CAN fault code.
      // 2019: bits 0-1 are the kind (1 service, 2 emergency, 3 notice), 2 display, 3 TTS, 5 CAN fault code.
      if (edition === '2019') {
        const kind = yes(v.emergency) ? 2 : num(v.textType, 1) === 1 ? 3 : 1;
        return { flags: kind | bit(v.display, 2) | bit(v.tts, 3) | bit(v.canFault, 5), textType: num(v.textType, 1), text: str(v.text) };
      }
      return { flags: bit(v.emergency, 0) | bit(v.display, 2) | bit(v.tts, 3) | bit(v.advertisement, 4) | bit(v.canFault, 5), text: str(v.text) };
    },
  },
  {
    type: 'eventSet',
    msgId: 0x8301,
    label: ['事件设置', 'Event settings'],
    editions: ['2011', '2013'],
    timeoutS: 30,
    fields: [
      select('type', ['设置类型', 'Update type'], [...UPDATE_TYPES, { value: 4, label: ['删除特定几项', 'Delete listed'] }]),
      { key: 'events', label: ['事件', 'Events'], kind: 'list', maxItems: 255, itemFields: [u8('id', ['事件ID', 'Event id'], { min: 1 }), text('content', ['事件内容', 'Content'], 255)] },
    ],
    build: (v) => ({ type: num(v.type), events: (v.events as unknown[] | undefined) ?? [] }),
  },
  {
    type: 'question',
    msgId: 0x8302,
    label: ['提问下发', 'Question'],
    editions: ['2011', '2013'],
    timeoutS: 30,
    fields: [
      flag('emergency', ['紧急', 'Emergency']),
      flag('tts', ['终端TTS播读', 'Read aloud (TTS)']),
      flag('display', ['广告屏显示', 'Advertising screen']),
      text('question', ['问题', 'Question'], 255),
      { key: 'answers', label: ['候选答案', 'Answers'], kind: 'list', required: true, maxItems: 20, itemFields: [u8('id', ['答案ID', 'Answer id']), text('content', ['答案内容', 'Answer'], 255)] },
    ],
    build: (v) => ({ flags: bit(v.emergency, 0) | bit(v.tts, 3) | bit(v.display, 4), question: str(v.question), answers: (v.answers as unknown[] | undefined) ?? [] }),
  },
  {
    type: 'infoMenu',
    msgId: 0x8303,
    label: ['信息点播菜单设置', 'Information menu'],
    editions: ['2011', '2013'],
    timeoutS: 30,
    fields: [
      select('type', ['设置类型', 'Update type'], UPDATE_TYPES),
      { key: 'items', label: ['信息项', 'Items'], kind: 'list', maxItems: 255, itemFields: [u8('infoType', ['信息类型', 'Type']), text('name', ['信息名称', 'Name'], 255)] },
    ],
    build: (v) => ({ type: num(v.type), items: (v.items as unknown[] | undefined) ?? [] }),
  },
  {
    type: 'infoService',
    msgId: 0x8304,
    label: ['信息服务', 'Information service'],
    editions: ['2011', '2013'],
    timeoutS: 30,
    fields: [u8('infoType', ['信息类型', 'Type']), text('content', ['信息内容', 'Content'], 1024)],
    build: (v) => ({ infoType: num(v.infoType), content: str(v.content) }),
  },
  {
    type: 'callback',
    msgId: 0x8400,
    label: ['电话回拨(监听)', 'Call back / monitor'],
    timeoutS: 30,
    fields: [
      select('flag', ['标志', 'Mode'], [{ value: 1, label: ['监听', 'Monitor'] }, { value: 0, label: ['普通通话', 'Normal call'] }]),
      text('phone', ['电话号码', 'Phone number'], 20, { pattern: /^\+?\d{3,20}$/ }),
    ],
    build: (v) => ({ flag: num(v.flag), phone: str(v.phone) }),
  },
  {
    type: 'phonebook',
    msgId: 0x8401,
    label: ['设置电话本', 'Phone book'],
    timeoutS: 30,
    fields: [
      select('type', ['设置类型', 'Update type'], UPDATE_TYPES),
      {
        key: 'contacts',
        label: ['联系人', 'Contacts'],
        kind: 'list',
        maxItems: 255,
        itemFields: [
          select('flag', ['呼叫类型', 'Calls'], [{ value: 3, label: ['呼入/呼出', 'In and out'] }, { value: 1, label: ['呼入', 'In'] }, { value: 2, label: ['呼出', 'Out'] }]),
          text('phone', ['电话号码', 'Number'], 20, { pattern: /^\+?\d{3,20}$/ }),
          text('name', ['联系人', 'Contact'], 40),
        ],
      },
    ],
    build: (v) => ({ type: num(v.type), contacts: (v.contacts as unknown[] | undefined) ?? [] }),
  },
  { type: 'rollcall', msgId: 0x8201, label: ['点名(位置查询)', 'Roll call (locate now)'], timeoutS: 30, fields: [], build: () => ({}) },
  {
    type: 'tempTracking',
    msgId: 0x8202,
    label: ['临时位置跟踪', 'Temporary tracking'],
    timeoutS: 30,
    fields: [u16('intervalS', ['时间间隔(秒, 0停止)', 'Interval (s, 0 stops)'], { defaultValue: 10 }), u32('validityS', ['有效期(秒)', 'Validity (s)'], { defaultValue: 600 })],
    build: (v) => ({ intervalS: num(v.intervalS), validityS: num(v.validityS) }),
  },
  {
    type: 'alarmConfirm',
    msgId: 0x8203,
    label: ['人工确认报警', 'Confirm manual alarm'],
    timeoutS: 30,
    fields: [
      u16('alarmSerial', ['报警消息流水号(0为全部)', 'Alarm serial (0 all)'], { defaultValue: 0 }),
      flag('emergency', ['紧急报警', 'Emergency alarm']),
      flag('danger', ['危险预警', 'Danger warning']),
      flag('area', ['进出区域报警', 'Area in/out']),
      flag('route', ['进出路线报警', 'Route in/out']),
      flag('routeTime', ['路段行驶时间报警', 'Route time']),
      flag('ignition', ['非法点火', 'Illegal ignition']),
      flag('displacement', ['非法位移', 'Illegal displacement']),
    ],
    build: (v) => ({
      alarmSerial: num(v.alarmSerial),
      alarmTypes: bit(v.emergency, 0) | bit(v.danger, 3) | bit(v.area, 20) | bit(v.route, 21) | bit(v.routeTime, 22) | bit(v.ignition, 27) | (yes(v.displacement) ? 0x10000000 : 0),
    }),
  },
  { type: 'linkCheck', msgId: 0x8204, label: ['链路检测', 'Link check'], editions: ['2019'], timeoutS: 30, fields: [], build: () => ({}) },
  {
    type: 'setParams',
    msgId: 0x8103,
    label: ['设置终端参数', 'Set terminal parameters'],
    timeoutS: 30,
    fields: [
      {
        key: 'items',
        label: ['参数', 'Parameters'],
        kind: 'list',
        required: true,
        maxItems: 100,
        itemFields: [u32('id', ['参数ID', 'Parameter id'], { min: 1 }), { key: 'value', label: ['参数值', 'Value'], kind: 'text', required: true, maxBytes: 255 }],
      },
    ],
    // Types come from the parameter table (the service fills them in); values arrive as text.
    build: (v) => ({ items: (v.items as unknown[] | undefined) ?? [] }),
  },
  { type: 'queryParams', msgId: 0x8104, label: ['查询全部终端参数', 'Query all parameters'], timeoutS: 30, fields: [], build: () => ({}) },
  {
    type: 'queryParamsById',
    msgId: 0x8106,
    label: ['查询指定终端参数', 'Query listed parameters'],
    timeoutS: 30,
    fields: [{ key: 'ids', label: ['参数ID', 'Parameter ids'], kind: 'list', required: true, maxItems: 255, itemFields: [u32('id', ['参数ID', 'Parameter id'], { min: 1 })] }],
    build: (v) => ({ ids: ((v.ids as { id: number }[] | undefined) ?? []).map((item) => item.id) }),
  },
  { type: 'queryAttributes', msgId: 0x8107, label: ['查询终端属性', 'Query attributes'], timeoutS: 30, fields: [], build: () => ({}) },
  {
    type: 'terminalControl',
    msgId: 0x8105,
    label: ['终端控制', 'Terminal control'],
    timeoutS: 30,
    fields: [
      select('command', ['控制命令', 'Command'], [
        { value: 4, label: ['终端复位', 'Reset'] },
        { value: 5, label: ['恢复出厂设置', 'Factory reset'] },
        { value: 3, label: ['终端关机', 'Shut down'] },
        { value: 6, label: ['关闭数据通信', 'Close data communication'] },
        { value: 7, label: ['关闭所有无线通信', 'Close all wireless communication'] },
      ]),
    ],
    build: (v) => ({ command: num(v.command, 4) }),
  },
  {
    type: 'serverSet',
    msgId: 0x8105,
    label: ['服务器设置', 'Connect to server'],
    timeoutS: 30,
    fields: [
      select('connection', ['连接控制', 'Connection'], [{ value: 0, label: ['切换到指定监管平台', 'Switch to this platform'] }, { value: 1, label: ['切换回原缺省平台', 'Back to the default platform'] }]),
      text('authCode', ['监管平台鉴权码', 'Platform auth code'], 32, { required: false }),
      ...serverFields,
      u16('timeLimitMin', ['连接到指定服务器时限(分)', 'Time limit (min)'], { defaultValue: 60 }),
    ],
    build: (v) => ({ command: 2, params: [String(num(v.connection)), str(v.authCode), ...serverParams(v).slice(0, 6), String(num(v.timeLimitMin))].join(';') }),
  },
  {
    type: 'remoteUpgrade',
    msgId: 0x8105,
    label: ['远程升级(无线升级)', 'Wireless upgrade'],
    timeoutS: 60,
    fields: [
      text('url', ['升级地址(URL)', 'Upgrade URL'], 255, { pattern: /^(https?|ftp):\/\/\S+$/ }),
      ...serverFields,
      text('makerId', ['制造商ID', 'Maker id'], 11, { required: false }),
      text('hardwareVersion', ['硬件版本', 'Hardware version'], 32, { required: false }),
      text('firmwareVersion', ['固件版本', 'Firmware version'], 32, { required: false }),
      u16('timeLimitMin', ['连接到指定服务器时限(分)', 'Time limit (min)'], { defaultValue: 60 }),
    ],
    build: (v) => ({
      command: 1,
      params: [str(v.url), ...serverParams(v), str(v.makerId), str(v.hardwareVersion), str(v.firmwareVersion), String(num(v.timeLimitMin))].join(';'),
    }),
  },
  {
    type: 'upgrade',
    msgId: 0x8108,
    label: ['下发升级包', 'Upgrade package'],
    timeoutS: 300,
    fields: [
      select('type', ['升级类型', 'Target'], [{ value: 0, label: ['终端', 'Terminal'] }, { value: 12, label: ['道路运输证IC卡读卡器', 'IC card reader'] }, { value: 52, label: ['北斗卫星定位模块', 'Satellite module'] }]),
      text('makerId', ['制造商ID', 'Maker id'], 11),
      text('version', ['版本号', 'Version'], 255),
      { key: 'package', label: ['升级包', 'Package'], kind: 'hex', required: true, maxBytes: 256 * 1024 },
    ],
    build: (v) => ({ type: num(v.type), makerId: str(v.makerId), version: str(v.version), package: str(v.package) }),
  },
  {
    type: 'photo',
    msgId: 0x8801,
    label: ['立即拍照', 'Take a photo'],
    timeoutS: 60,
    fields: [
      channel,
      u16('command', ['拍摄张数(0停止, 65535录像)', 'Photos (0 stop, 65535 video)'], { defaultValue: 1 }),
      u16('intervalS', ['拍照间隔/录像时间(秒)', 'Interval / video length (s)'], { defaultValue: 0 }),
      select('saveFlag', ['保存标志', 'Save'], [{ value: 0, label: ['实时上传', 'Upload now'] }, { value: 1, label: ['保存', 'Store on the terminal'] }]),
      select('resolution', ['分辨率', 'Resolution'], [
        { value: 1, label: ['320*240', '320*240'] },
        { value: 2, label: ['640*480', '640*480'] },
        { value: 3, label: ['800*600', '800*600'] },
        { value: 4, label: ['1024*768', '1024*768'] },
        { value: 5, label: ['176*144', '176*144'] },
        { value: 6, label: ['352*288', '352*288'] },
        { value: 7, label: ['704*288', '704*288'] },
        { value: 8, label: ['704*576', '704*576'] },
      ]),
      u8('quality', ['图像质量(1最好-10)', 'Quality (1 best - 10)'], { min: 1, max: 10, defaultValue: 5 }),
      u8('brightness', ['亮度', 'Brightness'], { defaultValue: 128 }),
      u8('contrast', ['对比度', 'Contrast'], { max: 127, defaultValue: 64 }),
      u8('saturation', ['饱和度', 'Saturation'], { max: 127, defaultValue: 64 }),
      u8('chroma', ['色度', 'Chroma'], { defaultValue: 128 }),
    ],
    build: (v) => ({
      channel: num(v.channel, 1),
      command: num(v.command, 1),
      intervalS: num(v.intervalS),
      saveFlag: num(v.saveFlag),
      resolution: num(v.resolution, 1),
      quality: num(v.quality, 5),
      brightness: num(v.brightness, 128),
      contrast: num(v.contrast, 64),
      saturation: num(v.saturation, 64),
      chroma: num(v.chroma, 128),
    }),
  },
  { type: 'mediaSearch', msgId: 0x8802, label: ['存储多媒体数据检索', 'Search stored media'], timeoutS: 60, fields: searchFields, build: searchBody },
  {
    type: 'mediaUpload',
    msgId: 0x8803,
    label: ['存储多媒体数据上传', 'Upload stored media'],
    timeoutS: 60,
    fields: [...searchFields, select('deleteFlag', ['删除标志', 'Delete'], [{ value: 0, label: ['保留', 'Keep'] }, { value: 1, label: ['删除', 'Delete'] }])],
    build: (v) => ({ ...searchBody(v), deleteFlag: num(v.deleteFlag) }),
  },
  {
    type: 'record',
    msgId: 0x8804,
    label: ['录音', 'Audio recording'],
    timeoutS: 30,
    fields: [
      select('command', ['录音命令', 'Command'], [{ value: 1, label: ['开始录音', 'Start'] }, { value: 0, label: ['停止录音', 'Stop'] }]),
      u16('durationS', ['录音时间(秒, 0一直录音)', 'Duration (s, 0 until stopped)'], { defaultValue: 60 }),
      select('saveFlag', ['保存标志', 'Save'], [{ value: 0, label: ['实时上传', 'Upload now'] }, { value: 1, label: ['保存', 'Store on the terminal'] }]),
      select('sampleRate', ['音频采样率', 'Sample rate'], [{ value: 0, label: ['8K', '8K'] }, { value: 1, label: ['11K', '11K'] }, { value: 2, label: ['23K', '23K'] }, { value: 3, label: ['32K', '32K'] }]),
    ],
    build: (v) => ({ command: num(v.command), durationS: num(v.durationS), saveFlag: num(v.saveFlag), sampleRate: num(v.sampleRate) }),
  },
  {
    type: 'singleMediaUpload',
    msgId: 0x8805,
    label: ['单条存储多媒体数据上传', 'Upload one stored media item'],
    timeoutS: 60,
    // Spec §5: multimedia ids are 10 digits.
    fields: [u32('mediaId', ['多媒体ID', 'Media id'], { min: 1, max: 4294967295 }), select('deleteFlag', ['删除标志', 'Delete'], [{ value: 0, label: ['保留', 'Keep'] }, { value: 1, label: ['删除', 'Delete'] }])],
    build: (v) => ({ mediaId: num(v.mediaId), deleteFlag: num(v.deleteFlag) }),
  },
  {
    type: 'vehicleControl',
    msgId: 0x8500,
    dedicated: 'lockWizard',
    label: ['车辆控制(车门)', 'Vehicle control (doors)'],
    timeoutS: 30,
    fields: [select('door', ['车门', 'Doors'], [{ value: 1, label: ['车门加锁', 'Lock'] }, { value: 0, label: ['车门解锁', 'Unlock'] }])],
    // 2013 table 48: one flag byte, bit0 door lock. 2019 table 50: count, then (id, parameter); id 0x0001 is the door.
    build: (v, edition) => (edition === '2019' ? { items: [{ id: 0x0001, param: num(v.door) ? '01' : '00' }] } : { flag: num(v.door) ? 1 : 0 }),
  },
  {
    type: 'remoteControl',
    msgId: 0x8500,
    dedicated: 'remoteControl',
    label: ['远程控制', 'Remote control'],
    // Only the 2019 layout carries control items; ids above 0xF000 are the vendor range (table 50).
    editions: ['2019'],
    timeoutS: 30,
    fields: [select('operation', ['操作', 'Operation'], REMOTE_OPERATIONS.map((operation, value) => ({ value, label: operation.label })))],
    build: (v) => {
      const operation = REMOTE_OPERATIONS[num(v.operation)] ?? REMOTE_OPERATIONS[0];
      return { items: [{ id: operation.controlId, param: operation.param }] };
    },
  },
  {
    type: 'tachographCollect',
    msgId: 0x8700,
    label: ['行驶记录数据采集', 'Collect driving recorder data'],
    timeoutS: 60,
    fields: [
      select('command', ['命令字', 'Command word'], TACHOGRAPH_COLLECT_WORDS),
      ...TACHO_TIME_FIELDS((v) => isRangedCollectWord(num(v.command))),
    ],
    build: (v) =>
      isRangedCollectWord(num(v.command))
        ? { command: num(v.command), params: { startTime: toBcdTime(str(v.startTime)), endTime: toBcdTime(str(v.endTime)), maxBlocks: num(v.maxBlocks, 1) } }
        : { command: num(v.command) },
  },
  {
    type: 'tachographSet',
    msgId: 0x8701,
    label: ['行驶记录参数下传', 'Set driving recorder parameters'],
    timeoutS: 60,
    fields: [
      select('command', ['命令字', 'Command word'], TACHOGRAPH_SET_WORDS),
      text('vin', ['车辆识别代号', 'VIN'], 17, { pattern: /^[A-HJ-NPR-Z0-9]{17}$/, visibleWhen: setWord(0x82) }),
      text('plate', ['机动车号牌号码', 'Plate'], 12, { visibleWhen: setWord(0x82) }),
      text('plateClass', ['机动车号牌分类', 'Plate class'], 12, { visibleWhen: setWord(0x82) }),
      { key: 'time', label: ['时间', 'Time'], kind: 'time', required: true, visibleWhen: setWord(0x83, 0xc2, 0xc3, 0xc4) },
      { key: 'signals', label: ['状态信号名称(8项)', 'Signal names (8)'], kind: 'list', required: true, maxItems: 8, visibleWhen: setWord(0x84), itemFields: [text('name', ['名称', 'Name'], 10)] },
      u16('pulseCoefficient', ['脉冲系数', 'Pulse coefficient'], { visibleWhen: setWord(0xc3) }),
      { key: 'installTime', label: ['初次安装时间', 'Installation time'], kind: 'time', required: true, visibleWhen: setWord(0xc4) },
      { key: 'initialMileageKm', label: ['初始里程(km)', 'Initial mileage (km)'], kind: 'int', min: 0, max: 9999999, required: true, visibleWhen: setWord(0xc4) },
      { key: 'totalMileageKm', label: ['累计里程(km)', 'Accumulated mileage (km)'], kind: 'int', min: 0, max: 9999999, required: true, visibleWhen: setWord(0xc4) },
    ],
    build: (v) => ({ command: num(v.command), params: tachographSetParams(v) }),
  },
  { type: 'driverIdentity', msgId: 0x8702, label: ['上报驾驶员身份信息请求', 'Request driver identity'], editions: ['2013', '2019'], timeoutS: 30, fields: [], build: () => ({}) },
];

/** Area and route commands: the fence service builds their bodies from the fence and sends them through instruction.request.v1. */
const FENCE_COMMANDS: readonly [type: string, msgId: number, label: Label, editions?: readonly Edition[]][] = [
  ['fenceCircle', 0x8600, ['设置圆形区域', 'Set circle areas']],
  ['fenceCircleDelete', 0x8601, ['删除圆形区域', 'Delete circle areas']],
  ['fenceRectangle', 0x8602, ['设置矩形区域', 'Set rectangle areas']],
  ['fenceRectangleDelete', 0x8603, ['删除矩形区域', 'Delete rectangle areas']],
  ['fencePolygon', 0x8604, ['设置多边形区域', 'Set polygon area']],
  ['fencePolygonDelete', 0x8605, ['删除多边形区域', 'Delete polygon areas']],
  ['fenceRoute', 0x8606, ['设置路线', 'Set route']],
  ['fenceRouteDelete', 0x8607, ['删除路线', 'Delete routes']],
  ['fenceQuery', 0x8608, ['查询区域或线路数据', 'Query areas or routes'], ['2019']],
];

export const FENCE_COMMAND_DEFS: readonly CommandDef[] = FENCE_COMMANDS.map(([type, msgId, label, editions]) => ({
  type,
  msgId,
  label,
  editions,
  dedicated: 'fence' as const,
  timeoutS: 30,
  fields: [],
  // The body comes with the request, built by the fence service.
  build: () => ({}),
}));

function tachographSetParams(v: Record<string, unknown>): Record<string, unknown> {
  switch (num(v.command)) {
    case 0x82:
      return { vin: str(v.vin), plate: str(v.plate), plateClass: str(v.plateClass) };
    case 0x83:
      return { installTime: toBcdTime(str(v.time)) };
    case 0x84:
      // Table A.12 starts with the real time; the dialog does not ask for it: now, in China time.
      return { time: toBcdTime(formatChinaTime(Date.now())), signals: ((v.signals as { name: string }[] | undefined) ?? []).map((s) => s.name) };
    case 0xc2:
      return { time: toBcdTime(str(v.time)) };
    case 0xc3:
      return { time: toBcdTime(str(v.time)), pulseCoefficient: num(v.pulseCoefficient) };
    default:
      return {
        time: toBcdTime(str(v.time)),
        installTime: toBcdTime(str(v.installTime)),
        initialMileageKm: num(v.initialMileageKm),
        totalMileageKm: num(v.totalMileageKm),
      };
  }
}

/** Alarm attachment upload (T/JSATL 12 0x9208): the alarm service builds the body for alarms that announce evidence. */
export const ALARM_COMMAND_DEFS: readonly CommandDef[] = [
  { type: 'alarmAttachmentUpload', msgId: 0x9208, label: ['报警附件上传指令', 'Alarm attachment upload'], dedicated: 'alarm', timeoutS: 30, fields: [], build: () => ({}) },
];

/** A superior platform's monitoring requests (JT/T 809 0x9501-0x9505), carried out by the forwarder. */
export const PLATFORM809_COMMAND_DEFS: readonly CommandDef[] = [
  // OTA upgrades (energy service, otaUpdata): the package is the service's stored one, built there.
  { type: 'otaUpgrade', msgId: 0x8108, label: ['OTA升级', 'OTA upgrade'], dedicated: 'ota', timeoutS: 300, fields: [], build: () => ({}) },
  // Electronic waybills (industry service, monitor/waybill): the waybill's text, built there.
  { type: 'waybillText', msgId: 0x8300, label: ['运单文本下发', 'Waybill text'], dedicated: 'waybill', timeoutS: 30, fields: [], build: () => ({}) },
  // Press releases to drivers (admin, monitor/pressRelease): the notice's text, built there.
  { type: 'pressReleaseText', msgId: 0x8300, label: ['公告文本下发', 'Press release text'], dedicated: 'pressRelease', timeoutS: 30, fields: [], build: () => ({}) },
  { type: 'platform809Monitor', msgId: 0x8400, label: ['上级平台单向监听', 'Listen-in for the superior platform'], dedicated: 'platform809', timeoutS: 30, fields: [], build: () => ({}) },
  { type: 'platform809Text', msgId: 0x8300, label: ['上级平台下发文本', 'Text from the superior platform'], dedicated: 'platform809', timeoutS: 30, fields: [], build: () => ({}) },
  { type: 'platform809Photo', msgId: 0x8801, label: ['上级平台拍照', 'Photo for the superior platform'], dedicated: 'platform809', timeoutS: 60, fields: [], build: () => ({}) },
  { type: 'platform809Record', msgId: 0x8700, label: ['上级平台行驶记录请求', 'Driving record for the superior platform'], dedicated: 'platform809', timeoutS: 60, fields: [], build: () => ({}) },
  { type: 'platform809Emergency', msgId: 0x8105, label: ['上级平台应急接入', 'Emergency monitoring for the superior platform'], dedicated: 'platform809', timeoutS: 30, fields: [], build: () => ({}) },
];

/** JT/T 1078 signalling (video service): it builds the bodies (media server address, channel, times). */
const VIDEO_COMMANDS: [type: string, msgId: number, label: [string, string]][] = [
  ['videoAttributes', 0x9003, ['查询终端音视频属性', 'Query audio/video attributes']],
  ['videoLive', 0x9101, ['实时音视频传输请求', 'Real-time audio/video request']],
  ['videoLiveControl', 0x9102, ['音视频实时传输控制', 'Real-time audio/video control']],
  ['videoLiveStatus', 0x9105, ['实时音视频传输状态通知', 'Real-time audio/video status']],
  ['videoPlayback', 0x9201, ['远程录像回放请求', 'Remote playback request']],
  ['videoPlaybackControl', 0x9202, ['远程录像回放控制', 'Remote playback control']],
  ['videoResources', 0x9205, ['查询资源列表', 'Query resource list']],
  ['videoUpload', 0x9206, ['文件上传指令', 'File upload']],
  ['videoUploadControl', 0x9207, ['文件上传控制', 'File upload control']],
  ['ptzRotate', 0x9301, ['云台旋转', 'PTZ rotation']],
  ['ptzFocus', 0x9302, ['云台调整焦距控制', 'PTZ focus']],
  ['ptzIris', 0x9303, ['云台调整光圈控制', 'PTZ iris']],
  ['ptzWiper', 0x9304, ['云台雨刷控制', 'PTZ wiper']],
  ['ptzInfrared', 0x9305, ['红外补光控制', 'PTZ infrared fill light']],
  ['ptzZoom', 0x9306, ['云台变倍控制', 'PTZ zoom']],
];

export const VIDEO_COMMAND_DEFS: readonly CommandDef[] = VIDEO_COMMANDS.map(([type, msgId, label]) => ({ type, msgId, label, dedicated: 'video' as const, timeoutS: 15, fields: [], build: () => ({}) }));

const BY_TYPE = new Map([...COMMANDS, ...FENCE_COMMAND_DEFS, ...ALARM_COMMAND_DEFS, ...PLATFORM809_COMMAND_DEFS, ...VIDEO_COMMAND_DEFS, ...VIDEO_PARAMETER_COMMAND_DEFS].map((command) => [command.type, command]));

export function commandDef(type: string): CommandDef | undefined {
  return BY_TYPE.get(type);
}
