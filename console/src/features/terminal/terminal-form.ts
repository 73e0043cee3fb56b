import { codeOptions, optional, optionalNumber, simNumberRule, terminalCodeRule, text } from '../master-data/rules';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

export interface Terminal {
  readonly id: number;
  readonly terminalCode: string;
  readonly terminalPhone: string;
  readonly manufacturer?: string | null;
  readonly model?: string | null;
  readonly protocolVersion?: string | null;
  readonly companyId: number;
  readonly vehicleId?: number | null;
  /** 0 not registered, 1 registered, 2 logged off. */
  readonly registrationState?: number | null;
  /** JT/T 1078 video channels (0: no video device). */
  readonly videoChannels?: number | null;
}

export interface TerminalForm extends Record<string, string> {
  terminalCode: string;
  terminalPhone: string;
  manufacturer: string;
  model: string;
  protocolVersion: string;
  companyId: string;
  videoChannels: string;
}

export const emptyTerminalForm: TerminalForm = {
  terminalCode: '',
  terminalPhone: '',
  manufacturer: '',
  model: '',
  protocolVersion: '2019',
  companyId: '',
  videoChannels: '0',
};

/** Spec §5: video channels 1-32; 0 means the terminal has no video device. */
const VIDEO_CHANNEL_OPTIONS: readonly FieldOption[] = Array.from({ length: 33 }, (_, count) => ({ value: String(count), label: String(count) }));

/** Spec §5: terminal code 7 uppercase letters/digits, terminal SIM 11 digits. */
export function terminalFields(companies: readonly FieldOption[]): FieldSpec<TerminalForm>[] {
  return [
    { name: 'terminalCode', labelKey: 'terminal.code', required: true, validate: terminalCodeRule },
    { name: 'terminalPhone', labelKey: 'terminal.phone', required: true, validate: simNumberRule },
    { name: 'manufacturer', labelKey: 'terminal.manufacturer', maxLength: 64 },
    { name: 'model', labelKey: 'terminal.model', maxLength: 32 },
    { name: 'protocolVersion', labelKey: 'terminal.protocol', kind: 'select', options: codeOptions('terminal.protocol', ['2011', '2013', '2019']) },
    { name: 'companyId', labelKey: 'common.company', kind: 'select', options: companies },
    { name: 'videoChannels', labelKey: 'terminal.videoChannels', kind: 'select', options: VIDEO_CHANNEL_OPTIONS },
  ];
}

export function terminalToForm(row: Terminal): TerminalForm {
  return {
    terminalCode: row.terminalCode,
    terminalPhone: row.terminalPhone,
    manufacturer: text(row.manufacturer),
    model: text(row.model),
    protocolVersion: text(row.protocolVersion),
    companyId: text(row.companyId),
    videoChannels: text(row.videoChannels ?? 0),
  };
}

export function formToTerminal(form: TerminalForm) {
  return {
    terminalCode: form.terminalCode.trim(),
    terminalPhone: form.terminalPhone.trim(),
    manufacturer: optional(form.manufacturer),
    model: optional(form.model),
    protocolVersion: optional(form.protocolVersion),
    companyId: optionalNumber(form.companyId),
    videoChannels: optionalNumber(form.videoChannels),
  };
}
