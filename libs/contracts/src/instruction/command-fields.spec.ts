import { commandDef, COMMANDS } from './command-catalogue';
import { gbkByteLength, toBcdTime, validateFields, withDefaults } from './command-fields';

describe('command fields', () => {
  it('counts GBK bytes: one per ASCII character, two per CJK character', () => {
    expect(gbkByteLength('abc')).toBe(3);
    expect(gbkByteLength('京A1')).toBe(4);
  });

  it('checks integer ranges at their boundaries', () => {
    const photo = commandDef('photo')!;
    const base = withDefaults(photo.fields);
    expect(validateFields(photo.fields, { ...base, quality: 10 })).toEqual([]);
    expect(validateFields(photo.fields, { ...base, quality: 1 })).toEqual([]);
    expect(validateFields(photo.fields, { ...base, quality: 0 })).toEqual([{ field: 'quality', reason: 'range' }]);
    expect(validateFields(photo.fields, { ...base, contrast: 128 })).toEqual([{ field: 'contrast', reason: 'range' }]);
    expect(validateFields(photo.fields, { ...base, channel: 1.5 })).toEqual([{ field: 'channel', reason: 'type' }]);
  });

  it('refuses a field of another edition and an impossible date', () => {
    const text = commandDef('text')!;
    expect(validateFields(text.fields, { text: 'x', textType: 1 }, '2013')).toEqual([{ field: 'textType', reason: 'edition' }]);
    expect(validateFields(text.fields, { text: 'x', textType: 1 }, '2019')).toEqual([]);
    const search = commandDef('mediaSearch')!;
    const values = { ...withDefaults(search.fields), startTime: '2026-02-30 00:00:00', endTime: '2026-02-28 24:00:00' };
    expect(validateFields(search.fields, values)).toEqual([
      { field: 'startTime', reason: 'format' },
      { field: 'endTime', reason: 'format' },
    ]);
  });

  it('checks list items and their count', () => {
    const phonebook = commandDef('phonebook')!;
    expect(validateFields(phonebook.fields, { type: 1, contacts: [{ flag: 3, phone: '10086', name: '客服' }] })).toEqual([]);
    expect(validateFields(phonebook.fields, { type: 1, contacts: [{ flag: 9, phone: 'x', name: '' }] })).toEqual([
      { field: 'contacts[0].flag', reason: 'option' },
      { field: 'contacts[0].phone', reason: 'format' },
      { field: 'contacts[0].name', reason: 'required' },
    ]);
    const signals = commandDef('tachographSet')!;
    const nine = Array.from({ length: 9 }, () => ({ name: 'x' }));
    expect(validateFields(signals.fields, { command: 0x84, signals: nine })).toContainEqual({ field: 'signals', reason: 'items' });
  });

  it('converts times to the BCD digits JT/T 808 carries', () => {
    expect(toBcdTime('2026-11-24 08:09:10')).toBe('261124080910');
  });

  it('has unique command types', () => {
    expect(new Set(COMMANDS.map((c) => c.type)).size).toBe(COMMANDS.length);
  });
});
