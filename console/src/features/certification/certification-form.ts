import type { CertificationStandard, CertificationTestInput } from '@openfleet/contracts/industry';
import { CERTIFICATION_STANDARDS } from '@openfleet/contracts/industry';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

/** The "open a test" dialog's values (strings, as every TableScreen form). */
export interface CertificationForm extends Record<string, string> {
  vehicleId: string;
  standard: string;
  durationMin: string;
  maxReportIntervalS: string;
  remark: string;
}

export const emptyCertificationForm: CertificationForm = { vehicleId: '', standard: 'jt808', durationMin: '10', maxReportIntervalS: '30', remark: '' };

const integer = (min: number, max: number) => (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? null : 'certification.badNumber';
};

/** Vehicle, standard, duration (1-1,440 min) and the reporting bound the 808 checks hold the terminal to. */
export function certificationFields(vehicles: readonly FieldOption[]): FieldSpec<CertificationForm>[] {
  return [
    { name: 'vehicleId', labelKey: 'certification.vehicle', kind: 'select', required: true, options: vehicles },
    { name: 'standard', labelKey: 'certification.standard', kind: 'select', required: true, options: CERTIFICATION_STANDARDS.map((value) => ({ value, labelKey: `certification.standard.${value}` })) },
    { name: 'durationMin', labelKey: 'certification.durationMin', required: true, validate: integer(1, 1440) },
    { name: 'maxReportIntervalS', labelKey: 'certification.maxReportIntervalS', required: true, validate: integer(1, 3600) },
    { name: 'remark', labelKey: 'certification.remark', maxLength: 255 },
  ];
}

export function formToCertificationTest(form: CertificationForm): CertificationTestInput {
  return {
    vehicleId: form.vehicleId,
    standard: form.standard as CertificationStandard,
    durationS: Number(form.durationMin) * 60,
    settings: { maxReportIntervalS: Number(form.maxReportIntervalS) },
    remark: form.remark || undefined,
  };
}
