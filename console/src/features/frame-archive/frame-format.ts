import type { ArchivedFrame } from '@openfleet/contracts/frame-archive';
import { formatChinaTime } from '@openfleet/contracts/time';

/** The filters above the list; the terminal is the search bar's keyword. */
export interface FrameFilters {
  startTime: string;
  endTime: string;
  direction: '' | 'up' | 'down';
  msgId: string;
  status: '' | 'ok' | 'bad';
}

/** Frames of one terminal are often milliseconds apart: the time shows them. */
export function frameTime(at: number): string {
  return `${formatChinaTime(at)}.${String(at % 1000).padStart(3, '0')}`;
}

/** 0x0200 for 808 and 809 message ids, 0x02 for 32960 and HJ 1239 commands. */
export function msgIdText(frame: Pick<ArchivedFrame, 'msgId' | 'protocol'>): string {
  if (frame.msgId === null) return '—';
  const digits = frame.protocol === 'jt808' || frame.protocol === 'jt809' ? 4 : 2;
  return `0x${frame.msgId.toString(16).toUpperCase().padStart(digits, '0')}`;
}

/** Hex in lines of 16 bytes, with the offset of each line: how integrators read frames. */
export function hexLines(hex: string): string[] {
  const lines: string[] = [];
  for (let offset = 0; offset < hex.length; offset += 32) {
    const bytes = hex.slice(offset, offset + 32).toUpperCase().match(/../g) ?? [];
    lines.push(`${(offset / 2).toString(16).padStart(4, '0')}  ${bytes.join(' ')}`);
  }
  return lines;
}

/** What the list asks: the page, the terminal and the set filters (an empty one is not sent). */
export function frameQuery(terminal: string, filters: FrameFilters, page?: { pageNo: number; pageSize: number }): Record<string, string | number> {
  const params: Record<string, string | number> = { terminal: terminal.trim(), startTime: filters.startTime, endTime: filters.endTime };
  if (filters.direction) params.direction = filters.direction;
  if (filters.msgId.trim()) params.msgId = filters.msgId.trim();
  if (filters.status) params.status = filters.status;
  if (page) Object.assign(params, { current: page.pageNo, size: page.pageSize });
  return params;
}

/** The last hour, as the picker shows it: where an integrator starts looking. */
export function defaultFilters(now = Date.now()): FrameFilters {
  return { startTime: formatChinaTime(now - 3_600_000), endTime: formatChinaTime(now + 60_000), direction: '', msgId: '', status: '' };
}

/** The picker's value (YYYY-MM-DDTHH:mm[:ss]) and the API's (YYYY-MM-DD HH:mm:ss). */
export const toPicker = (cst: string) => cst.replace(' ', 'T');
export const fromPicker = (value: string) => (value.length === 16 ? `${value}:00` : value).replace('T', ' ');
