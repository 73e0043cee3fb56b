import type { Label } from './command-fields';

/** GB/T 19056-2012 command words the dialogs name: what 0x8700 collects and 0x8701 sets. */
export const TACHOGRAPH_COLLECT_WORDS: readonly { value: number; label: Label; ranged: boolean }[] = [
  { value: 0x00, label: ['执行标准版本', 'Standard version'], ranged: false },
  { value: 0x01, label: ['当前驾驶人信息', 'Driver information'], ranged: false },
  { value: 0x02, label: ['实时时间', 'Real time'], ranged: false },
  { value: 0x03, label: ['累计行驶里程', 'Accumulated mileage'], ranged: false },
  { value: 0x04, label: ['脉冲系数', 'Pulse coefficient'], ranged: false },
  { value: 0x05, label: ['车辆信息', 'Vehicle information'], ranged: false },
  { value: 0x06, label: ['状态信号配置信息', 'Status signal configuration'], ranged: false },
  { value: 0x07, label: ['记录仪唯一性编号', 'Unique id'], ranged: false },
  { value: 0x08, label: ['行驶速度记录(48h)', 'Speed records (48 h)'], ranged: true },
  { value: 0x09, label: ['位置信息记录(360h)', 'Location records (360 h)'], ranged: true },
  { value: 0x10, label: ['事故疑点记录', 'Doubtful (accident) events'], ranged: true },
  { value: 0x11, label: ['超时驾驶记录', 'Overtime driving'], ranged: true },
  { value: 0x12, label: ['驾驶人身份记录', 'Driver identity records'], ranged: true },
  { value: 0x13, label: ['外部供电记录', 'External power records'], ranged: true },
  { value: 0x14, label: ['参数修改记录', 'Parameter changes'], ranged: true },
  { value: 0x15, label: ['速度状态日志', 'Speed status log'], ranged: true },
];

export const TACHOGRAPH_SET_WORDS: readonly { value: number; label: Label }[] = [
  { value: 0x82, label: ['设置车辆信息', 'Set vehicle information'] },
  { value: 0x83, label: ['设置初次安装日期', 'Set installation date'] },
  { value: 0x84, label: ['设置状态量配置信息', 'Set status signal configuration'] },
  { value: 0xc2, label: ['设置记录仪时间', 'Set recorder time'] },
  { value: 0xc3, label: ['设置脉冲系数', 'Set pulse coefficient'] },
  { value: 0xc4, label: ['设置初始里程', 'Set initial mileage'] },
];

/** Collect words that take a time range and a block count (08H-15H). */
export function isRangedCollectWord(word: number): boolean {
  return TACHOGRAPH_COLLECT_WORDS.some((w) => w.value === word && w.ranged);
}
