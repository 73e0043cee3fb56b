import { encodeFrame, type Jt808Message } from '@openfleet/jt808';
import { commandDef } from './command-catalogue';
import { validateFields, withDefaults } from './command-fields';

const def = (type: string) => commandDef(type)!;

/** The 0x8103 body the command builds, encoded (header and checksum stripped). */
function bodyHex(type: string, values: Record<string, unknown>): string {
  const body = def(type).build(withDefaults(def(type).fields, values), '2013');
  const frame = encodeFrame({ msgId: 0x8103, version: '2013', phone: '013912345678', serial: 1, body } as Jt808Message).toString('hex');
  return frame.slice(2 + 24, -4);
}

describe('JT/T 1078 parameter commands', () => {
  it('starts the alarm recording form at the spec defaults and refuses values outside its limits', () => {
    const fields = def('setAlarmRecording').fields;
    expect(withDefaults(fields)).toEqual({ storageThresholdPercent: 20, durationMin: 5, preMarkMin: 1 });
    expect(validateFields(fields, { storageThresholdPercent: 1, durationMin: 0, preMarkMin: 255 })).toEqual([]);
    expect(validateFields(fields, { storageThresholdPercent: 99, durationMin: 255, preMarkMin: 0 })).toEqual([]);
    expect(validateFields(fields, { storageThresholdPercent: 0, durationMin: 256, preMarkMin: -1 })).toEqual([
      { field: 'storageThresholdPercent', reason: 'range' },
      { field: 'durationMin', reason: 'range' },
      { field: 'preMarkMin', reason: 'range' },
    ]);
    expect(validateFields(fields, { storageThresholdPercent: 100, durationMin: 5, preMarkMin: 1 })).toEqual([{ field: 'storageThresholdPercent', reason: 'range' }]);
  });

  it('sends the alarm recording item byte for byte (0x0079: threshold, duration, pre-mark)', () => {
    expect(bodyHex('setAlarmRecording', { storageThresholdPercent: 30 })).toBe('01' + '00000079' + '03' + '1e0501');
  });

  it('bounds channel 1-32, keyframe interval 1-1000 and frame rate 1-120', () => {
    const fields = def('setVideoChannel').fields;
    const ok = withDefaults(fields);
    expect(validateFields(fields, ok)).toEqual([]);
    expect(validateFields(fields, { ...ok, logicalChannel: 32, liveKeyframeInterval: 1000, storageFrameRate: 120 })).toEqual([]);
    expect(validateFields(fields, { ...ok, logicalChannel: 33, liveKeyframeInterval: 1001, storageFrameRate: 121 })).toEqual([
      { field: 'logicalChannel', reason: 'range' },
      { field: 'liveKeyframeInterval', reason: 'range' },
      { field: 'storageFrameRate', reason: 'range' },
    ]);
    expect(validateFields(fields, { ...ok, logicalChannel: 0, liveKeyframeInterval: 0, liveFrameRate: 0 })).toHaveLength(3);
    expect(validateFields(fields, { ...ok, liveBitrateMode: 3 })).toEqual([{ field: 'liveBitrateMode', reason: 'option' }]);
  });

  it('sends the encoding item in the order of JT/T 1078 table 2, OSD flags summed', () => {
    const values = { liveBitrateMode: 1, liveResolution: 5, liveBitRateKbps: 512, storageResolution: 6, storageKeyframeInterval: 50, storageFrameRate: 30, storageBitRateKbps: 2048, osd1: true, osd2: true, audioOutput: true };
    expect(bodyHex('setVideoEncoding', values)).toBe(
      '01' + '00000075' + '15' + '01' + '05' + '0019' + '19' + '00000200' + '00' + '06' + '0032' + '1e' + '00000800' + '0003' + '01',
    );
    expect(bodyHex('setVideoChannel', { logicalChannel: 2, osd64: true })).toBe(
      '01' + '00000077' + '16' + '01' + '02' + '00' + '01' + '0019' + '19' + '00000200' + '00' + '01' + '0019' + '19' + '00000400' + '0040',
    );
  });

  it('sends the video alarm mask as a DWORD of the checked flags', () => {
    expect(bodyHex('setVideoAlarmMask', { mask1: true, mask64: true })).toBe('01' + '0000007a' + '04' + '00000041');
  });
});
