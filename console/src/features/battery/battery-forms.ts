import { codeOptions, optional, optionalNumber, text, vinRule } from '../master-data/rules';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

/** GB/T 34014-2017 battery coding: 24 digits and capital letters (the server's rule). */
const batteryCodeRule = (value: string) => (/^[0-9A-Z]{24}$/.test(value) ? null : 'battery.validation.code');
const numberRule = (min: number, max: number) => (value: string) => (value.trim() === '' || (Number.isFinite(Number(value)) && Number(value) >= min && Number(value) <= max) ? null : 'battery.validation.number');
const optionalVin = (value: string) => (value.trim() === '' ? null : vinRule(value));

interface Owned {
  readonly id: number;
  readonly companyId: string;
  readonly updatedAt: number;
}

export interface BatteryModelRow extends Owned {
  readonly modelCode: string;
  readonly name: string;
  readonly chemistry: number;
  readonly ratedCapacityAh: number;
  readonly ratedVoltageV: number;
  readonly ratedEnergyKwh: number;
  readonly cellCount: number;
  readonly manufacturer: string;
}

export interface BatteryPackRow extends Owned {
  readonly packCode: string;
  readonly modelCode: string;
  readonly producer: string;
  readonly producedOn: string;
  readonly batch: string;
  readonly vin: string;
  readonly installedOn: string;
  /** 1 produced, 2 installed, 3 after-sale, 4 recovered, 5 retired. */
  readonly state: number;
  readonly remark: string;
}

export interface BatteryModuleRow extends Owned {
  readonly moduleCode: string;
  readonly packCode: string;
  readonly cellCount: number;
  readonly producedOn: string;
  readonly state: number;
  readonly remark: string;
}

export interface BatteryRecordRow extends Owned {
  readonly kind: string;
  readonly packCode: string;
  readonly happenedOn: string;
  readonly party: string;
  readonly residualCapacityPct: number | null;
  readonly destination: number;
  readonly reason: string;
  readonly operator: string;
}

export type Form = Record<string, string>;

export const modelFields: FieldSpec<Form>[] = [
  { name: 'modelCode', labelKey: 'battery.modelCode', required: true, maxLength: 32, lockedOnEdit: true },
  { name: 'name', labelKey: 'battery.modelName', required: true, maxLength: 64 },
  { name: 'chemistry', labelKey: 'battery.chemistry', kind: 'select', required: true, options: codeOptions('battery.chemistry', [1, 2, 3, 4, 5, 9]) },
  { name: 'ratedCapacityAh', labelKey: 'battery.ratedCapacityAh', required: true, validate: numberRule(0.1, 10_000) },
  { name: 'ratedVoltageV', labelKey: 'battery.ratedVoltageV', required: true, validate: numberRule(1, 2_000) },
  { name: 'ratedEnergyKwh', labelKey: 'battery.ratedEnergyKwh', required: true, validate: numberRule(0.1, 10_000) },
  { name: 'cellCount', labelKey: 'battery.cellCount', required: true, validate: numberRule(1, 65_531) },
  { name: 'manufacturer', labelKey: 'battery.manufacturer', maxLength: 64 },
];
export const emptyModel: Form = { modelCode: '', name: '', chemistry: '1', ratedCapacityAh: '', ratedVoltageV: '', ratedEnergyKwh: '', cellCount: '', manufacturer: '' };
export const modelToForm = (row: BatteryModelRow): Form => Object.fromEntries(Object.keys(emptyModel).map((key) => [key, text(row[key as keyof BatteryModelRow])]));
export const formToModel = (form: Form) => ({
  modelCode: form.modelCode!.trim(),
  name: form.name!.trim(),
  chemistry: Number(form.chemistry),
  ratedCapacityAh: Number(form.ratedCapacityAh),
  ratedVoltageV: Number(form.ratedVoltageV),
  ratedEnergyKwh: Number(form.ratedEnergyKwh),
  cellCount: Number(form.cellCount),
  manufacturer: optional(form.manufacturer),
});

export const packFields = (models: readonly FieldOption[]): FieldSpec<Form>[] => [
  { name: 'packCode', labelKey: 'battery.packCode', required: true, validate: batteryCodeRule, lockedOnEdit: true },
  { name: 'modelCode', labelKey: 'battery.modelCode', kind: 'select', required: true, options: models },
  { name: 'producer', labelKey: 'battery.producer', required: true, maxLength: 64 },
  { name: 'producedOn', labelKey: 'battery.producedOn', kind: 'date', required: true },
  { name: 'batch', labelKey: 'battery.batch', maxLength: 32 },
  { name: 'vin', labelKey: 'battery.vin', validate: optionalVin },
  { name: 'installedOn', labelKey: 'battery.installedOn', kind: 'date' },
  { name: 'remark', labelKey: 'battery.remark', maxLength: 255 },
];
export const emptyPack: Form = { packCode: '', modelCode: '', producer: '', producedOn: '', batch: '', vin: '', installedOn: '', remark: '' };
export const packToForm = (row: BatteryPackRow): Form => Object.fromEntries(Object.keys(emptyPack).map((key) => [key, text(row[key as keyof BatteryPackRow])]));
export const formToPack = (form: Form) => ({
  packCode: form.packCode!.trim(),
  modelCode: form.modelCode!,
  producer: form.producer!.trim(),
  producedOn: form.producedOn!,
  batch: optional(form.batch),
  vin: optional(form.vin)?.toUpperCase(),
  installedOn: optional(form.installedOn),
  remark: optional(form.remark),
});

export const moduleFields: FieldSpec<Form>[] = [
  { name: 'moduleCode', labelKey: 'battery.moduleCode', required: true, validate: batteryCodeRule, lockedOnEdit: true },
  { name: 'packCode', labelKey: 'battery.packCode', required: true, validate: batteryCodeRule },
  { name: 'cellCount', labelKey: 'battery.cellCount', required: true, validate: numberRule(1, 10_000) },
  { name: 'producedOn', labelKey: 'battery.producedOn', kind: 'date', required: true },
  { name: 'remark', labelKey: 'battery.remark', maxLength: 255 },
];
export const emptyModule: Form = { moduleCode: '', packCode: '', cellCount: '', producedOn: '', remark: '' };
export const moduleToForm = (row: BatteryModuleRow): Form => Object.fromEntries(Object.keys(emptyModule).map((key) => [key, text(row[key as keyof BatteryModuleRow])]));
export const formToModule = (form: Form) => ({ moduleCode: form.moduleCode!.trim(), packCode: form.packCode!.trim(), cellCount: Number(form.cellCount), producedOn: form.producedOn!, remark: optional(form.remark) });

export const recordFields = (kinds: readonly string[]): FieldSpec<Form>[] => [
  { name: 'kind', labelKey: 'battery.kind', kind: 'select', required: true, options: codeOptions('battery.kind', kinds) },
  { name: 'packCode', labelKey: 'battery.packCode', required: true, validate: batteryCodeRule },
  { name: 'happenedOn', labelKey: 'battery.happenedOn', kind: 'date', required: true },
  { name: 'party', labelKey: 'battery.party', maxLength: 64 },
  { name: 'residualCapacityPct', labelKey: 'battery.residualCapacityPct', validate: numberRule(0, 100) },
  { name: 'destination', labelKey: 'battery.destination', kind: 'select', options: codeOptions('battery.destination', [0, 1, 2]) },
  { name: 'reason', labelKey: 'battery.reason', maxLength: 255 },
  { name: 'operator', labelKey: 'battery.operator', maxLength: 32 },
];
export const emptyRecord = (kind: string): Form => ({ kind, packCode: '', happenedOn: '', party: '', residualCapacityPct: '', destination: '0', reason: '', operator: '' });
export const formToRecord = (form: Form) => ({
  kind: form.kind!,
  packCode: form.packCode!.trim(),
  happenedOn: form.happenedOn!,
  party: optional(form.party),
  residualCapacityPct: optionalNumber(form.residualCapacityPct),
  destination: Number(form.destination || 0),
  reason: optional(form.reason),
  operator: optional(form.operator),
});
