/** A system-log row as the list answers it (message in English, detail as JSON text). */
export interface SystemLogText {
  readonly event: string;
  readonly message: string;
  readonly detail: string;
}

function detailOf(row: SystemLogText): Record<string, unknown> {
  try {
    const parsed = JSON.parse(row.detail || '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The migration's version: its timestamp, from the detail or the tail of the class name. */
function migrationVersion(row: SystemLogText, detail: Record<string, unknown>): string {
  if (typeof detail.timestamp === 'number' && detail.timestamp > 0) return String(detail.timestamp);
  return /(\d{10,})$/.exec(row.message)?.[1] ?? row.message;
}

/**
 * The operator's sentence for a known system event (an i18n key and its values), read from the event
 * and its detail; the server's English message and migration class names stay for unknown events only.
 */
export function systemLogText(row: SystemLogText): { key: string; values: Record<string, string | number> } | null {
  const detail = detailOf(row);
  const account = typeof detail.account === 'string' ? detail.account : '';
  const service = /^(\S+) service/.exec(row.message)?.[1] ?? '';
  switch (row.event) {
    case 'start':
      return { key: 'log.text.start', values: { service } };
    case 'stop':
      return { key: 'log.text.stop', values: { service } };
    case 'migration':
      return { key: 'log.text.migration', values: { version: migrationVersion(row, detail) } };
    case 'login-failed':
      return account && typeof detail.failures === 'number'
        ? { key: 'log.text.wrongPassword', values: { account, failures: detail.failures } }
        : { key: 'log.text.unknownAccount', values: { account } };
    case 'account-locked':
      return { key: 'log.text.accountLocked', values: { account, minutes: typeof detail.minutes === 'number' ? detail.minutes : '' } };
    case 'admin-created':
      return { key: 'log.text.adminCreated', values: { account } };
    case 'company-registered':
      return { key: 'log.text.companyRegistered', values: { company: /^company (.+) registered by /.exec(row.message)?.[1] ?? '', account } };
    case 'password-reset':
      return { key: 'log.text.passwordReset', values: { account } };
    default:
      return null;
  }
}
