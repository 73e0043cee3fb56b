// JT/T 1078-2016 table 2 parameters inside 0x0104/0x8103, bytes written by hand from the table.
import { buildFrame, type Vector } from '../test/vectors';
import { decodeFrame, encodeFrame, Jt808EncodeError } from './index';
import type { Jt808Message } from './index';

const ENCODING_0075 = `00000075 15 // 0x0075, 21 bytes
  01 05 0019 19 00000200 // live: variable bit rate, 720P, keyframe every 25, 25 fps, 512 kbps
  00 06 0032 1e 00000800 // storage: constant, 1080P, keyframe every 50, 30 fps, 2048 kbps
  0003 // OSD: date-time + plate
  01 // audio output on`;
const CHANNELS_0076 = `00000076 0b // 0x0076, 11 bytes
  02 00 00 // 2 audio/video channels, 0 audio, 0 video
  01 01 00 01 // physical 1 = logical 1, audio and video, PTZ connected
  02 02 00 00 // physical 2 = logical 2, audio and video, no PTZ`;
const PER_CHANNEL_0077 = `00000077 16 // 0x0077, 22 bytes
  01 // one channel
  02 // logical channel 2
  00 03 0019 0f 00000100 // live: constant, D1, keyframe every 25, 15 fps, 256 kbps
  01 04 0064 19 00000400 // storage: variable, WD1, keyframe every 100, 25 fps, 1024 kbps
  0001 // OSD: date-time`;
const ALARM_RECORDING_0079 = `00000079 03 14 05 01 // threshold 20 %, 5 min, marked from 1 min before`;
const VIDEO_ALARM_MASK_007A = `0000007a 04 00000003 // signal loss + occlusion masked`;
const IMAGE_ANALYSIS_007B = `0000007b 02 28 05 // 40 passengers, fatigue threshold 5`;
const WAKE_UP_007C = `0000007c 14 // 0x007C, 20 bytes
  03 // wake on condition and timed
  01 // condition: emergency alarm
  1f // Monday to Friday
  01 // period 1 enabled
  0800 1800 // period 1: 08:00-18:00
  0000 0000 0000 0000 0000 0000 // periods 2-4 unset`;

const live = { bitrateMode: 1, resolution: 5, keyframeInterval: 25, frameRate: 25, bitRateKbps: 512 };
const storage = { bitrateMode: 0, resolution: 6, keyframeInterval: 50, frameRate: 30, bitRateKbps: 2048 };
const unset = { start: '0000', end: '0000' };

const REPLY: Vector = {
  name: '0x0104 with every JT/T 1078 parameter',
  msgId: 0x0104,
  version: '2013',
  body: `0009 // reply serial
    07 // count
    ${[ENCODING_0075, CHANNELS_0076, PER_CHANNEL_0077, ALARM_RECORDING_0079, VIDEO_ALARM_MASK_007A, IMAGE_ANALYSIS_007B, WAKE_UP_007C].join('\n')}`,
  expect: {
    replySerial: 9,
    items: [
      { id: 0x75, name: 'videoEncodingParameters', type: 'struct', value: { live, storage, osdFlags: 3, audioOutput: 1 } },
      {
        id: 0x76,
        name: 'videoChannelList',
        type: 'struct',
        value: {
          audioVideoChannels: 2,
          audioChannels: 0,
          videoChannels: 0,
          channels: [
            { physicalChannel: 1, logicalChannel: 1, channelType: 0, ptz: 1 },
            { physicalChannel: 2, logicalChannel: 2, channelType: 0, ptz: 0 },
          ],
        },
      },
      {
        id: 0x77,
        name: 'videoChannelParameters',
        type: 'struct',
        value: {
          channels: [
            {
              logicalChannel: 2,
              live: { bitrateMode: 0, resolution: 3, keyframeInterval: 25, frameRate: 15, bitRateKbps: 256 },
              storage: { bitrateMode: 1, resolution: 4, keyframeInterval: 100, frameRate: 25, bitRateKbps: 1024 },
              osdFlags: 1,
            },
          ],
        },
      },
      { id: 0x79, name: 'videoStorageAlarmParameters', type: 'struct', value: { storageThresholdPercent: 20, durationMin: 5, preMarkMin: 1 } },
      { id: 0x7a, name: 'videoAlarmMask', type: 'dword', value: 3 },
      { id: 0x7b, name: 'imageAnalysisAlarmParameters', type: 'struct', value: { passengerLimit: 40, fatigueThreshold: 5 } },
      {
        id: 0x7c,
        name: 'wakeUpParameters',
        type: 'struct',
        value: { wakeModes: 3, wakeConditions: 1, weekdays: 0x1f, periodFlags: 1, periods: [{ start: '0800', end: '1800' }, unset, unset, unset] },
      },
    ],
  },
};

function model(msgId: number, body: unknown): Jt808Message {
  return { msgId, version: '2013', phone: '013912345678', serial: 1, body } as Jt808Message;
}

describe('JT/T 1078 terminal parameters (0x0075-0x007C)', () => {
  it('decodes a 0x0104 reply field by field, and encodes it back byte for byte', () => {
    const frame = buildFrame(REPLY);
    const msg = decodeFrame(frame);
    expect(msg.body).toEqual(REPLY.expect);
    expect(encodeFrame(msg).toString('hex')).toBe(frame.toString('hex'));
    expect(encodeFrame(model(0x0104, REPLY.expect)).toString('hex')).toBe(frame.toString('hex'));
  });

  it('encodes a 0x8103 from structured values and from raw hex alike', () => {
    const frame = buildFrame({
      name: '0x8103',
      msgId: 0x8103,
      version: '2013',
      body: `02 ${ALARM_RECORDING_0079}
        00000075 03 aabbcc // raw bytes an operator typed`,
      expect: null,
    });
    const body = {
      items: [
        { id: 0x79, type: 'struct', value: { storageThresholdPercent: 20, durationMin: 5, preMarkMin: 1 } },
        { id: 0x75, type: 'struct', value: 'aabbcc' },
      ],
    };
    expect(encodeFrame(model(0x8103, body)).toString('hex')).toBe(frame.toString('hex'));
    // Bytes that do not fit the layout come back as hex rather than a guess.
    expect((decodeFrame(frame).body as { items: unknown[] }).items[1]).toEqual({ id: 0x75, name: 'videoEncodingParameters', type: 'bytes', value: 'aabbcc' });
  });

  it('keeps a value whose length contradicts its layout as bytes, and decodes what follows', () => {
    const frame = buildFrame({
      name: 'short 0x007B, long 0x0079, 0x0077 claiming two channels with bytes for one',
      msgId: 0x0104,
      version: '2013',
      body: `0001 04
        0000007b 01 28
        00000079 04 14050100
        ${PER_CHANNEL_0077.replace('01 // one channel', '02 // two channels')}
        00000001 04 0000001e`,
      expect: null,
    });
    const items = (decodeFrame(frame).body as { items: { id: number; type: string; value: unknown }[] }).items;
    expect(items.map((item) => [item.id, item.type])).toEqual([
      [0x7b, 'bytes'],
      [0x79, 'bytes'],
      [0x77, 'bytes'],
      [0x01, 'dword'],
    ]);
    expect(items[1].value).toBe('14050100');
    expect(items[3].value).toBe(30);
    expect(encodeFrame(decodeFrame(frame)).toString('hex')).toBe(frame.toString('hex'));
  });

  it('refuses a wake-up setting without exactly four periods', () => {
    const value = { wakeModes: 2, wakeConditions: 0, weekdays: 1, periodFlags: 1, periods: [{ start: '0800', end: '1800' }] };
    expect(() => encodeFrame(model(0x8103, { items: [{ id: 0x7c, type: 'struct', value }] }))).toThrow(Jt808EncodeError);
  });
});
