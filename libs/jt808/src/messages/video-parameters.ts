// JT/T 1078-2016 table 2: the structured terminal parameters 0x0075-0x007C carried by 0x8103/0x0104.
// Layouts checked against two public implementations:
// - SmallChi/JT1078 src/JT808.Protocol.Extensions.JT1078/MessageBody/JT808_0x8103_0x0075.cs, _0x0076.cs,
//   _0x0076_AVChannelRefTable.cs, _0x0077_SignalChannel.cs, _0x0079.cs, _0x007B.cs, _0x007C.cs,
//   _0x007C_TimerWakeDayParamter.cs (0x0075 length 21, 0x0079 length 3, 0x007B length 2, 0x007C length 20);
// - yezhihao/jt808-server (https://gitee.com/yezhihao/jt808-server) org/yzh/protocol/commons/transform/parameter/
//   ParamVideo.java, ParamChannels.java, ParamVideoSingle.java, ParamVideoSpecialAlarm.java,
//   ParamImageIdentifyAlarm.java, ParamSleepWake.java (the 0x0076 table runs to the end of the value).
import type { FieldType } from '../codec/schema';
import { bcd, f, list, listRest, struct, u16, u32, u8 } from '../codec/schema';
import { Jt808EncodeError } from '../errors';

/** One stream's encoder settings, as 0x0075 and 0x0077 carry them twice (real-time, then storage). */
export interface StreamEncoding {
  /** BITRATE_MODES index: 0 constant, 1 variable, 2 average, 100-127 custom. */
  bitrateMode: number;
  /** RESOLUTIONS index: 0 QCIF ... 6 1080P, 100-127 custom. */
  resolution: number;
  /** 1-1000 frames. */
  keyframeInterval: number;
  /** 1-120 frames per second. */
  frameRate: number;
  bitRateKbps: number;
}

/** 0x0075 audio/video parameters. */
export interface VideoEncodingParameters {
  live: StreamEncoding;
  storage: StreamEncoding;
  /** OVERLAY_FLAGS bits (date-time 1, plate 2, ...). */
  osdFlags: number;
  /** 0 off, 1 on. */
  audioOutput: number;
}

/** One row of the 0x0076 channel table. */
export interface VideoChannelEntry {
  physicalChannel: number;
  logicalChannel: number;
  /** 0 audio and video, 1 audio, 2 video. */
  channelType: number;
  /** 0 no PTZ, 1 PTZ connected. */
  ptz: number;
}

/** 0x0076 audio/video channel list. */
export interface VideoChannelList {
  audioVideoChannels: number;
  audioChannels: number;
  videoChannels: number;
  channels: VideoChannelEntry[];
}

/** One channel of 0x0077: the 0x0075 fields without audio output. */
export interface VideoChannelParameters {
  logicalChannel: number;
  live: StreamEncoding;
  storage: StreamEncoding;
  osdFlags: number;
}

/** 0x0079 special alarm recording. */
export interface AlarmRecordingParameters {
  /** 1-99 % of the main storage (default 20). */
  storageThresholdPercent: number;
  /** Longest special alarm recording, minutes (default 5). */
  durationMin: number;
  /** Minutes before the alarm that are marked (default 1). */
  preMarkMin: number;
}

/** 0x007B image analysis alarm parameters. */
export interface ImageAnalysisParameters {
  passengerLimit: number;
  fatigueThreshold: number;
}

/** A timed wake-up period of 0x007C, times as BCD 'HHMM'. */
export interface WakePeriod {
  start: string;
  end: string;
}

/** 0x007C terminal sleep wake-up. */
export interface WakeUpParameters {
  /** Bits: 0 on condition, 1 timed, 2 manual. */
  wakeModes: number;
  /** Bits: 0 emergency alarm, 1 collision/rollover, 2 door opened. */
  wakeConditions: number;
  /** Bits: Monday 1 doubling to Sunday 64. */
  weekdays: number;
  /** Bits 0-3: period 1-4 enabled. */
  periodFlags: number;
  /** Always four periods. */
  periods: WakePeriod[];
}

const streamEncoding = struct<StreamEncoding>([
  f('bitrateMode', u8),
  f('resolution', u8),
  f('keyframeInterval', u16),
  f('frameRate', u8),
  f('bitRateKbps', u32),
]);

const channelParameters = struct<VideoChannelParameters>([
  f('logicalChannel', u8),
  f('live', streamEncoding),
  f('storage', streamEncoding),
  f('osdFlags', u16),
]);

/** Exactly n items, no count on the wire. */
function fixedList<V>(n: number, item: FieldType<V>): FieldType<V[]> {
  return {
    read: (r, ctx, parent) => Array.from({ length: n }, () => item.read(r, ctx, parent)),
    write: (w, v, ctx, parent) => {
      if (!Array.isArray(v) || v.length !== n) throw new Jt808EncodeError(`expected ${n} items`);
      for (const x of v) item.write(w, x, ctx, parent);
    },
  };
}

const WAKE_PERIODS = 4;

/** Value layouts of the structured video parameters, by parameter id. */
export const VIDEO_PARAMETER_TYPES: ReadonlyMap<number, FieldType<unknown>> = new Map<number, FieldType<unknown>>([
  [
    0x0075,
    struct<VideoEncodingParameters>([
      f('live', streamEncoding),
      f('storage', streamEncoding),
      f('osdFlags', u16),
      f('audioOutput', u8),
    ]),
  ],
  [
    0x0076,
    struct<VideoChannelList>([
      f('audioVideoChannels', u8),
      f('audioChannels', u8),
      f('videoChannels', u8),
      f(
        'channels',
        listRest(struct<VideoChannelEntry>([f('physicalChannel', u8), f('logicalChannel', u8), f('channelType', u8), f('ptz', u8)])),
      ),
    ]),
  ],
  [0x0077, struct<{ channels: VideoChannelParameters[] }>([f('channels', list(1, channelParameters))])],
  [0x0079, struct<AlarmRecordingParameters>([f('storageThresholdPercent', u8), f('durationMin', u8), f('preMarkMin', u8)])],
  [0x007b, struct<ImageAnalysisParameters>([f('passengerLimit', u8), f('fatigueThreshold', u8)])],
  [
    0x007c,
    struct<WakeUpParameters>([
      f('wakeModes', u8),
      f('wakeConditions', u8),
      f('weekdays', u8),
      f('periodFlags', u8),
      f('periods', fixedList(WAKE_PERIODS, struct<WakePeriod>([f('start', bcd(2)), f('end', bcd(2))]))),
    ]),
  ],
]);
