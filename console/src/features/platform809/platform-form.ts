import { optional, text } from '../master-data/rules';
import type { FieldOption, FieldSpec } from '../table-screen/table-model';

/** A superior platform as `GET /platform809/platforms` answers it (never the password). */
export interface UpperPlatform {
  readonly id: number;
  readonly companyId: string;
  readonly name: string;
  readonly edition: '2011' | '2019';
  readonly mainIp: string;
  readonly mainPort: number;
  readonly slaveIp: string;
  readonly slavePort: number;
  readonly userId: number;
  readonly accessCode: number;
  readonly platformCode: string;
  readonly m1: number;
  readonly ia1: number;
  readonly ic1: number;
  readonly encrypt: number;
  readonly keepAliveS: number;
  readonly autoReconnect: number;
  readonly enabled: number;
  readonly hasPassword: boolean;
}

/** `GET /platform809/platforms/status`. */
export interface LinkStatus {
  readonly platformId: number;
  readonly name: string;
  readonly main: 'stopped' | 'connecting' | 'logging-in' | 'online' | 'refused' | 'waiting';
  readonly slave: 'online' | 'offline';
  readonly lastError: string;
  readonly loginResult: number;
  readonly reconnects: number;
  readonly sent: number;
  readonly badFrames: number;
  readonly backlog: number;
}

/** `GET /platform809/duty-checks`: a superior's duty check (status 0 waiting, 1 replied, 2 not replied). */
export interface DutyCheck {
  readonly id: number;
  readonly platformId: number;
  readonly question: string;
  readonly receivedAt: number;
  readonly deadlineAt: number;
  readonly status: number;
  readonly answer: string;
  readonly answeredBy: string;
  readonly answeredAt: number;
}

export interface PlatformForm extends Record<string, string> {
  companyId: string;
  name: string;
  edition: string;
  mainIp: string;
  mainPort: string;
  slaveIp: string;
  slavePort: string;
  userId: string;
  password: string;
  accessCode: string;
  platformCode: string;
  m1: string;
  ia1: string;
  ic1: string;
  encrypt: string;
  keepAliveS: string;
  autoReconnect: string;
  enabled: string;
}

export const emptyPlatformForm: PlatformForm = {
  companyId: '', name: '', edition: '2019', mainIp: '', mainPort: '', slaveIp: '', slavePort: '', userId: '', password: '', accessCode: '', platformCode: '',
  m1: '0', ia1: '0', ic1: '0', encrypt: '0', keepAliveS: '60', autoReconnect: '1', enabled: '1',
};

/** `GET /platform809/slave-link`: the port our slave-link server listens on (the form pre-fills it). */
export interface SlaveLinkListener {
  readonly port: number;
  readonly listening: boolean;
}

/** A new platform's form, its slave-link port the one the server listens on (empty until known). */
export function newPlatformForm(listener: SlaveLinkListener | undefined): PlatformForm {
  return { ...emptyPlatformForm, slavePort: listener && listener.port > 0 ? String(listener.port) : '' };
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** Spec §5: IPv4 and ports 1-65535; ids and keys are DWORDs. */
export const ipv4Rule = (value: string) => (IPV4.test(value.trim()) ? null : 'platform809.validation.ip');
export const portRule = (value: string) => (/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535 ? null : 'platform809.validation.port');
export const dwordRule = (value: string) => (/^\d{1,10}$/.test(value) && Number(value) <= 0xffffffff ? null : 'platform809.validation.dword');
const passwordRule = (value: string) => (new TextEncoder().encode(value).length <= 8 ? null : 'platform809.validation.password');

const yesNo: readonly FieldOption[] = [
  { value: '1', labelKey: 'common.yes' },
  { value: '0', labelKey: 'common.no' },
];

export function platformFields(companies: readonly FieldOption[]): FieldSpec<PlatformForm>[] {
  return [
    { name: 'name', labelKey: 'platform809.name', required: true, maxLength: 64 },
    { name: 'companyId', labelKey: 'common.company', kind: 'select', options: companies, lockedOnEdit: true },
    { name: 'edition', labelKey: 'platform809.edition', kind: 'select', required: true, options: [{ value: '2011', label: 'JT/T 809-2011' }, { value: '2019', label: 'JT/T 809-2019' }] },
    { name: 'mainIp', labelKey: 'platform809.mainIp', required: true, validate: ipv4Rule },
    { name: 'mainPort', labelKey: 'platform809.mainPort', required: true, validate: portRule },
    { name: 'slaveIp', labelKey: 'platform809.slaveIp', required: true, validate: ipv4Rule },
    { name: 'slavePort', labelKey: 'platform809.slavePort', required: true, validate: portRule },
    { name: 'userId', labelKey: 'platform809.userId', required: true, validate: dwordRule },
    { name: 'password', labelKey: 'platform809.password', kind: 'password', validate: passwordRule },
    { name: 'accessCode', labelKey: 'platform809.accessCode', required: true, validate: dwordRule },
    { name: 'platformCode', labelKey: 'platform809.platformCode', maxLength: 11 },
    { name: 'ia1', labelKey: 'platform809.ia1', validate: dwordRule },
    { name: 'ic1', labelKey: 'platform809.ic1', validate: dwordRule },
    { name: 'm1', labelKey: 'platform809.m1', validate: dwordRule },
    { name: 'encrypt', labelKey: 'platform809.encrypt', kind: 'select', options: yesNo },
    { name: 'keepAliveS', labelKey: 'platform809.keepAliveS', validate: (v) => (/^\d+$/.test(v) && Number(v) >= 5 && Number(v) <= 600 ? null : 'platform809.validation.keepAlive') },
    { name: 'autoReconnect', labelKey: 'platform809.autoReconnect', kind: 'select', options: yesNo },
    { name: 'enabled', labelKey: 'platform809.enabled', kind: 'select', options: yesNo },
  ];
}

export function platformToForm(p: UpperPlatform): PlatformForm {
  return {
    companyId: text(p.companyId), name: p.name, edition: p.edition, mainIp: p.mainIp, mainPort: text(p.mainPort), slaveIp: p.slaveIp, slavePort: text(p.slavePort), userId: text(p.userId),
    password: '', accessCode: text(p.accessCode), platformCode: p.platformCode, m1: text(p.m1), ia1: text(p.ia1), ic1: text(p.ic1), encrypt: text(p.encrypt),
    keepAliveS: text(p.keepAliveS), autoReconnect: text(p.autoReconnect), enabled: text(p.enabled),
  };
}

/** The body of POST/PUT; an empty password on edit keeps the stored one. */
export function formToPlatform(form: PlatformForm) {
  return {
    companyId: optional(form.companyId),
    name: form.name.trim(),
    edition: form.edition,
    mainIp: form.mainIp.trim(),
    mainPort: Number(form.mainPort),
    slaveIp: form.slaveIp.trim(),
    slavePort: Number(form.slavePort),
    userId: Number(form.userId),
    password: form.password || undefined,
    accessCode: Number(form.accessCode),
    platformCode: form.platformCode.trim(),
    m1: Number(form.m1 || 0),
    ia1: Number(form.ia1 || 0),
    ic1: Number(form.ic1 || 0),
    encrypt: form.encrypt === '1',
    keepAliveS: Number(form.keepAliveS || 60),
    autoReconnect: form.autoReconnect !== '0',
    enabled: form.enabled !== '0',
  };
}
