import type { FieldSpec } from '../table-screen/table-model';
import type { SimCard, SimCardInput } from './simApi';

export interface SimForm extends Record<string, string> {
  simNo: string;
  iccid: string;
  imsi: string;
  operator: string;
  status: string;
  remark: string;
}

export const emptySimForm: SimForm = {
  simNo: '',
  iccid: '',
  imsi: '',
  operator: '',
  status: '1',
  remark: '',
};

/** Spec §5: terminal SIM 11 digits. */
export const simNoProblem = (value: string): string | null =>
  /^\d{11}$/.test(value) ? null : 'validation.simNo';
export const iccidProblem = (value: string): string | null =>
  /^[0-9A-Za-z]{19,20}$/.test(value) ? null : 'validation.iccid';
export const imsiProblem = (value: string): string | null =>
  /^\d{15}$/.test(value) ? null : 'validation.imsi';

export const simFields: readonly FieldSpec<SimForm>[] = [
  { name: 'simNo', labelKey: 'sim.simNo', required: true, validate: simNoProblem, lockedOnEdit: true },
  { name: 'iccid', labelKey: 'sim.iccid', validate: iccidProblem },
  { name: 'imsi', labelKey: 'sim.imsi', validate: imsiProblem },
  {
    name: 'operator',
    labelKey: 'sim.operator',
    kind: 'select',
    options: ['1', '2', '3'].map((value) => ({ value, labelKey: `sim.operator.${value}` })),
  },
  {
    name: 'status',
    labelKey: 'sim.status',
    kind: 'select',
    required: true,
    options: ['1', '0'].map((value) => ({ value, labelKey: `sim.status.${value}` })),
  },
  { name: 'remark', labelKey: 'sim.remark', kind: 'textarea', maxLength: 200 },
];

export function simToForm(sim: SimCard): SimForm {
  return {
    simNo: sim.simNo,
    iccid: sim.iccid ?? '',
    imsi: sim.imsi ?? '',
    operator: sim.operator == null ? '' : String(sim.operator),
    status: String(sim.status),
    remark: sim.remark ?? '',
  };
}

export function formToSim(form: SimForm): SimCardInput {
  const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());
  return {
    simNo: form.simNo.trim(),
    iccid: optional(form.iccid),
    imsi: optional(form.imsi),
    operator: form.operator === '' ? null : Number(form.operator),
    status: Number(form.status),
    remark: optional(form.remark),
  };
}
