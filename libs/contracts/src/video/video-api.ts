// What the video APIs answer (`/video`), shared by the video service and the console (JT/T 1078).

/** 0x9101 data type: what the terminal sends on the media link. */
export const LiveDataType = { AUDIO_VIDEO: 0, VIDEO: 1, TALK: 2, LISTEN: 3, BROADCAST: 4, PASS_THROUGH: 5 } as const;

/** 0x9101/0x9201 stream type: 0 main, 1 sub. */
export const StreamType = { MAIN: 0, SUB: 1 } as const;

/** 0x9102 control command (JT/T 1078 table 20). */
export const LiveControl = { CLOSE: 0, SWITCH_STREAM: 1, PAUSE: 2, RESUME: 3, CLOSE_TALK: 4 } as const;

/** 0x9202 playback control (JT/T 1078 table 25). */
export const PlaybackControl = { START: 0, PAUSE: 1, STOP: 2, FAST_FORWARD: 3, KEYFRAME_REWIND: 4, SEEK: 5, KEYFRAME_PLAY: 6 } as const;

/** Fast-forward and rewind speeds of 0x9201/0x9202 (1, 2, 4, 8, 16x as 1-5). */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8, 16] as const;

/** PTZ commands (0x9301-0x9306). */
export const PtzAction = { ROTATE: 'rotate', FOCUS: 'focus', IRIS: 'iris', WIPER: 'wiper', INFRARED: 'infrared', ZOOM: 'zoom' } as const;
export type PtzActionName = (typeof PtzAction)[keyof typeof PtzAction];

/** 0x9301 direction: 0 stop, 1 up, 2 down, 3 left, 4 right. */
export const PtzDirection = { STOP: 0, UP: 1, DOWN: 2, LEFT: 3, RIGHT: 4 } as const;

/** Spec §4 download status. */
export const VideoDownloadStatus = { EXECUTING: 0, NOT_DOWNLOADED: 1, DOWNLOADED: 2, GENERATION_FAILED: 3, NO_DATA: 4 } as const;

/** Splits the live screen offers (spec §9). */
export const VIDEO_SPLITS = [1, 4, 6, 9, 16] as const;

/** Spec §9: a video query covers at most 1 day and at most 20 vehicles. */
export const VIDEO_QUERY_MAX_DAYS = 1;
export const VIDEO_QUERY_MAX_VEHICLES = 20;

/** Spec §5: logical channels 1-32. */
export const VIDEO_CHANNEL_MIN = 1;
export const VIDEO_CHANNEL_MAX = 32;

/** Spec §3 enumerations (0x0075-0x007C parameters and the 0x1003 attributes). */
export const AUDIO_SAMPLE_RATES_KHZ = [8, 22.05, 44.1, 48] as const;
export const AUDIO_SAMPLE_BITS = [8, 16, 32] as const;
export const VIDEO_CODECS: Record<number, string> = { 98: 'H.264', 99: 'H.265', 100: 'AVS', 101: 'SVAC' };
/** JT/T 1078 table 12, audio payload types 1-28. */
export const AUDIO_CODECS: Record<number, string> = {
  1: 'G.721', 2: 'G.722', 3: 'G.723', 4: 'G.728', 5: 'G.729', 6: 'G.711A', 7: 'G.711U', 8: 'G.726', 9: 'G.729A', 10: 'DVI4_3', 11: 'DVI4_4',
  12: 'DVI4_8K', 13: 'DVI4_16K', 14: 'LPC', 15: 'S16BE_STEREO', 16: 'S16BE_MONO', 17: 'MPEGAUDIO', 18: 'LPCM', 19: 'AAC', 20: 'WMA9STD',
  21: 'HEAAC', 22: 'PCM_VOICE', 23: 'PCM_AUDIO', 24: 'AACLC', 25: 'MP3', 26: 'ADPCMA', 27: 'MP4AUDIO', 28: 'AMR',
};
export const BITRATE_MODES = ['constant', 'variable', 'average', 'custom'] as const;
export const RESOLUTIONS = ['QCIF', 'CIF', 'WCIF', 'D1', 'WD1', '720P', '1080P', 'custom'] as const;
/** Overlay flags (bit values). */
export const OVERLAY_FLAGS: Record<number, [string, string]> = {
  1: ['日期时间', 'Date and time'], 2: ['车牌号码', 'Plate'], 4: ['逻辑通道号', 'Logical channel'], 8: ['经纬度', 'Latitude and longitude'],
  16: ['行驶记录速度', 'Recorded speed'], 32: ['卫星定位速度', 'Satellite speed'], 64: ['连续驾驶时间', 'Continuous driving time'],
};
/** Video alarm flags (0x14 extra, 0x1205 alarm bits 32-38; bit values). */
export const VIDEO_ALARM_FLAGS: Record<number, [string, string]> = {
  1: ['视频信号丢失', 'Video signal loss'], 2: ['视频信号遮挡', 'Video occlusion'], 4: ['存储单元故障', 'Storage fault'], 8: ['其他视频设备故障', 'Other video device fault'],
  16: ['客车超员', 'Bus overcrowding'], 32: ['异常驾驶行为', 'Abnormal driving behaviour'], 64: ['特殊报警录像达到存储阈值', 'Special alarm recording reached the storage threshold'],
};

/** POST /video/live/open */
export interface OpenLiveRequest {
  vehicleId: string;
  channel: number;
  /** 0 main, 1 sub (default 1: sub, less mobile data). */
  streamType?: number;
  /** LiveDataType (default 0: audio and video). */
  dataType?: number;
}

export type { MediaStreamView } from './media-stream-view';

/** A message the media WebSocket sends as text; binary messages are fMP4 (the init segment first). */
export type MediaSocketMessage =
  /** `transcodedFrom`: the terminal's codec when the server transcoded the picture (H.265 to H.264 for a browser without H.265). */
  | { type: 'init'; mime: string; videoCodec: string; audioCodec: string; width: number; height: number; transcodedFrom?: string }
  | { type: 'unsupported'; reason: 'h265' | 'avs' | 'svac' | 'codec'; codec: string }
  /** The server's wall clock (ms) at media time 0: latency = now - (originMs + mediaTime * 1000) on one machine. */
  /**
   * `captureOriginMs`: the terminal's own timestamp (ms) at media time 0, so a presented frame's
   * capture time is captureOriginMs + mediaTime * 1000 (comparable with the browser's clock only when
   * the terminal's clock is synchronised, as the simulator's is on one machine).
   */
  | { type: 'origin'; originMs: number; captureOriginMs?: number }
  | { type: 'closed'; reason: 'idle' | 'terminal' | 'admin' | 'expired' };

/** POST /video/live/control (0x9102). */
export interface LiveControlRequest {
  vehicleId: string;
  channel: number;
  command: number;
  /** For close: 0 audio and video, 1 audio only, 2 video only. */
  closeType?: number;
  /** For switch: 0 main, 1 sub. */
  switchStreamType?: number;
}

/** A live session as realvideoTable lists it. */
export interface LiveSessionView {
  streamKey: string;
  vehicleId: string;
  plateCode: string;
  channel: number;
  kind: 'live' | 'playback';
  streamType: number;
  /** Connected media link from the terminal. */
  connected: boolean;
  viewers: number;
  videoCodec: string;
  audioCodec: string;
  width: number;
  height: number;
  bytesIn: number;
  framesIn: number;
  /** Packets dropped as malformed and frames lost to gaps. */
  malformed: number;
  framesLost: number;
  startedAt: number;
  lastPacketAt: number;
  openedBy: string;
}

/** POST /video/playback/resources (0x9205 -> 0x1205). */
export interface ResourceQueryRequest {
  vehicleId: string;
  /** 0: every channel. */
  channel: number;
  startTime: string;
  endTime: string;
  /** 0 audio and video, 1 audio, 2 video, 3 audio or video. */
  mediaType?: number;
  /** 0 any, 1 main, 2 sub. */
  streamType?: number;
  /** 0 any, 1 main storage, 2 disaster-recovery storage. */
  storageType?: number;
}

export interface ResourceItem {
  channel: number;
  startTime: string;
  endTime: string;
  /** 64 alarm bits as 16 hex digits (bits 32-38 the video alarm flags). */
  alarmFlags: string;
  mediaType: number;
  streamType: number;
  storageType: number;
  fileSize: number;
}

/** A stretch of one channel's recordings on the terminal (0x9201 playback, 0x9206 upload). */
export interface RecordingRange {
  vehicleId: string;
  channel: number;
  startTime: string;
  endTime: string;
  mediaType?: number;
  streamType?: number;
  storageType?: number;
}

/** POST /video/playback/open (0x9201). */
export interface OpenPlaybackRequest extends RecordingRange {
  /** 0 normal, 1 fast-forward, 2 keyframe rewind, 3 keyframe only, 4 single frame. */
  playbackMode?: number;
  /** 1-5: 1, 2, 4, 8, 16x (fast-forward and rewind). */
  speed?: number;
}

/** POST /video/playback/control (0x9202). */
export interface PlaybackControlRequest {
  vehicleId: string;
  channel: number;
  control: number;
  /** 1-5: 1, 2, 4, 8, 16x. */
  speed?: number;
  /** For seek: yyyy-MM-dd HH:mm:ss. */
  position?: string;
}

/** POST /video/ptz (0x9301-0x9306). */
export interface PtzRequest {
  vehicleId: string;
  channel: number;
  action: PtzActionName;
  /** rotate: direction 0-4; focus/iris/zoom: 0 in (+) 1 out (-); wiper/infrared: 0 off 1 on. */
  value: number;
  /** rotate: 0-255. */
  speed?: number;
}

/** A stored snapshot (screenshot screen). */
export interface SnapshotView {
  id: number;
  vehicleId: string;
  plateCode: string;
  channel: number;
  takenAt: number;
  size: number;
  /** Same-origin path of the image (needs the bearer token). */
  fileUrl: string;
  takenBy: string;
}

/** POST /video/downloads (0x9206 to the embedded FTP server). */
export interface VideoDownloadRequest extends RecordingRange {
  /** The size the resource list gave, for the progress. */
  fileSize?: number;
}

export interface VideoDownloadView {
  id: number;
  vehicleId: string;
  plateCode: string;
  channel: number;
  startTime: string;
  endTime: string;
  /** VideoDownloadStatus. */
  status: number;
  /** 0-100: bytes received against the size the resource list gave (0 when unknown). */
  progress: number;
  fileSize: number;
  fileName: string;
  errorCode: number;
  createdAt: number;
  finishedAt: number;
}

/** GET /video/flux: traffic per vehicle, channel and day (videoflux). */
export interface VideoFluxRow {
  day: string;
  vehicleId: string;
  plateCode: string;
  channel: number;
  bytes: number;
  /** Seconds the media link was connected. */
  seconds: number;
  sessions: number;
}

/** GET /video/storage (serverStorage): the media server's disk. */
export interface VideoStorageView {
  dataDir: string;
  totalBytes: number;
  freeBytes: number;
  usedByVideoBytes: number;
  snapshotCount: number;
  downloadCount: number;
  /** Spec §5: 1-99 %, default 20: downloads stop when free space falls below it. */
  thresholdPercent: number;
  ftpPort: number;
  mediaTcpPort: number;
  mediaUdpPort: number;
}

/** GET /video/vehicles/channels: what the live screen fills its tiles with. */
export interface VehicleChannelsView {
  vehicleId: string;
  plateCode: string;
  online: boolean;
  /** False when the vehicle's terminal has no video channels configured (spec: "not equipped with a video device"). */
  hasVideo: boolean;
  /** Logical channels 1..n (the terminal's video channel count). */
  channels: number[];
}

/** The /videoJsH5 embed token (issue 32): its requests and answers. */
export type { EmbedChannelsView, EmbedOpenRequest, EmbedOpenView, EmbedTokenRequest, EmbedTokenView } from './embed-api';

// Talk-back and broadcast (its own file; re-exported here because the console's alias names this file).
export * from './talk-api';
