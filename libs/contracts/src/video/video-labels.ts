// Labelled rows of the JT/T 1078 parameters (0x0075-0x007C) and the 0x1003 attributes, as the
// console shows them: enumerations turned into their names (spec §3) in both console languages.
import type { Label } from '../instruction/command-fields';
import {
  AUDIO_CODECS,
  AUDIO_SAMPLE_BITS,
  AUDIO_SAMPLE_RATES_KHZ,
  BITRATE_MODES,
  OVERLAY_FLAGS,
  RESOLUTIONS,
  VIDEO_ALARM_FLAGS,
  VIDEO_CODECS,
} from './video-api';

/** One line of a decoded value: what it is and what it says, [zh_CN, en_US] each. */
export interface LabelledRow {
  key: string;
  label: Label;
  value: Label;
}

type Show = (value: number) => Label;
type Field = readonly [label: Label, show: Show];

const same = (text: string): Label => [text, text];
const plain: Show = (value) => same(String(value));
const NONE: Label = ['无', 'None'];

/** Names of the set bits of `flags`, from a bit value -> label table, lowest bit first. */
export function flagLabels(flags: number, table: Readonly<Record<number, Label>>): Label[] {
  return Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b)
    .filter((bit) => (flags & bit) !== 0)
    .map((bit) => table[bit]);
}

/** The video alarm flags (0x14 extra, 0x007A mask) that are set, as labels. */
export function videoAlarmFlagLabels(flags: number): Label[] {
  return flagLabels(flags, VIDEO_ALARM_FLAGS);
}

const joined = (labels: Label[]): Label => (labels.length ? [labels.map(([zh]) => zh).join('、'), labels.map(([, en]) => en).join(', ')] : NONE);
const flags = (table: Readonly<Record<number, Label>>): Show => (value) => joined(flagLabels(value, table));
const byIndex = (names: readonly (string | number)[], unit = ''): Show => (value) => same(names[value] === undefined ? String(value) : `${names[value]}${unit}`);
const named = (names: Readonly<Record<number, string>>): Show => (value) => same(names[value] ?? String(value));
const choice = (labels: readonly Label[]): Show => (value) => labels[value] ?? same(String(value));
const NO_YES: readonly Label[] = [['否', 'No'], ['是', 'Yes']];
const OFF_ON: readonly Label[] = [['关闭', 'Off'], ['启用', 'On']];

const BITRATE_MODE_ZH: Record<(typeof BITRATE_MODES)[number], string> = { constant: '固定码率', variable: '可变码率', average: '平均码率', custom: '自定义' };
/** BITRATE_MODES by index, named in both languages. */
export const BITRATE_MODE_LABELS: readonly Label[] = BITRATE_MODES.map((mode) => [BITRATE_MODE_ZH[mode], mode]);
// JT/T 1078 table 2: 0-2 the standard modes, 100-127 vendor-defined.
const bitrateMode: Show = (value) => (value >= 100 && value <= 127 ? BITRATE_MODE_LABELS[BITRATE_MODES.indexOf('custom')] : (BITRATE_MODE_LABELS[value] ?? plain(value)));
const resolution: Show = (value) => (value >= 100 && value <= 127 ? ['自定义', 'custom'] : byIndex(RESOLUTIONS)(value));

const WEEKDAYS: Record<number, Label> = {
  1: ['周一', 'Mon'], 2: ['周二', 'Tue'], 4: ['周三', 'Wed'], 8: ['周四', 'Thu'], 16: ['周五', 'Fri'], 32: ['周六', 'Sat'], 64: ['周日', 'Sun'],
};
const WAKE_MODES: Record<number, Label> = { 1: ['条件唤醒', 'On condition'], 2: ['定时唤醒', 'Timed'], 4: ['手动唤醒', 'Manual'] };
const WAKE_CONDITIONS: Record<number, Label> = { 1: ['紧急报警', 'Emergency alarm'], 2: ['碰撞侧翻报警', 'Collision or rollover'], 4: ['车辆开门', 'Door opened'] };
const PERIODS: Record<number, Label> = { 1: same('1'), 2: same('2'), 4: same('3'), 8: same('4') };
const CHANNEL_TYPES: readonly Label[] = [['音视频', 'Audio and video'], ['音频', 'Audio'], ['视频', 'Video']];

const STREAM: Record<string, Field> = {
  bitrateMode: [['编码模式', 'bit-rate mode'], bitrateMode],
  resolution: [['分辨率', 'resolution'], resolution],
  keyframeInterval: [['关键帧间隔(帧)', 'keyframe interval (frames)'], plain],
  frameRate: [['目标帧率(帧/秒)', 'target frame rate (fps)'], plain],
  bitRateKbps: [['目标码率(kbps)', 'target bit rate (kbps)'], plain],
};
const STREAMS: Record<string, Label> = { live: ['实时流', 'Live stream'], storage: ['存储流', 'Storage stream'] };
const OSD: Field = [['OSD字幕叠加', 'OSD overlay'], flags(OVERLAY_FLAGS)];

/** Field labels and value names by parameter id (nested live/storage objects use STREAM). */
const PARAMETER_FIELDS: Record<number, Record<string, Field>> = {
  0x0075: { osdFlags: OSD, audioOutput: [['音频输出', 'Audio output'], choice(OFF_ON)] },
  0x0076: {
    audioVideoChannels: [['音视频通道总数', 'Audio/video channels'], plain],
    audioChannels: [['音频通道总数', 'Audio channels'], plain],
    videoChannels: [['视频通道总数', 'Video channels'], plain],
  },
  0x0077: { osdFlags: OSD },
  0x0079: {
    storageThresholdPercent: [['特殊报警录像存储阈值(%)', 'Alarm recording storage threshold (%)'], plain],
    durationMin: [['特殊报警录像持续时间(分钟)', 'Alarm recording duration (min)'], plain],
    preMarkMin: [['特殊报警标识起始时间(分钟)', 'Marked before the alarm (min)'], plain],
  },
  0x007b: {
    passengerLimit: [['车辆核载人数', 'Passenger limit'], plain],
    fatigueThreshold: [['疲劳程度阈值', 'Fatigue threshold'], plain],
  },
  0x007c: {
    wakeModes: [['休眠唤醒模式', 'Wake-up modes'], flags(WAKE_MODES)],
    wakeConditions: [['唤醒条件类型', 'Wake-up conditions'], flags(WAKE_CONDITIONS)],
    weekdays: [['定时唤醒日', 'Timed wake-up days'], flags(WEEKDAYS)],
    periodFlags: [['启用的定时唤醒时间段', 'Timed wake-up periods enabled'], flags(PERIODS)],
  },
};

/** 0x1003 audio/video attributes (JT/T 1078 table 11). */
const ATTRIBUTE_FIELDS: Record<string, Field> = {
  audioEncoding: [['输入音频编码方式', 'Audio encoding'], named(AUDIO_CODECS)],
  audioChannels: [['输入音频声道数', 'Audio input channels'], plain],
  sampleRate: [['输入音频采样率', 'Audio sample rate'], byIndex(AUDIO_SAMPLE_RATES_KHZ, ' kHz')],
  sampleBits: [['输入音频采样位数', 'Audio sample bits'], byIndex(AUDIO_SAMPLE_BITS, ' bit')],
  audioFrameLength: [['音频帧长度', 'Audio frame length'], plain],
  audioOutput: [['是否支持音频输出', 'Audio output supported'], choice(NO_YES)],
  videoEncoding: [['视频编码方式', 'Video encoding'], named(VIDEO_CODECS)],
  maxAudioChannels: [['终端支持的最大音频物理通道数量', 'Most audio channels'], plain],
  maxVideoChannels: [['终端支持的最大视频物理通道数量', 'Most video channels'], plain],
};

const prefixed = (prefix: Label, label: Label): Label => [`${prefix[0]}${label[0]}`, `${prefix[1]} ${label[1]}`];

function fieldRows(value: Record<string, unknown>, fields: Record<string, Field>, key: string, prefix?: Label): LabelledRow[] {
  const rows: LabelledRow[] = [];
  for (const [name, item] of Object.entries(value)) {
    const path = `${key}.${name}`;
    if (STREAMS[name] && typeof item === 'object' && item !== null) {
      const streamPrefix = prefix ? prefixed(prefix, STREAMS[name]) : STREAMS[name];
      rows.push(...fieldRows(item as Record<string, unknown>, STREAM, path, streamPrefix));
      continue;
    }
    const field = fields[name];
    if (!field || typeof item !== 'number') continue;
    rows.push({ key: path, label: prefix ? prefixed(prefix, field[0]) : field[0], value: field[1](item) });
  }
  return rows;
}

const hhmm = (bcd: unknown): string => (typeof bcd === 'string' && bcd.length === 4 ? `${bcd.slice(0, 2)}:${bcd.slice(2)}` : String(bcd));

function listRows(id: number, value: Record<string, unknown>): LabelledRow[] {
  const key = `0x${id.toString(16).padStart(4, '0')}`;
  if (id === 0x0076) {
    const table = (value.channels as Record<string, number>[] | undefined) ?? [];
    return table.map((entry, index) => ({
      key: `${key}.channels.${index}`,
      label: [`物理通道${entry.physicalChannel}`, `Physical channel ${entry.physicalChannel}`],
      value: [
        `逻辑通道${entry.logicalChannel}，${choice(CHANNEL_TYPES)(entry.channelType)[0]}，${entry.ptz ? '连接云台' : '无云台'}`,
        `logical ${entry.logicalChannel}, ${choice(CHANNEL_TYPES)(entry.channelType)[1]}, ${entry.ptz ? 'PTZ' : 'no PTZ'}`,
      ],
    }));
  }
  if (id === 0x0077) {
    const channels = (value.channels as Record<string, unknown>[] | undefined) ?? [];
    return channels.flatMap((channel, index) => fieldRows(channel, PARAMETER_FIELDS[0x0077], `${key}.channels.${index}`, [`通道${String(channel.logicalChannel)}`, `Channel ${String(channel.logicalChannel)}`]));
  }
  if (id === 0x007c) {
    const periods = (value.periods as { start: string; end: string }[] | undefined) ?? [];
    return periods.map((period, index) => ({ key: `${key}.periods.${index}`, label: [`时间段${index + 1}`, `Period ${index + 1}`], value: same(`${hhmm(period.start)}-${hhmm(period.end)}`) }));
  }
  return [];
}

/**
 * A decoded JT/T 1078 parameter (0x0075-0x007C, as libs/jt808 decodes it) as labelled rows. A value
 * that is not the decoded shape (hex kept when the length did not fit) is one row showing it as is.
 */
export function videoParameterRows(id: number, value: unknown): LabelledRow[] {
  const key = `0x${id.toString(16).padStart(4, '0')}`;
  if (id === 0x007a && typeof value === 'number') return [{ key, label: ['视频相关报警屏蔽字', 'Video alarm mask'], value: joined(videoAlarmFlagLabels(value)) }];
  const fields = PARAMETER_FIELDS[id];
  if (!fields || typeof value !== 'object' || value === null) return [{ key, label: ['原始值', 'Raw value'], value: same(String(value)) }];
  const record = value as Record<string, unknown>;
  return [...fieldRows(record, fields, key), ...listRows(id, record)];
}

/** Whether videoParameterRows knows the parameter. */
export function isVideoParameter(id: number): boolean {
  return id === 0x007a || PARAMETER_FIELDS[id] !== undefined;
}

/** The 0x1003 audio/video attributes as labelled rows, in the standard's order. */
export function avAttributeRows(attributes: Record<string, unknown>): LabelledRow[] {
  return fieldRows(attributes, ATTRIBUTE_FIELDS, '0x1003');
}
