import type { ErrorTable } from './error-table';

// The spec puts video errors at 2000-2043 and 3000-3020; 3002/3005/3006/3007 already mean
// something else, so video names skip them. Unnamed codes fall back to a range message.
export const videoDeviceErrors = {
  VIDEO_DEVICE_CONNECT_FAILED: [2000, '视频设备连接失败', 'Failed to connect to the video device'],
  VIDEO_DEVICE_TIMEOUT: [2001, '视频设备响应超时', 'The video device timed out'],
  VIDEO_DEVICE_BUSY: [2002, '视频设备忙，请稍后再试', 'The video device is busy, please try again later'],
  VIDEO_DEVICE_LOGIN_FAILED: [2003, '视频设备登录失败', 'Failed to log in to the video device'],
  VIDEO_DEVICE_OFFLINE: [2004, '视频设备不在线', 'The video device is offline'],
  VIDEO_CHANNEL_INVALID: [2005, '视频通道无效', 'Invalid video channel'],
  VIDEO_STREAM_OPEN_FAILED: [2006, '视频流打开失败', 'Failed to open the video stream'],
  VIDEO_PLAYBACK_FAILED: [2007, '录像回放失败', 'Video playback failed'],
  VIDEO_DOWNLOAD_FAILED: [2008, '录像下载失败', 'Video download failed'],
  VIDEO_FILE_NOT_FOUND: [2009, '录像文件不存在', 'The video file does not exist'],
  VIDEO_NOT_EQUIPPED: [2010, '该车辆未配置视频设备', 'The vehicle is not equipped with a video device'],
  VIDEO_DEVICE_REFUSED: [2011, '视频设备拒绝了请求', 'The video device refused the request'],
  VIDEO_DEVICE_UNKNOWN_ERROR: [2043, '视频设备未知错误', 'Unknown video device error'],
  VIDEO_SERVER_CONNECT_FAILED: [3000, '视频服务器连接失败', 'Failed to connect to the video server'],
  VIDEO_SERVER_TIMEOUT: [3001, '视频服务器响应超时', 'The video server timed out'],
  VIDEO_SERVER_BUSY: [3003, '视频服务器忙，请稍后再试', 'The video server is busy, please try again later'],
  VIDEO_SERVER_LOGIN_FAILED: [3004, '视频服务器登录失败', 'Failed to log in to the video server'],
  VIDEO_DOWNLOAD_IN_PROGRESS: [3008, '录像正在下载中', 'The video is already being downloaded'],
  VIDEO_DOWNLOAD_TIMEOUT: [3009, '录像下载超时', 'The video download timed out'],
  VIDEO_CONCURRENCY_LIMIT: [
    3010,
    '视频并发路数已达上限',
    'The concurrent video stream limit has been reached',
  ],
  VIDEO_STREAM_NOT_FOUND: [3011, '视频会话不存在或已关闭', 'The video session does not exist or has ended'],
  VIDEO_URL_EXPIRED: [3012, '视频地址已过期，请重新打开', 'The video address has expired, open it again'],
  VIDEO_STORAGE_FULL: [3013, '视频服务器存储空间不足', 'The video server is short of storage space'],
  VIDEO_TALK_CHANNEL_BUSY: [3020, '对讲通道被占用', 'The talk-back channel is in use'],
} as const satisfies ErrorTable;
