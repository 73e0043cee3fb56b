import { videoAlarmTags } from './video-alarm-tags';

const none = { flags: 0, signalLossChannels: 0, occlusionChannels: 0, storageFaults: 0, abnormalDriving: null };

describe('video alarm tags of the info panel', () => {
  it('shows nothing without video alarm items or with no flag set', () => {
    expect(videoAlarmTags(null)).toEqual([]);
    expect(videoAlarmTags({ ...none, signalLossChannels: 1 })).toEqual([]);
  });

  it('names every set flag in bit order, with the channels, storage units and behaviours the extras add', () => {
    const tags = videoAlarmTags({
      flags: 0x7f,
      signalLossChannels: 0x80000005,
      occlusionChannels: 0x2,
      storageFaults: 0x1001,
      abnormalDriving: { behaviours: 0b101, fatigueLevel: 60 },
    });
    expect(tags.map((tag) => tag.bit)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(tags.map((tag) => tag.label[1])).toEqual([
      'Video signal loss',
      'Video occlusion',
      'Storage fault',
      'Other video device fault',
      'Bus overcrowding',
      'Abnormal driving behaviour',
      'Special alarm recording reached the storage threshold',
    ]);
    expect(tags.map((tag) => tag.detail?.[1] ?? null)).toEqual([
      'channel 1, channel 3, channel 32',
      'channel 2',
      'main 1, backup 1',
      null,
      null,
      'fatigue, smoking, fatigue level 60',
      null,
    ]);
    expect(tags[0].detail?.[0]).toBe('通道1、通道3、通道32');
  });

  it('leaves out the details of flags that are not set', () => {
    const tags = videoAlarmTags({ ...none, flags: 0x4, signalLossChannels: 0x1, storageFaults: 0x2 });
    expect(tags).toEqual([{ bit: 4, label: ['存储单元故障', 'Storage fault'], detail: ['主存储器2', 'main 2'] }]);
  });
});
