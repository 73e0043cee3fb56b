import type { AlarmRow } from './alarmApi';

export interface HandleForm {
  readonly handleStatus: string;
  /** Empty until the operator picks one: no result is preselected (a preselected 误报 closed real alarms). */
  readonly handleResult: string;
  readonly remark: string;
}

export const emptyHandleForm: HandleForm = { handleStatus: '1', handleResult: '', remark: '' };

export type HandleRequest = { alarmIds: string[]; handleStatus: number; handleResult?: number; remark: string };

/** The request the dialog sends, or the i18n key of what is missing. */
export function handleRequestOf(alarms: readonly Pick<AlarmRow, 'id'>[], form: HandleForm): { request: HandleRequest } | { missing: string } {
  if (alarms.length === 0) return { missing: 'alarm.selectOne' };
  if (form.handleStatus === '1' && !form.handleResult) return { missing: 'alarm.handling.pickResult' };
  if (form.handleStatus === '1' && form.handleResult === '22' && !form.remark.trim()) return { missing: 'alarm.handling.remarkRequired' };
  return {
    request: {
      alarmIds: alarms.map((alarm) => String(alarm.id)),
      handleStatus: Number(form.handleStatus),
      ...(form.handleStatus === '1' ? { handleResult: Number(form.handleResult) } : {}),
      remark: form.remark.trim(),
    },
  };
}
