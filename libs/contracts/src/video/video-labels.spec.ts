import { decodeFrame } from '@openfleet/jt808';
import { avAttributeRows, flagLabels, isVideoParameter, videoAlarmFlagLabels, videoParameterRows, type LabelledRow } from './video-labels';
import { OVERLAY_FLAGS } from './video-api';

const byKey = (rows: LabelledRow[]) => Object.fromEntries(rows.map((row) => [row.key, row.value]));
const labelOf = (rows: LabelledRow[], key: string) => rows.find((row) => row.key === key)?.label;

/** A 0x0104 frame (2013, serial 1) with one parameter item, built by hand. */
function replyItem(itemHex: string): { id: number; value: unknown } {
  const body = Buffer.from(`000101${itemHex}`, 'hex');
  const head = Buffer.from(`0104${body.length.toString(16).padStart(4, '0')}0139123456780001`, 'hex');
  const content = Buffer.concat([head, body]);
  const sum = content.reduce((a, b) => a ^ b, 0);
  const frame = Buffer.concat([Buffer.from([0x7e]), content, Buffer.from([sum, 0x7e])]);
  return (decodeFrame(frame).body as { items: { id: number; value: unknown }[] }).items[0];
}

describe('video parameter and attribute labels', () => {
  it('names a decoded 0x0075 with the spec enumerations, the way libs/jt808 decodes it', () => {
    // live: variable, 720P, 25, 25 fps, 512 kbps; storage: constant, 1080P, 50, 30 fps, 2048 kbps; OSD 0x0003; audio on
    const item = replyItem('0000007515' + '01050019190000020000060032 1e00000800 0003 01'.replace(/ /g, ''));
    const rows = videoParameterRows(item.id, item.value);
    expect(byKey(rows)).toEqual({
      '0x0075.live.bitrateMode': ['可变码率', 'variable'],
      '0x0075.live.resolution': ['720P', '720P'],
      '0x0075.live.keyframeInterval': ['25', '25'],
      '0x0075.live.frameRate': ['25', '25'],
      '0x0075.live.bitRateKbps': ['512', '512'],
      '0x0075.storage.bitrateMode': ['固定码率', 'constant'],
      '0x0075.storage.resolution': ['1080P', '1080P'],
      '0x0075.storage.keyframeInterval': ['50', '50'],
      '0x0075.storage.frameRate': ['30', '30'],
      '0x0075.storage.bitRateKbps': ['2048', '2048'],
      '0x0075.osdFlags': ['日期时间、车牌号码', 'Date and time, Plate'],
      '0x0075.audioOutput': ['启用', 'On'],
    });
    expect(labelOf(rows, '0x0075.storage.resolution')).toEqual(['存储流分辨率', 'Storage stream resolution']);
  });

  it('lists the 0x0076 channel table, the 0x0077 channels and the 0x007C periods', () => {
    const channels = replyItem('000000760b' + '020000' + '01010001' + '02020200');
    expect(byKey(videoParameterRows(channels.id, channels.value))).toEqual({
      '0x0076.audioVideoChannels': ['2', '2'],
      '0x0076.audioChannels': ['0', '0'],
      '0x0076.videoChannels': ['0', '0'],
      '0x0076.channels.0': ['逻辑通道1，音视频，连接云台', 'logical 1, Audio and video, PTZ'],
      '0x0076.channels.1': ['逻辑通道2，视频，无云台', 'logical 2, Video, no PTZ'],
    });
    const perChannel = replyItem('0000007716' + '01' + '02' + '000300190f00000100' + '010400641900000400' + '0001');
    const rows = videoParameterRows(perChannel.id, perChannel.value);
    expect(labelOf(rows, '0x0077.channels.0.live.resolution')).toEqual(['通道2实时流分辨率', 'Channel 2 Live stream resolution']);
    expect(byKey(rows)['0x0077.channels.0.storage.resolution']).toEqual(['WD1', 'WD1']);
    expect(byKey(rows)['0x0077.channels.0.osdFlags']).toEqual(['日期时间', 'Date and time']);
    const wake = replyItem('0000007c14' + '03' + '05' + '41' + '01' + '08001800' + '0'.repeat(24));
    expect(byKey(videoParameterRows(wake.id, wake.value))).toMatchObject({
      '0x007c.wakeModes': ['条件唤醒、定时唤醒', 'On condition, Timed'],
      '0x007c.wakeConditions': ['紧急报警、车辆开门', 'Emergency alarm, Door opened'],
      '0x007c.weekdays': ['周一、周日', 'Mon, Sun'],
      '0x007c.periodFlags': ['1', '1'],
      '0x007c.periods.0': ['08:00-18:00', '08:00-18:00'],
    });
  });

  it('names the 0x0079 durations, the 0x007A mask bits, and shows undecoded values as they are', () => {
    const recording = replyItem('0000007903140501');
    expect(byKey(videoParameterRows(recording.id, recording.value))).toEqual({
      '0x0079.storageThresholdPercent': ['20', '20'],
      '0x0079.durationMin': ['5', '5'],
      '0x0079.preMarkMin': ['1', '1'],
    });
    expect(videoParameterRows(0x007a, 0x41)[0].value).toEqual(['视频信号丢失、特殊报警录像达到存储阈值', 'Video signal loss, Special alarm recording reached the storage threshold']);
    expect(videoParameterRows(0x007a, 0)[0].value).toEqual(['无', 'None']);
    const short = replyItem('000000750203ff');
    expect(videoParameterRows(short.id, short.value)).toEqual([{ key: '0x0075', label: ['原始值', 'Raw value'], value: ['03ff', '03ff'] }]);
    expect([0x0075, 0x0076, 0x0077, 0x0079, 0x007a, 0x007b, 0x007c].every(isVideoParameter)).toBe(true);
    expect(isVideoParameter(0x0001)).toBe(false);
  });

  it('names the 0x1003 attributes: sample rate and bits by index, codecs by payload type', () => {
    const rows = avAttributeRows({ audioEncoding: 6, audioChannels: 1, sampleRate: 0, sampleBits: 1, audioFrameLength: 320, audioOutput: 1, videoEncoding: 98, maxAudioChannels: 1, maxVideoChannels: 4 });
    expect(byKey(rows)).toEqual({
      '0x1003.audioEncoding': ['G.711A', 'G.711A'],
      '0x1003.audioChannels': ['1', '1'],
      '0x1003.sampleRate': ['8 kHz', '8 kHz'],
      '0x1003.sampleBits': ['16 bit', '16 bit'],
      '0x1003.audioFrameLength': ['320', '320'],
      '0x1003.audioOutput': ['是', 'Yes'],
      '0x1003.videoEncoding': ['H.264', 'H.264'],
      '0x1003.maxAudioChannels': ['1', '1'],
      '0x1003.maxVideoChannels': ['4', '4'],
    });
    expect(byKey(avAttributeRows({ sampleRate: 3, videoEncoding: 99, audioEncoding: 99 }))).toEqual({
      '0x1003.sampleRate': ['48 kHz', '48 kHz'],
      '0x1003.videoEncoding': ['H.265', 'H.265'],
      '0x1003.audioEncoding': ['99', '99'],
    });
  });

  it('lists set flags lowest bit first', () => {
    expect(flagLabels(0x44, OVERLAY_FLAGS).map(([, en]) => en)).toEqual(['Logical channel', 'Continuous driving time']);
    expect(videoAlarmFlagLabels(0x7f)).toHaveLength(7);
    expect(videoAlarmFlagLabels(0x80)).toEqual([]);
  });
});
