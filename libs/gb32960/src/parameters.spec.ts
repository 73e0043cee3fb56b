// 0x80-0x82 bodies written byte by byte from GB/T 32960.3-2016 §7.5-7.7 (table 34 parameter
// layouts, table 36 control commands), checked both ways, and bad bodies refused with typed errors.
import {
  ControlCommand,
  decodeParameterList,
  decodeParameterQuery,
  decodeTerminalControl,
  encodeParameterList,
  encodeParameterQuery,
  encodeTerminalControl,
} from './parameters';
import { Gb32960DecodeError, Gb32960EncodeError } from './errors';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
// 2026-11-27 10:20:30: year-2000, month, day, hour, minute, second.
const TIME = '2026-11-27 10:20:30';
const TIME_BYTES = '1a 0b 1b 0a 14 1e';

describe('0x80 parameter query (§7.5)', () => {
  it('is the time, a count BYTE and the ids', () => {
    const bytes = hex(`${TIME_BYTES} 04 01 02 03 09`);
    expect(encodeParameterQuery({ time: TIME, ids: [1, 2, 3, 9] })).toEqual(bytes);
    expect(decodeParameterQuery(bytes)).toEqual({ time: TIME, ids: [1, 2, 3, 9] });
  });

  it('refuses no ids, reserved ids and trailing bytes', () => {
    expect(() => encodeParameterQuery({ time: TIME, ids: [] })).toThrow(Gb32960EncodeError);
    expect(() => encodeParameterQuery({ time: TIME, ids: [0x11] })).toThrow(Gb32960EncodeError);
    expect(() => decodeParameterQuery(hex(`${TIME_BYTES} 01 01 02`))).toThrow(Gb32960DecodeError);
  });
});

describe('0x81 parameter set and the 0x80 answer (§7.6, table 34)', () => {
  it('writes WORD and BYTE parameters with their ids', () => {
    // 0x01 local storage 1000 ms, 0x02 report 10 s, 0x03 alarm report 500 ms, 0x09 heartbeat 30 s, 0x10 sampling no (2).
    const bytes = hex(`${TIME_BYTES} 05 01 03e8 02 000a 03 01f4 09 1e 10 02`);
    const list = { time: TIME, parameters: [{ id: 1, value: 1000 }, { id: 2, value: 10 }, { id: 3, value: 500 }, { id: 9, value: 30 }, { id: 0x10, value: 2 }] };
    expect(encodeParameterList(list)).toEqual(bytes);
    expect(decodeParameterList(bytes)).toEqual(list);
  });

  it('puts a domain after its length item, both counted', () => {
    // 0x04 length 11, 0x05 "example.com", 0x06 port 32960 (0x80C0), 0x07/0x08 STRING[5] versions.
    const bytes = hex(`${TIME_BYTES} 05 04 0b 05 ${Buffer.from('example.com').toString('hex')} 06 80c0 07 ${Buffer.from('HW1.0').toString('hex')} 08 ${Buffer.from('FW2.1').toString('hex')}`);
    expect(encodeParameterList({ time: TIME, parameters: [{ id: 5, value: 'example.com' }, { id: 6, value: 32960 }, { id: 7, value: 'HW1.0' }, { id: 8, value: 'FW2.1' }] })).toEqual(bytes);
    expect(decodeParameterList(bytes).parameters).toEqual([{ id: 4, value: 11 }, { id: 5, value: 'example.com' }, { id: 6, value: 32960 }, { id: 7, value: 'HW1.0' }, { id: 8, value: 'FW2.1' }]);
  });

  it('refuses values outside the table ranges, a text without its length, unknown ids, short bodies', () => {
    expect(() => encodeParameterList({ time: TIME, parameters: [{ id: 2, value: 0 }] })).toThrow('reportPeriodS');
    expect(() => encodeParameterList({ time: TIME, parameters: [{ id: 9, value: 241 }] })).toThrow(Gb32960EncodeError);
    expect(() => encodeParameterList({ time: TIME, parameters: [{ id: 7, value: 'HW1' }] })).toThrow(Gb32960EncodeError);
    expect(() => encodeParameterList({ time: TIME, parameters: [] })).toThrow(Gb32960EncodeError);
    expect(() => encodeParameterList({ time: TIME, parameters: [{ id: 0x80, value: 1 }] })).toThrow(Gb32960EncodeError);
    expect(() => decodeParameterList(hex(`${TIME_BYTES} 01 05 6162`))).toThrow(Gb32960DecodeError);
    expect(() => decodeParameterList(hex(`${TIME_BYTES} 01 80 01`))).toThrow(Gb32960DecodeError);
    expect(() => decodeParameterList(hex(`${TIME_BYTES} 02 01 03e8`))).toThrow(Gb32960DecodeError);
    expect(() => decodeParameterList(hex(`${TIME_BYTES} 01 01 03e8 00`))).toThrow(Gb32960DecodeError);
  });
});

describe('0x82 terminal control (§7.7, table 36)', () => {
  it('0x06 alarm/warning: level BYTE then the GBK text', () => {
    // "高温" in GBK is B8DF CEC2.
    const bytes = hex(`${TIME_BYTES} 06 02 b8df cec2`);
    expect(encodeTerminalControl({ time: TIME, command: ControlCommand.ALARM, alarmLevel: 2, text: '高温' })).toEqual(bytes);
    expect(decodeTerminalControl(bytes)).toEqual({ time: TIME, command: 6, alarmLevel: 2, text: '高温' });
  });

  it('commands without parameters are the time and the id', () => {
    const bytes = hex(`${TIME_BYTES} 03`);
    expect(encodeTerminalControl({ time: TIME, command: ControlCommand.RESET })).toEqual(bytes);
    expect(decodeTerminalControl(bytes)).toEqual({ time: TIME, command: 3 });
  });

  it('refuses unknown commands and levels over 3', () => {
    expect(() => encodeTerminalControl({ time: TIME, command: 0x08 })).toThrow(Gb32960EncodeError);
    expect(() => encodeTerminalControl({ time: TIME, command: 6, alarmLevel: 4 })).toThrow(Gb32960EncodeError);
    expect(() => decodeTerminalControl(hex(`${TIME_BYTES} 03 00`))).toThrow(Gb32960DecodeError);
  });
});
