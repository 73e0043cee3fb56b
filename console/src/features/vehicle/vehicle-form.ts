import { codeOptions, mobileRule, nameRule, optional, optionalNumber, plateRule, text, vinRule } from '../master-data/rules';
import { missingEmissionFields, type VehicleEmission } from '@openfleet/contracts/validation-rules';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

export interface Vehicle {
  readonly id: number;
  readonly plateCode: string;
  readonly plateColor: number;
  readonly vehicleType: number;
  readonly vin?: string | null;
  readonly companyId: number;
  readonly fleetId?: number | null;
  readonly driverId?: number | null;
  /** Vehicle master (owner); the API copies its name and phone into ownerName/ownerPhone. */
  readonly masterId?: number | null;
  readonly terminalId?: number | null;
  readonly engineNo?: string | null;
  readonly ownerName?: string | null;
  readonly ownerPhone?: string | null;
  readonly brand?: string | null;
  readonly model?: string | null;
  readonly emissionStandard?: number | null;
  readonly maxReferenceTorque?: number | null;
  readonly fuelTankVolume?: number | null;
  readonly ureaTankVolume?: number | null;
  readonly activation?: number | null;
  readonly envVehicleType?: string | null;
  readonly securityChip?: string | null;
  /** Spec §3 states: codes named by `vehicle.<field>.<code>` keys. */
  readonly registrationState?: number | null;
  readonly useState?: number | null;
  readonly driveType?: number | null;
  readonly fuelType?: number | null;
}

/** `GET /basic/vehicle/types`: the 25 types with both names. */
export interface VehicleType {
  readonly code: number;
  readonly zh_CN: string;
  readonly en_US: string;
}

export const PLATE_COLORS = [1, 2, 3, 4, 5, 9] as const;

export interface VehicleForm extends Record<string, string> {
  plateCode: string;
  plateColor: string;
  vehicleType: string;
  vin: string;
  companyId: string;
  fleetId: string;
  driverId: string;
  masterId: string;
  engineNo: string;
  ownerName: string;
  ownerPhone: string;
  brand: string;
  model: string;
  emissionStandard: string;
  maxReferenceTorque: string;
  fuelTankVolume: string;
  ureaTankVolume: string;
  activation: string;
  envVehicleType: string;
  securityChip: string;
  registrationState: string;
  useState: string;
  driveType: string;
  fuelType: string;
}

/** Spec §3 registration state, use state, drive type and fuel type: the server's code lists (vehicle-states.ts). */
export const STATE_CODES = {
  registrationState: [1, 2, 3, 4],
  useState: [1, 2, 3, 4],
  driveType: [1, 2, 3, 4, 5, 9],
  fuelType: [1, 2, 3, 4, 5, 6, 7, 9],
} as const;
const STATE_FIELDS = Object.keys(STATE_CODES) as (keyof typeof STATE_CODES)[];

const EMISSION_FIELDS = ['emissionStandard', 'maxReferenceTorque', 'fuelTankVolume', 'ureaTankVolume', 'activation', 'envVehicleType', 'securityChip'] as const;

/** The form's emission values as the shared spec §5 rule reads them. */
function emissionOf(form: VehicleForm): VehicleEmission {
  return {
    emissionStandard: optionalNumber(form.emissionStandard) ?? null,
    maxReferenceTorque: optionalNumber(form.maxReferenceTorque) ?? null,
    fuelTankVolume: optionalNumber(form.fuelTankVolume) ?? null,
    ureaTankVolume: optionalNumber(form.ureaTankVolume) ?? null,
    activation: optionalNumber(form.activation) ?? null,
    envVehicleType: optional(form.envVehicleType) ?? null,
    securityChip: optional(form.securityChip) ?? null,
  };
}

/** Spec §5: the field is required by the vehicle's emission stage or activation. */
const requiredByEmission = (field: keyof VehicleEmission) => (_value: string, form: VehicleForm) => (missingEmissionFields(emissionOf(form)).includes(field) ? 'vehicle.emission.required' : null);
const decimal = (value: string) => (value.trim() === '' || (Number.isFinite(Number(value)) && Number(value) >= 0) ? null : 'vehicle.emission.number');

export const emptyVehicleForm: VehicleForm = {
  plateCode: '',
  plateColor: '2',
  vehicleType: '1',
  vin: '',
  companyId: '',
  fleetId: '',
  driverId: '',
  masterId: '',
  engineNo: '',
  ownerName: '',
  ownerPhone: '',
  brand: '',
  model: '',
  ...Object.fromEntries(EMISSION_FIELDS.map((field) => [field, ''])),
  ...Object.fromEntries(STATE_FIELDS.map((field) => [field, ''])),
} as VehicleForm;

export interface VehicleOptions {
  readonly types: readonly FieldOption[];
  readonly companies: readonly FieldOption[];
  readonly fleets: readonly FieldOption[];
  readonly drivers: readonly FieldOption[];
  readonly masters: readonly FieldOption[];
}

/** Spec §5: plate colour 1/2/3/4/5/9, type 1-25, VIN >= 17, owner mobile. */
export function vehicleFields(options: VehicleOptions): FieldSpec<VehicleForm>[] {
  return [
    { name: 'plateCode', labelKey: 'vehicle.plate', required: true, validate: plateRule },
    { name: 'plateColor', labelKey: 'vehicle.plateColor', kind: 'select', required: true, options: codeOptions('vehicle.plateColor', PLATE_COLORS) },
    { name: 'vehicleType', labelKey: 'vehicle.type', kind: 'select', required: true, options: options.types },
    { name: 'vin', labelKey: 'vehicle.vin', maxLength: 32, validate: vinRule },
    { name: 'companyId', labelKey: 'common.company', kind: 'select', options: options.companies },
    { name: 'fleetId', labelKey: 'common.fleet', kind: 'select', options: options.fleets },
    { name: 'driverId', labelKey: 'vehicle.driver', kind: 'select', options: options.drivers },
    { name: 'masterId', labelKey: 'vehicle.master', kind: 'select', options: options.masters },
    { name: 'engineNo', labelKey: 'vehicle.engineNo', maxLength: 32 },
    { name: 'ownerName', labelKey: 'vehicle.ownerName', maxLength: 32, validate: nameRule },
    { name: 'ownerPhone', labelKey: 'vehicle.ownerPhone', validate: mobileRule },
    { name: 'brand', labelKey: 'vehicle.brand', maxLength: 32 },
    { name: 'model', labelKey: 'vehicle.model', maxLength: 32 },
    ...STATE_FIELDS.map((field): FieldSpec<VehicleForm> => ({ name: field, labelKey: `vehicle.${field}`, kind: 'select', options: codeOptions(`vehicle.${field}`, STATE_CODES[field]) })),
    { name: 'emissionStandard', labelKey: 'vehicle.emissionStandard', kind: 'select', options: codeOptions('vehicle.emissionStandard', [3, 4, 5, 6]) },
    { name: 'maxReferenceTorque', labelKey: 'vehicle.maxReferenceTorque', validate: (v, f) => decimal(v) ?? requiredByEmission('maxReferenceTorque')(v, f) },
    { name: 'fuelTankVolume', labelKey: 'vehicle.fuelTankVolume', validate: (v, f) => decimal(v) ?? requiredByEmission('fuelTankVolume')(v, f) },
    { name: 'ureaTankVolume', labelKey: 'vehicle.ureaTankVolume', validate: (v, f) => decimal(v) ?? requiredByEmission('ureaTankVolume')(v, f) },
    { name: 'activation', labelKey: 'vehicle.activation', kind: 'select', options: codeOptions('vehicle.activation', [0, 1]) },
    { name: 'envVehicleType', labelKey: 'vehicle.envVehicleType', maxLength: 32, validate: requiredByEmission('envVehicleType') },
    { name: 'securityChip', labelKey: 'vehicle.securityChip', maxLength: 64, validate: requiredByEmission('securityChip') },
  ];
}

export function vehicleToForm(row: Vehicle): VehicleForm {
  return {
    plateCode: row.plateCode,
    plateColor: text(row.plateColor),
    vehicleType: text(row.vehicleType),
    vin: text(row.vin),
    companyId: text(row.companyId),
    fleetId: text(row.fleetId),
    driverId: text(row.driverId),
    masterId: text(row.masterId),
    engineNo: text(row.engineNo),
    ownerName: text(row.ownerName),
    ownerPhone: text(row.ownerPhone),
    brand: text(row.brand),
    model: text(row.model),
    ...Object.fromEntries(EMISSION_FIELDS.map((field) => [field, text(row[field])])),
    ...Object.fromEntries(STATE_FIELDS.map((field) => [field, text(row[field])])),
  } as VehicleForm;
}

export function formToVehicle(form: VehicleForm) {
  return {
    plateCode: form.plateCode.trim(),
    plateColor: Number(form.plateColor),
    vehicleType: Number(form.vehicleType),
    vin: optional(form.vin),
    companyId: optionalNumber(form.companyId),
    fleetId: optionalNumber(form.fleetId),
    driverId: optionalNumber(form.driverId),
    masterId: optionalNumber(form.masterId),
    engineNo: optional(form.engineNo),
    ownerName: optional(form.ownerName),
    ownerPhone: optional(form.ownerPhone),
    brand: optional(form.brand),
    model: optional(form.model),
    ...Object.fromEntries(Object.entries(emissionOf(form)).map(([key, value]) => [key, value ?? undefined])),
    ...Object.fromEntries(STATE_FIELDS.map((field) => [field, optionalNumber(form[field])])),
  };
}
