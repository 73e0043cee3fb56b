import { commandDef, formatChinaTime, PARAMETER_LABELS, SECRET_MASK, type CommandField } from '@openfleet/contracts';
import { messageFor } from '@openfleet/errors';

// The order log export in the screen's words (zh_CN, like every export of the console): the command
// by its catalogue name, the status by the screen's label, an error code with its message, the parameters as the detail dialog's rows
// written on one line ("label=value; ..."), never JSON.

/** The order log screen's status words (console instruction.status.*). */
export const ORDER_STATUS_ZH: Readonly<Record<number, string>> = {
  0: '初始',
  1: '成功',
  2: '设备离线',
  3: '失败',
  4: '等待回应超时',
  5: '等待回应',
  6: '作废',
  7: '已下发等待回应',
};

/** Who asked for an order another service built (console instruction.source.*). */
export const ORDER_SOURCE_ZH: Readonly<Record<string, string>> = {
  fence: '电子围栏',
  alarm: '报警处理',
  platform809: '上级平台',
  ota: 'OTA升级',
  video: '音视频',
  waybill: '电子运单',
  pressRelease: '公告发布',
  lockWizard: '车辆锁车',
  remoteControl: '远程控制',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const absent = (value: unknown) => value === undefined || value === null || value === '';
const parameterIdText = (id: number) => `0x${id.toString(16).padStart(4, '0').toUpperCase()}`;

/** The command by its catalogue name ("立即拍照"); a type the catalogue does not know as it is. */
export function commandText(commandType: string): string {
  return commandDef(commandType)?.label[0] ?? commandType;
}

/** An error code as the screen shows it: the code and its zh_CN message; '' for none. */
export function errorText(errorCode: number): string {
  return errorCode ? `${errorCode} ${messageFor(errorCode, 'zh_CN')}` : '';
}

/** A value no catalogue field describes: primitives as text, records as nested rows, lists joined. */
function genericText(value: unknown): string {
  if (absent(value)) return '-';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.map((item) => (isRecord(item) ? `[${recordText(item, [], '')}]` : genericText(item))).join(', ');
  if (isRecord(value)) return `[${recordText(value, [], '')}]`;
  return String(value);
}

/** A catalogue time: the form's China time text, an instant (ms) or BCD 'YYMMDDhhmmss'. */
function timeText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return formatChinaTime(value);
  if (typeof value === 'string' && /^\d{12}$/.test(value)) return `20${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4, 6)} ${value.slice(6, 8)}:${value.slice(8, 10)}:${value.slice(10, 12)}`;
  return String(value);
}

function fieldText(field: CommandField, value: unknown, commandType: string): string {
  if (absent(value)) return '-';
  if (value === SECRET_MASK) return SECRET_MASK;
  if ((commandType === 'setParams' || commandType === 'queryParamsById') && field.key === 'id' && typeof value === 'number') {
    const name = PARAMETER_LABELS[value];
    return name ? `${name[0]} (${parameterIdText(value)})` : parameterIdText(value);
  }
  switch (field.kind) {
    case 'select':
      return field.options?.find((option) => option.value === value)?.label[0] ?? genericText(value);
    case 'time':
      return timeText(value);
    case 'hex':
      return typeof value === 'string' ? `${Math.floor(value.length / 2)} 字节` : genericText(value);
    case 'list':
      if (!Array.isArray(value)) return genericText(value);
      return value.map((item) => (isRecord(item) ? `[${recordText(item, field.itemFields ?? [], commandType)}]` : genericText(item))).join(', ');
    default:
      return typeof value === 'boolean' ? (value ? '是' : '否') : genericText(value);
  }
}

/** Rows of a record: the catalogue's fields in the form's order under their labels, then any other key as it is. */
function recordText(values: Record<string, unknown>, fields: readonly CommandField[], commandType: string): string {
  const known = new Set(fields.map((field) => field.key));
  const rows = fields.filter((field) => field.key in values).map((field) => `${field.label[0]}=${fieldText(field, values[field.key], commandType)}`);
  for (const [key, value] of Object.entries(values)) if (!known.has(key)) rows.push(`${key}=${genericText(value)}`);
  return rows.join('; ');
}

/**
 * What an order was sent with, as the detail dialog's rows on one line; '' for none. An order another
 * service asked for keeps only its source as parameters: its source in words, then the message body
 * it built (already masked), key by key.
 */
export function orderContentText(commandType: string, params: unknown, body?: unknown): string {
  if (!isRecord(params)) return '';
  const { source, ...rest } = params;
  if (typeof source === 'string' && !Object.keys(rest).length) {
    const built = isRecord(body) ? recordText(body, [], commandType) : '';
    return [`来源=${ORDER_SOURCE_ZH[source] ?? source}`, built].filter(Boolean).join('; ');
  }
  return recordText(params, commandDef(commandType)?.fields ?? [], commandType);
}
