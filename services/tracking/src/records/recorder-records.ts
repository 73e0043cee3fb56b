import { canonicalTerminalPhone, parseChinaTime, type TerminalUplink } from '@openfleet/contracts';

/**
 * One stored block of a GB/T 19056 answer (0x0700): a record of 08H-15H at its own time, or the
 * header data of 00H-07H at the time the answer was received. 12H and 13H are kept by
 * driver_record and power_record (terminal-records.ts) and are read from there.
 */
export interface RecorderRecordRow {
  terminalPhone: string;
  command: number;
  at: number;
  /** Records of one answer sharing a time, in order: stable across redelivery. */
  seq: number;
  vehicleId: string;
  data: string;
  receivedAt: number;
}

/** Words stored here: everything the screen lists except 12H and 13H. */
export const RECORDER_TABLE_WORDS: ReadonlySet<number> = new Set([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x10, 0x11, 0x14, 0x15]);

/** The field holding a record's own time, per record word. */
const TIME_FIELD: Readonly<Record<number, string>> = { 0x08: 'start', 0x09: 'start', 0x10: 'end', 0x11: 'start', 0x14: 'time', 0x15: 'start' };

/** 'YYYY-MM-DD HH:mm:ss' of the recorder (China time) as epoch ms. */
export function recorderTimeMs(value: unknown): number {
  const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value) : null;
  return match ? parseChinaTime(`${match[1]} ${match[2]}`) : Number.NaN;
}

/** The rows of a 0x0700 answer whose block parsed; nothing for other uplinks or unparsed blocks. */
export function recorderRecordsOf(uplink: TerminalUplink, vehicleId: string): RecorderRecordRow[] {
  if (uplink.msgId !== '0x0700') return [];
  const command = Number(uplink.body.command);
  const parsed = uplink.body.parsed as Record<string, unknown> | undefined;
  if (!RECORDER_TABLE_WORDS.has(command) || !parsed || typeof parsed !== 'object') return [];
  const terminalPhone = canonicalTerminalPhone(uplink.terminalPhone);
  const base = { terminalPhone, command, vehicleId, receivedAt: uplink.receivedAt };
  const field = TIME_FIELD[command];
  if (!field) return [{ ...base, at: uplink.receivedAt, seq: 0, data: JSON.stringify(parsed) }];
  const records = Array.isArray(parsed.records) ? (parsed.records as Record<string, unknown>[]) : [];
  const seen = new Map<number, number>();
  return records.flatMap((record) => {
    const at = recorderTimeMs(record[field]);
    if (!Number.isFinite(at)) return [];
    const seq = seen.get(at) ?? 0;
    seen.set(at, seq + 1);
    return [{ ...base, at, seq, data: JSON.stringify(record) }];
  });
}

const WORD_NAMES: Readonly<Record<number, string>> = {
  0x00: '执行标准版本', 0x01: '当前驾驶人信息', 0x02: '实时时间', 0x03: '累计行驶里程', 0x04: '脉冲系数', 0x05: '车辆信息', 0x06: '状态信号配置信息', 0x07: '记录仪唯一性编号',
  0x08: '行驶速度记录', 0x09: '位置信息记录', 0x10: '事故疑点记录', 0x11: '超时驾驶记录', 0x12: '驾驶人身份记录', 0x13: '外部供电记录', 0x14: '参数修改记录', 0x15: '速度状态日志',
};

/** The command word as the export names it: '08H 行驶速度记录'. */
export function recorderWordName(command: number): string {
  return `${command.toString(16).padStart(2, '0').toUpperCase()}H ${WORD_NAMES[command] ?? ''}`.trim();
}

const position = (p: unknown) => {
  const value = p as { longitude?: number | null; latitude?: number | null } | undefined;
  return value?.longitude === null || value?.longitude === undefined ? '无定位' : `${value.longitude},${value.latitude}`;
};
const speeds = (samples: unknown, key = 'speed') => (Array.isArray(samples) ? (samples as Record<string, number>[]).map((s) => s[key]).join(' ') : '');

/** One line of a record's fields for the Excel export (the sheet has no room for 60-sample arrays as columns). */
export function recorderSummary(command: number, data: Record<string, unknown>): string {
  switch (command) {
    case 0x08:
      return `速度(km/h): ${speeds(data.samples)}`;
    case 0x09:
      return (Array.isArray(data.points) ? (data.points as Record<string, unknown>[]) : []).map((p) => `${position(p)}/${String(p.speed)}`).join(' ');
    case 0x10:
      return `驾驶证 ${String(data.licence ?? '')}; 位置 ${position(data.position)}; 停车前20s速度: ${speeds(data.samples)}`;
    case 0x11:
      return `驾驶证 ${String(data.licence ?? '')}; ${String(data.start)} ~ ${String(data.end)}; ${position(data.startPosition)} -> ${position(data.endPosition)}`;
    case 0x15:
      return `${data.status === 1 ? '正常' : '异常'}; ${String(data.start)} ~ ${String(data.end)}; 记录/参考速度: ${(Array.isArray(data.samples) ? (data.samples as Record<string, number>[]) : []).map((s) => `${s.recorded}/${s.reference}`).join(' ')}`;
    default:
      return Object.entries(data)
        .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(',') : String(value)}`)
        .join('; ');
  }
}
