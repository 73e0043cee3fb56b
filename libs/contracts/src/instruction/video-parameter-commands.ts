import { BITRATE_MODE_LABELS } from '../video/video-labels';
import { OVERLAY_FLAGS, RESOLUTIONS, VIDEO_ALARM_FLAGS, VIDEO_CHANNEL_MAX, VIDEO_CHANNEL_MIN } from '../video/video-api';
import type { CommandDef } from './command-def';
import type { CommandField, Label } from './command-fields';

// Typed forms of the JT/T 1078 parameters (0x8103 with one structured item, libs/jt808
// video-parameters.ts), with the limits of JT/T 1078 table 2 and spec §5.

const int = (key: string, label: Label, min: number, max: number, defaultValue?: number): CommandField => ({ key, label, kind: 'int', min, max, required: true, defaultValue });
const num = (value: unknown) => (typeof value === 'number' ? value : 0);

// The standard's modes 0-2 and resolutions 0-6; "custom" is a vendor range (100-127) with no meaning to send.
const BITRATE_OPTIONS = BITRATE_MODE_LABELS.slice(0, 3).map((label, value) => ({ value, label }));
const RESOLUTION_OPTIONS = RESOLUTIONS.slice(0, 7).map((name, value) => ({ value, label: [name, name] as Label }));

const STREAMS: readonly [prefix: 'live' | 'storage', label: Label, bitRateKbps: number][] = [
  ['live', ['实时流', 'Live stream'], 512],
  ['storage', ['存储流', 'Storage stream'], 1024],
];

const streamFields: CommandField[] = STREAMS.flatMap(([prefix, [zh, en], bitRateKbps]) => [
  { key: `${prefix}BitrateMode`, label: [`${zh}编码模式`, `${en} bit-rate mode`], kind: 'select', options: BITRATE_OPTIONS, required: true, defaultValue: 0 },
  { key: `${prefix}Resolution`, label: [`${zh}分辨率`, `${en} resolution`], kind: 'select', options: RESOLUTION_OPTIONS, required: true, defaultValue: 1 },
  int(`${prefix}KeyframeInterval`, [`${zh}关键帧间隔(帧)`, `${en} keyframe interval (frames)`], 1, 1000, 25),
  int(`${prefix}FrameRate`, [`${zh}目标帧率(帧/秒)`, `${en} target frame rate (fps)`], 1, 120, 25),
  int(`${prefix}BitRateKbps`, [`${zh}目标码率(kbps)`, `${en} target bit rate (kbps)`], 1, 4294967295, bitRateKbps),
]);

const flagFields = (prefix: string, table: Readonly<Record<number, readonly [string, string]>>): CommandField[] =>
  Object.entries(table).map(([bit, label]) => ({ key: `${prefix}${bit}`, label, kind: 'bool', defaultValue: false }));
const flagsOf = (prefix: string, table: Readonly<Record<number, unknown>>, v: Record<string, unknown>) =>
  Object.keys(table).reduce((flags, bit) => (v[`${prefix}${bit}`] === true ? flags | Number(bit) : flags), 0);

const osdFields = flagFields('osd', OVERLAY_FLAGS);

function stream(prefix: 'live' | 'storage', v: Record<string, unknown>) {
  return {
    bitrateMode: num(v[`${prefix}BitrateMode`]),
    resolution: num(v[`${prefix}Resolution`]),
    keyframeInterval: num(v[`${prefix}KeyframeInterval`]),
    frameRate: num(v[`${prefix}FrameRate`]),
    bitRateKbps: num(v[`${prefix}BitRateKbps`]),
  };
}

const oneItem = (id: number, type: 'struct' | 'dword', value: unknown) => ({ items: [{ id, type, value }] });

/** Set commands of the video parameters, each a 0x8103 of one item; terminalProM offers them beside the values. */
export const VIDEO_PARAMETER_COMMAND_DEFS: readonly CommandDef[] = [
  {
    type: 'setVideoEncoding',
    msgId: 0x8103,
    label: ['音视频参数设置', 'Audio/video encoding'],
    timeoutS: 30,
    fields: [...streamFields, ...osdFields, { key: 'audioOutput', label: ['启用音频输出', 'Audio output'], kind: 'bool', defaultValue: false }],
    build: (v) => oneItem(0x0075, 'struct', { live: stream('live', v), storage: stream('storage', v), osdFlags: flagsOf('osd', OVERLAY_FLAGS, v), audioOutput: v.audioOutput === true ? 1 : 0 }),
  },
  {
    type: 'setVideoChannel',
    msgId: 0x8103,
    label: ['单独视频通道参数设置', 'Per-channel video parameters'],
    timeoutS: 30,
    fields: [int('logicalChannel', ['逻辑通道号', 'Logical channel'], VIDEO_CHANNEL_MIN, VIDEO_CHANNEL_MAX, 1), ...streamFields, ...osdFields],
    build: (v) =>
      oneItem(0x0077, 'struct', { channels: [{ logicalChannel: num(v.logicalChannel), live: stream('live', v), storage: stream('storage', v), osdFlags: flagsOf('osd', OVERLAY_FLAGS, v) }] }),
  },
  {
    type: 'setAlarmRecording',
    msgId: 0x8103,
    label: ['特殊报警录像参数设置', 'Alarm recording parameters'],
    timeoutS: 30,
    fields: [
      int('storageThresholdPercent', ['特殊报警录像存储阈值(%)', 'Storage threshold (%)'], 1, 99, 20),
      int('durationMin', ['特殊报警录像持续时间(分钟)', 'Recording duration (min)'], 0, 255, 5),
      int('preMarkMin', ['特殊报警标识起始时间(分钟)', 'Marked before the alarm (min)'], 0, 255, 1),
    ],
    build: (v) => oneItem(0x0079, 'struct', { storageThresholdPercent: num(v.storageThresholdPercent), durationMin: num(v.durationMin), preMarkMin: num(v.preMarkMin) }),
  },
  {
    type: 'setVideoAlarmMask',
    msgId: 0x8103,
    label: ['视频相关报警屏蔽字', 'Video alarm mask'],
    timeoutS: 30,
    fields: flagFields('mask', VIDEO_ALARM_FLAGS),
    build: (v) => oneItem(0x007a, 'dword', flagsOf('mask', VIDEO_ALARM_FLAGS, v)),
  },
];
