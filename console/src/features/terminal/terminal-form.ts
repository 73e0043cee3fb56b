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
  readonly hardwareVersion?: string | null;
  readonly firmwareVersion?: string | null;
  readonly canProtocolVersion?: string | null;
  /** Stored address; the list shows the live session's address instead while the terminal is online. */
  readonly ip?: string | null;
  readonly port?: number | null;
  /** What the gateway reports of the connection (kept after it goes offline). */
  readonly sessionIp?: string | null;
  readonly sessionPort?: number | null;
  readonly sessionOnline?: number | null;
}

/** The address to show: the gateway's while the terminal is online, else the stored one ('' when neither). */
export function shownAddress(row: Pick<Terminal, 'ip' | 'port' | 'sessionIp' | 'sessionPort' | 'sessionOnline'>): { text: string; live: boolean } {
  if (row.sessionOnline === 1 && row.sessionIp) return { text: `${row.sessionIp}:${row.sessionPort ?? ''}`, live: true };
  return { text: row.ip ? `${row.ip}${row.port ? `:${row.port}` : ''}` : '', live: false };
}

export interface TerminalForm extends Record<string, string> {
  terminalCode: string;
  terminalPhone: string;
  manufacturer: string;
  model: string;
  protocolVersion: string;
  companyId: string;
  videoChannels: string;
  hardwareVersion: string;
  firmwareVersion: string;
  canProtocolVersion: string;
  ip: string;
  port: string;
}

export const emptyTerminalForm: TerminalForm = {
  terminalCode: '',
  terminalPhone: '',
  manufacturer: '',
  model: '',
  protocolVersion: '2019',
  companyId: '',
  videoChannels: '0',
  hardwareVersion: '',
  firmwareVersion: '',
  canProtocolVersion: '',
  ip: '',
  port: '',
};

const VERSION_TEXT = /^[A-Za-z0-9._-]+$/;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const versionRule = (value: string) => (value.trim() === '' || VERSION_TEXT.test(value.trim()) ? null : 'terminal.versionInvalid');
/** Spec §5: IPv4, port 1-65535. */
export const ipRule = (value: string) => (value.trim() === '' || IPV4.test(value.trim()) ? null : 'validation.ipv4');
export const portRule = (value: string) => {
  const port = Number(value.trim());
  return value.trim() === '' || (Number.isInteger(port) && port >= 1 && port <= 65535) ? null : 'validation.port';
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
    { name: 'hardwareVersion', labelKey: 'terminal.hardwareVersion', maxLength: 32, validate: versionRule },
    { name: 'firmwareVersion', labelKey: 'terminal.firmwareVersion', maxLength: 32, validate: versionRule },
    { name: 'canProtocolVersion', labelKey: 'terminal.canProtocolVersion', maxLength: 16, validate: versionRule },
    { name: 'ip', labelKey: 'terminal.ip', maxLength: 15, validate: ipRule },
    { name: 'port', labelKey: 'terminal.port', validate: portRule },
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
    hardwareVersion: text(row.hardwareVersion),
    firmwareVersion: text(row.firmwareVersion),
    canProtocolVersion: text(row.canProtocolVersion),
    ip: text(row.ip),
    port: text(row.port),
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
    hardwareVersion: optional(form.hardwareVersion),
    firmwareVersion: optional(form.firmwareVersion),
    canProtocolVersion: optional(form.canProtocolVersion),
    ip: optional(form.ip),
    port: optionalNumber(form.port),
  };
}
