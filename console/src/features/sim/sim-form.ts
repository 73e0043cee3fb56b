import { codeOptions, optional, simNumberRule, text } from '../master-data/rules';
import type { FieldSpec } from '../table-screen/table-model';

/** A SIM card as `GET /basic/sim-card` answers it. */
export interface SimCard {
  readonly id: number;
  readonly number: string;
  /** 1 China Mobile, 2 China Unicom, 3 China Telecom. */
  readonly operator: number;
  readonly city?: string | null;
  readonly companyId: number;
  readonly terminalId?: number | null;
}

export interface SimForm extends Record<string, string> {
  number: string;
  operator: string;
  city: string;
  companyId: string;
}

export const emptySimForm: SimForm = { number: '', operator: '1', city: '', companyId: '' };

/** Spec §5: terminal SIM 11 digits; operator 1/2/3. */
export function simFields(companies: FieldSpec<SimForm>['options']): FieldSpec<SimForm>[] {
  return [
    { name: 'number', labelKey: 'sim.simNo', required: true, validate: simNumberRule },
    { name: 'operator', labelKey: 'sim.operator', kind: 'select', required: true, options: codeOptions('sim.operator', [1, 2, 3]) },
    { name: 'city', labelKey: 'sim.city', maxLength: 32 },
    { name: 'companyId', labelKey: 'common.company', kind: 'select', options: companies },
  ];
}

export function simToForm(sim: SimCard): SimForm {
  return { number: sim.number, operator: text(sim.operator), city: text(sim.city), companyId: text(sim.companyId) };
}

export function formToSim(form: SimForm) {
  return {
    number: form.number.trim(),
    operator: Number(form.operator),
    city: optional(form.city),
    companyId: form.companyId ? Number(form.companyId) : undefined,
  };
}
