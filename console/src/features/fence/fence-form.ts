import { FenceAttribute, FenceType, validateFence, type FenceGeometry, type FenceInput, type FenceProblem } from '@openfleet/contracts/fence';

/** The attribute bits the form offers (spec §9), with their i18n keys. */
export const ATTRIBUTE_CHOICES: readonly { bit: number; key: string }[] = [
  { bit: FenceAttribute.BY_TIME, key: 'fence.attr.byTime' },
  { bit: FenceAttribute.SPEED_LIMIT, key: 'fence.attr.speedLimit' },
  { bit: FenceAttribute.ENTRY_ALARM_DRIVER, key: 'fence.attr.entryDriver' },
  { bit: FenceAttribute.ENTRY_ALARM_PLATFORM, key: 'fence.attr.entryPlatform' },
  { bit: FenceAttribute.EXIT_ALARM_DRIVER, key: 'fence.attr.exitDriver' },
  { bit: FenceAttribute.EXIT_ALARM_PLATFORM, key: 'fence.attr.exitPlatform' },
  { bit: FenceAttribute.DOOR_OPEN_BANNED, key: 'fence.attr.doorBanned' },
  { bit: FenceAttribute.COMM_MODULE_OFF_ON_ENTRY, key: 'fence.attr.commOff' },
  { bit: FenceAttribute.GNSS_COLLECT_ON_ENTRY, key: 'fence.attr.gnssCollect' },
];

export interface FenceForm {
  name: string;
  attributes: number;
  startTime: string;
  endTime: string;
  maxSpeedKmh: string;
  overspeedDurationS: string;
  nightMaxSpeedKmh: string;
  maxStayS: string;
  /** Platform rule: engine speed limit (rpm) and seconds over it; empty for none. */
  rpmLimit: string;
  overRpmDurationS: string;
  muck: boolean;
  muckLoad: boolean;
  muckUnload: boolean;
  muckPass: boolean;
  remark: string;
}

export const emptyFenceForm: FenceForm = {
  name: '',
  attributes: FenceAttribute.ENTRY_ALARM_PLATFORM | FenceAttribute.EXIT_ALARM_PLATFORM,
  startTime: '',
  endTime: '',
  maxSpeedKmh: '',
  overspeedDurationS: '',
  nightMaxSpeedKmh: '',
  maxStayS: '',
  rpmLimit: '',
  overRpmDurationS: '',
  muck: false,
  muckLoad: true,
  muckUnload: true,
  muckPass: true,
  remark: '',
};

const typeOf = (geometry: FenceGeometry, muck: boolean): FenceInput['type'] =>
  geometry.type === 'circle' ? FenceType.CIRCLE : geometry.type === 'rectangle' ? FenceType.RECTANGLE : geometry.type === 'route' ? FenceType.ROUTE : geometry.type === 'point' ? FenceType.POINT : muck ? FenceType.MUCK : FenceType.POLYGON;
const int = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The request body of a form and a drawn geometry, with the problems the server would answer. */
export function fenceInputOf(form: FenceForm, geometry: FenceGeometry): { input: FenceInput; problems: FenceProblem[] } {
  const input: FenceInput = {
    name: form.name.trim(),
    type: typeOf(geometry, form.muck),
    geometry,
    attributes: form.attributes,
    ...(form.attributes & FenceAttribute.BY_TIME ? { startTime: form.startTime.trim(), endTime: form.endTime.trim() } : {}),
    ...(form.attributes & FenceAttribute.SPEED_LIMIT ? { maxSpeedKmh: int(form.maxSpeedKmh), overspeedDurationS: int(form.overspeedDurationS), nightMaxSpeedKmh: int(form.nightMaxSpeedKmh) } : {}),
    ...(int(form.maxStayS) ? { maxStayS: int(form.maxStayS) } : {}),
    // Whatever was typed goes to validation (a wrong number is a problem, not silently no limit); empty is none.
    ...(form.rpmLimit.trim() ? { rpmLimit: int(form.rpmLimit), overRpmDurationS: int(form.overRpmDurationS) ?? 0 } : {}),
    ...(form.muck && geometry.type === 'polygon' ? { muck: { load: form.muckLoad, unload: form.muckUnload, pass: form.muckPass } } : {}),
    remark: form.remark,
  };
  return { input, problems: validateFence(input) };
}

/** A stored fence back into the form. */
export function formOf(fence: { name: string; attributes: number; startTime: string; endTime: string; maxSpeedKmh: number; overspeedDurationS: number; nightMaxSpeedKmh: number; maxStayS: number; rpmLimit: number; overRpmDurationS: number; muck: { load: boolean; unload: boolean; pass: boolean } | null; remark: string }): FenceForm {
  const text = (n: number) => (n ? String(n) : '');
  return {
    name: fence.name,
    attributes: fence.attributes,
    startTime: fence.startTime,
    endTime: fence.endTime,
    maxSpeedKmh: text(fence.maxSpeedKmh),
    overspeedDurationS: text(fence.overspeedDurationS),
    nightMaxSpeedKmh: text(fence.nightMaxSpeedKmh),
    maxStayS: text(fence.maxStayS),
    rpmLimit: text(fence.rpmLimit),
    overRpmDurationS: fence.rpmLimit ? String(fence.overRpmDurationS) : '',
    muck: !!fence.muck,
    muckLoad: fence.muck?.load ?? true,
    muckUnload: fence.muck?.unload ?? true,
    muckPass: fence.muck?.pass ?? true,
    remark: fence.remark,
  };
}

/**
 * What the editor offers for the selected fence (null: a new one). A fence seen only through a
 * granted vehicle (`readOnly`) offers nothing: the API refuses its changes with 7008.
 */
export function fenceEditActions(selected: { readOnly?: boolean } | null, canDelete: boolean): { save: boolean; remove: boolean } {
  if (selected?.readOnly) return { save: false, remove: false };
  return { save: true, remove: !!selected && canDelete };
}
