import { VIDEO_ALARM_FLAGS } from '@openfleet/contracts';
import { VIDEO_ALARM_TYPES } from './alarm-types';
import { videoAlarms } from './terminal-extras';

describe('video alarms of the 0x14-0x18 extras', () => {
  it('has one alarm type per video alarm flag, in bit order (spec §3)', () => {
    expect(VIDEO_ALARM_TYPES.map((_, bit) => 1 << bit)).toEqual(Object.keys(VIDEO_ALARM_FLAGS).map(Number));
    expect(VIDEO_ALARM_TYPES).toEqual(['videoSignalLoss', 'videoOcclusion', 'videoStorageFault', 'videoDeviceFault', 'busOvercrowding', 'abnormalDrivingBehaviour', 'recordingThreshold']);
  });

  it.each(VIDEO_ALARM_TYPES.map((type, bit) => [type, bit] as const))('raises %s from bit %i alone', (type, bit) => {
    expect(videoAlarms({ videoAlarms: 1 << bit }).map((alarm) => alarm.type)).toEqual([type]);
  });

  it('raises nothing without the 0x14 item or with it clear', () => {
    expect(videoAlarms({})).toEqual([]);
    expect(videoAlarms({ videoAlarms: 0, videoSignalLossChannels: 3 })).toEqual([]);
  });

  it('keeps the lost and occluded channels, the storage faults and the driving behaviours in the detail', () => {
    const alarms = videoAlarms({
      videoAlarms: 0x7f,
      videoSignalLossChannels: 0x80000005,
      videoOcclusionChannels: 0x2,
      storageFaults: 0x0801,
      abnormalDriving: { behaviours: 3, fatigueLevel: 60 },
    });
    const detail = Object.fromEntries(alarms.map((alarm) => [alarm.type, alarm.detail]));
    expect(alarms).toHaveLength(7);
    expect(alarms.every((alarm) => alarm.bit === -1)).toBe(true);
    expect(detail.videoSignalLoss).toEqual({ videoAlarmBit: 0, channels: [1, 3, 32] });
    expect(detail.videoOcclusion).toEqual({ videoAlarmBit: 1, channels: [2] });
    expect(detail.videoStorageFault).toEqual({ videoAlarmBit: 2, storageFaults: 0x0801 });
    expect(detail.videoDeviceFault).toEqual({ videoAlarmBit: 3 });
    expect(detail.busOvercrowding).toEqual({ videoAlarmBit: 4 });
    expect(detail.abnormalDrivingBehaviour).toEqual({ videoAlarmBit: 5, behaviours: 3, fatigueLevel: 60 });
    expect(detail.recordingThreshold).toEqual({ videoAlarmBit: 6 });
  });
});
