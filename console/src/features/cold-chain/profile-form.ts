import type { ColdChainField, ColdChainProfile, ColdChainQuantity, ColdChainUnit, ColdChainValueType } from '@openfleet/contracts/industry';

/** One field of the profile editor as typed (numbers as text; the item id in hex). */
export interface FieldRow {
  quantity: ColdChainQuantity;
  probe: string;
  source: 'extra' | 'status';
  extraIdHex: string;
  offset: string;
  type: ColdChainValueType;
  bit: string;
  scale: string;
  offsetValue: string;
  unit: ColdChainUnit;
  /** Raw values meaning "no probe", comma-separated, decimal or 0x hex. */
  invalidRaw: string;
}

export const emptyFieldRow = (): FieldRow => ({ quantity: 'temperature', probe: '1', source: 'extra', extraIdHex: '', offset: '0', type: 's16', bit: '', scale: '0.1', offsetValue: '0', unit: 'C', invalidRaw: '' });

const hex = (value: number) => value.toString(16).toUpperCase().padStart(2, '0');

export function rowOf(field: ColdChainField): FieldRow {
  return {
    quantity: field.quantity,
    probe: String(field.probe),
    source: field.source,
    extraIdHex: field.extraId === undefined ? '' : hex(field.extraId),
    offset: String(field.offset),
    type: field.type,
    bit: field.bit === undefined ? '' : String(field.bit),
    scale: String(field.scale),
    offsetValue: String(field.offsetValue),
    unit: field.unit,
    invalidRaw: (field.invalidRaw ?? []).join(','),
  };
}

const integer = (text: string, min: number, max: number): number | null => {
  const trimmed = text.trim();
  const value = /^-?0x[0-9a-f]+$/i.test(trimmed) ? (trimmed.startsWith('-') ? -parseInt(trimmed.slice(1), 16) : parseInt(trimmed, 16)) : Number(trimmed);
  return trimmed !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
};

/** The API's field, or the i18n key of what is wrong with the row. */
export function fieldOf(row: FieldRow): ColdChainField | string {
  const probe = integer(row.probe, 1, 8);
  const offset = integer(row.offset, 0, 254);
  const scale = Number(row.scale);
  const offsetValue = Number(row.offsetValue);
  if (probe === null) return 'coldChain.profileForm.badProbe';
  if (offset === null) return 'coldChain.profileForm.badOffset';
  if (!Number.isFinite(scale) || !Number.isFinite(offsetValue) || row.scale.trim() === '') return 'coldChain.profileForm.badScale';
  const extraId = row.source === 'extra' ? integer(`0x${row.extraIdHex.replace(/^0x/i, '')}`, 1, 255) : null;
  if (row.source === 'extra' && extraId === null) return 'coldChain.profileForm.badExtraId';
  const bit = row.type === 'bit' || row.source === 'status' ? integer(row.bit, 0, 31) : null;
  if ((row.type === 'bit' || row.source === 'status') && bit === null) return 'coldChain.profileForm.badBit';
  if (row.source === 'status' && row.type !== 'bit') return 'coldChain.profileForm.statusIsBit';
  const invalid = row.invalidRaw.split(',').map((part) => part.trim()).filter(Boolean).map((part) => integer(part, -0x80000000, 0xffffffff));
  if (invalid.some((value) => value === null)) return 'coldChain.profileForm.badInvalid';
  return {
    quantity: row.quantity,
    probe,
    source: row.source,
    ...(extraId !== null ? { extraId } : {}),
    offset,
    type: row.type,
    ...(bit !== null ? { bit } : {}),
    scale,
    offsetValue,
    unit: row.unit,
    ...(invalid.length ? { invalidRaw: invalid as number[] } : {}),
  };
}

/** Rows of a profile being edited (a copy of a built-in one starts a new profile from it). */
export const rowsOf = (profile: Pick<ColdChainProfile, 'fields'> | null): FieldRow[] => (profile ? profile.fields.map(rowOf) : [emptyFieldRow()]);
