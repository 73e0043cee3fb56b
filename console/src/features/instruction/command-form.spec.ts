import { COMMANDS, INSTRUCTION_DIALOGS } from '@openfleet/contracts/instruction';
import { bytesToHex, cstTime, definitionOf, initialValues, parseInput, problemsByField, visibleFields } from './command-form';

describe('instruction command forms', () => {
  it('every dialog action names a command of the catalogue, and there are 25 dialogs', () => {
    expect(INSTRUCTION_DIALOGS).toHaveLength(25);
    for (const dialog of INSTRUCTION_DIALOGS) for (const action of dialog.actions) expect(() => definitionOf(action.type)).not.toThrow();
  });

  it('starts from the preset and the defaults, with the last 24 hours for time ranges', () => {
    const now = Date.UTC(2026, 10, 24, 4, 0, 0);
    const values = initialValues(definitionOf('tachographCollect'), { command: 0x08 }, now);
    expect(values).toMatchObject({ command: 8, maxBlocks: 1, startTime: '2026-11-23 12:00:00', endTime: '2026-11-24 12:00:00' });
    expect(cstTime(now)).toBe('2026-11-24 12:00:00');
  });

  it('hides preset fields and fields that do not apply to the chosen command word', () => {
    const def = definitionOf('tachographCollect');
    expect(visibleFields(def, { command: 0x02 }, { command: 0x02 }).map((f) => f.key)).toEqual([]);
    expect(visibleFields(def, { command: 0x10 }, { command: 0x10 }).map((f) => f.key)).toEqual(['startTime', 'endTime', 'maxBlocks']);
    const set = definitionOf('tachographSet');
    expect(visibleFields(set, {}, { command: 0xc3 }).map((f) => f.key)).toEqual(['command', 'time', 'pulseCoefficient']);
  });

  it('marks what the server would refuse: range, length in GBK bytes, required, format', () => {
    const photo = definitionOf('photo');
    expect(problemsByField(photo, initialValues(photo)).size).toBe(0);
    expect(problemsByField(photo, { ...initialValues(photo), quality: 11 }).get('quality')).toBe('range');
    const text = definitionOf('text');
    expect(problemsByField(text, initialValues(text)).get('text')).toBe('required');
    // 513 CJK characters are 1026 GBK bytes: over the 1024 the text message allows.
    expect(problemsByField(text, { text: '长'.repeat(513) }).get('text')).toBe('length');
    expect(problemsByField(text, { text: '长'.repeat(512) }).size).toBe(0);
    const callback = definitionOf('callback');
    expect(problemsByField(callback, { flag: 1, phone: '12ab' }).get('phone')).toBe('format');
    const single = definitionOf('singleMediaUpload');
    // Spec §5: multimedia ids are 10 digits (a DWORD).
    expect(problemsByField(single, { mediaId: 4294967296, deleteFlag: 0 }).get('mediaId')).toBe('range');
  });

  it('reads typed inputs back', () => {
    const quality = definitionOf('photo').fields.find((field) => field.key === 'quality')!;
    expect(parseInput(quality, '7')).toBe(7);
    expect(parseInput(quality, '')).toBeUndefined();
    expect(parseInput(quality, 'x')).toBe('x');
    expect(bytesToHex(new Uint8Array([0, 15, 255]))).toBe('000fff');
  });

  it('builds each edition its own body', () => {
    const text = definitionOf('text');
    expect(text.build({ emergency: true, display: true, text: 'x' }, '2013')).toEqual({ flags: 0b101, text: 'x' });
    expect(text.build({ emergency: true, display: true, text: 'x' }, '2019')).toEqual({ flags: 0b110, textType: 1, text: 'x' });
    const control = definitionOf('vehicleControl');
    expect(control.build({ door: 1 }, '2013')).toEqual({ flag: 1 });
    expect(control.build({ door: 1 }, '2019')).toEqual({ items: [{ id: 1, param: '01' }] });
    expect(COMMANDS.every((command) => command.msgId >= 0x8000)).toBe(true);
  });
});
