import { formatChinaTime } from '@openfleet/contracts';

/** Rows a log export carries at most (newest first); larger extracts are for the offline download tasks. */
export const LOG_EXPORT_ROWS = 10_000;

/** Epoch ms as China time, "YYYY-MM-DD HH:mm:ss", as the console shows it. */
export function cst(ms: number): string {
  return formatChinaTime(ms);
}
