import { predefinedFieldsForTest } from './profile-form.fixture';
import { emptyFieldRow, fieldOf, rowOf } from './profile-form';

describe('cold-chain profile form', () => {
  it('round-trips every field of the built-in layouts through the editor rows', () => {
    for (const field of predefinedFieldsForTest) expect(fieldOf(rowOf(field))).toEqual(field);
  });

  it('reads the item id in hex and invalid raw values in decimal or hex', () => {
    expect(fieldOf({ ...emptyFieldRow(), extraIdHex: '0xE3', invalidRaw: '0x7FFF, -1' })).toEqual({ quantity: 'temperature', probe: 1, source: 'extra', extraId: 0xe3, offset: 0, type: 's16', scale: 0.1, offsetValue: 0, unit: 'C', invalidRaw: [0x7fff, -1] });
  });

  it('names what is wrong with a row', () => {
    expect(fieldOf({ ...emptyFieldRow(), extraIdHex: '' })).toBe('coldChain.profileForm.badExtraId');
    expect(fieldOf({ ...emptyFieldRow(), extraIdHex: '51', probe: '9' })).toBe('coldChain.profileForm.badProbe');
    expect(fieldOf({ ...emptyFieldRow(), extraIdHex: '51', type: 'bit' })).toBe('coldChain.profileForm.badBit');
    expect(fieldOf({ ...emptyFieldRow(), source: 'status', bit: '15' })).toBe('coldChain.profileForm.statusIsBit');
    expect(fieldOf({ ...emptyFieldRow(), extraIdHex: '51', scale: '' })).toBe('coldChain.profileForm.badScale');
    expect(fieldOf({ ...emptyFieldRow(), extraIdHex: '51', invalidRaw: 'x' })).toBe('coldChain.profileForm.badInvalid');
  });
});
