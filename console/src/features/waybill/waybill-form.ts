import type { WaybillInput, WaybillPlace, WaybillView } from '@openfleet/contracts/industry';
import { DANGEROUS_GOODS_CLASSES } from '@openfleet/contracts/industry';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

/** The dialog's values (strings, as every TableScreen form); places are name + lng + lat + radius. */
export interface WaybillForm extends Record<string, string> {
  vehicleId: string;
  driverId: string;
  shipper: string;
  shipperPhone: string;
  consignee: string;
  consigneePhone: string;
  goods: string;
  weightKg: string;
  dangerousClass: string;
  originName: string;
  originLng: string;
  originLat: string;
  originRadiusM: string;
  destinationName: string;
  destinationLng: string;
  destinationLat: string;
  destinationRadiusM: string;
  plannedDepartAt: string;
  plannedArriveAt: string;
  remark: string;
}

export const emptyWaybillForm: WaybillForm = {
  vehicleId: '', driverId: '', shipper: '', shipperPhone: '', consignee: '', consigneePhone: '', goods: '', weightKg: '', dangerousClass: '0',
  originName: '', originLng: '', originLat: '', originRadiusM: '500', destinationName: '', destinationLng: '', destinationLat: '', destinationRadiusM: '500',
  plannedDepartAt: '', plannedArriveAt: '', remark: '',
};

const number = (min: number, max: number, integer = false) => (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max && (!integer || Number.isInteger(n)) ? null : 'waybill.badNumber';
};
const PHONE = /^[0-9+\-() ]{0,20}$/;
const phone = (value: string) => (PHONE.test(value) ? null : 'waybill.badPhone');

export interface WaybillOptions {
  readonly vehicles: readonly FieldOption[];
  readonly drivers: readonly FieldOption[];
}

/** The dialog: vehicle and driver, parties and goods, the planned places and times. */
export function waybillFields(options: WaybillOptions): FieldSpec<WaybillForm>[] {
  const place = (prefix: 'origin' | 'destination'): FieldSpec<WaybillForm>[] => [
    { name: `${prefix}Name`, labelKey: `waybill.${prefix}`, required: true, maxLength: 64 },
    { name: `${prefix}Lng`, labelKey: 'waybill.longitude', required: true, validate: number(-180, 180) },
    { name: `${prefix}Lat`, labelKey: 'waybill.latitude', required: true, validate: number(-90, 90) },
    { name: `${prefix}RadiusM`, labelKey: 'waybill.radiusM', required: true, validate: number(20, 50_000, true) },
  ];
  return [
    { name: 'vehicleId', labelKey: 'waybill.vehicle', kind: 'select', required: true, options: options.vehicles },
    { name: 'driverId', labelKey: 'waybill.driver', kind: 'select', required: true, options: options.drivers },
    { name: 'shipper', labelKey: 'waybill.shipper', required: true, maxLength: 64 },
    { name: 'shipperPhone', labelKey: 'waybill.shipperPhone', maxLength: 20, validate: phone },
    { name: 'consignee', labelKey: 'waybill.consignee', required: true, maxLength: 64 },
    { name: 'consigneePhone', labelKey: 'waybill.consigneePhone', maxLength: 20, validate: phone },
    { name: 'goods', labelKey: 'waybill.goods', required: true, maxLength: 128 },
    { name: 'weightKg', labelKey: 'waybill.weightKg', validate: number(0, 1_000_000, true) },
    { name: 'dangerousClass', labelKey: 'waybill.dangerousClass', kind: 'select', required: true, options: DANGEROUS_GOODS_CLASSES.map((c) => ({ value: String(c), labelKey: `waybill.dangerous.${c}` })) },
    ...place('origin'),
    ...place('destination'),
    { name: 'plannedDepartAt', labelKey: 'waybill.plannedDepartAt', kind: 'datetime', required: true },
    {
      name: 'plannedArriveAt', labelKey: 'waybill.plannedArriveAt', kind: 'datetime', required: true,
      // China time text compares in time order.
      validate: (value, form) => (form.plannedDepartAt && value <= form.plannedDepartAt ? 'waybill.arriveBeforeDepart' : null),
    },
    { name: 'remark', labelKey: 'waybill.remark', kind: 'textarea', maxLength: 255 },
  ];
}

const placeOf = (form: WaybillForm, prefix: 'origin' | 'destination'): WaybillPlace => ({
  name: form[`${prefix}Name`].trim(),
  longitude: Number(form[`${prefix}Lng`]),
  latitude: Number(form[`${prefix}Lat`]),
  radiusM: Number(form[`${prefix}RadiusM`]),
});

/** What the API takes; the driver's name travels with its id (the waybill keeps it as assigned). */
export function formToWaybill(form: WaybillForm, drivers: readonly FieldOption[], via: readonly WaybillPlace[] = []): WaybillInput {
  const driver = drivers.find((option) => option.value === form.driverId);
  return {
    vehicleId: form.vehicleId,
    driverId: form.driverId,
    driverName: driver?.label ?? '',
    shipper: form.shipper.trim(),
    shipperPhone: form.shipperPhone.trim(),
    consignee: form.consignee.trim(),
    consigneePhone: form.consigneePhone.trim(),
    goods: form.goods.trim(),
    weightKg: form.weightKg ? Number(form.weightKg) : 0,
    dangerousClass: Number(form.dangerousClass || 0),
    origin: placeOf(form, 'origin'),
    destination: placeOf(form, 'destination'),
    via: [...via],
    plannedDepartAt: form.plannedDepartAt,
    plannedArriveAt: form.plannedArriveAt,
    remark: form.remark,
  };
}

export function waybillToForm(row: WaybillView): WaybillForm {
  const place = (prefix: 'origin' | 'destination', p: WaybillPlace) => ({ [`${prefix}Name`]: p.name, [`${prefix}Lng`]: String(p.longitude), [`${prefix}Lat`]: String(p.latitude), [`${prefix}RadiusM`]: String(p.radiusM) });
  return {
    ...emptyWaybillForm,
    vehicleId: row.vehicleId,
    driverId: row.driverId,
    shipper: row.shipper,
    shipperPhone: row.shipperPhone,
    consignee: row.consignee,
    consigneePhone: row.consigneePhone,
    goods: row.goods,
    weightKg: row.weightKg ? String(row.weightKg) : '',
    dangerousClass: String(row.dangerousClass),
    ...place('origin', row.origin),
    ...place('destination', row.destination),
    plannedDepartAt: row.plannedDepartAt,
    plannedArriveAt: row.plannedArriveAt,
    remark: row.remark,
  };
}

/** The state a row shows: arrived late / late on the way read as one word each. */
export function waybillStateKey(row: Pick<WaybillView, 'status' | 'late'>): string {
  if (row.status === 'arrived') return row.late ? 'waybill.state.arrivedLate' : 'waybill.state.arrived';
  if (row.late) return 'waybill.state.late';
  return `waybill.state.${row.status}`;
}
