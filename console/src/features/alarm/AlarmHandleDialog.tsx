import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { cstTime } from '../instruction/command-form';
import { HANDLE_RESULTS } from './alarm-types';
import { emptyHandleForm, handleRequestOf, type HandleForm } from './alarm-handling';
import { useHandleAlarmsMutation, type AlarmRow } from './alarmApi';

/**
 * Handling one alarm or many. The alarms are a snapshot taken when the button was pressed (the list
 * refreshes under the operator); the dialog names each one it will close, and no result is chosen for the operator.
 */
export function AlarmHandleDialog({ alarms, onClose }: { alarms: readonly AlarmRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<HandleForm>(emptyHandleForm);
  const [handle, { isLoading }] = useHandleAlarmsMutation();
  const ready = handleRequestOf(alarms, form);
  const submit = async () => {
    if ('missing' in ready) return notify('warning', t(ready.missing));
    const result = await handle(ready.request);
    if ('data' in result) {
      notify('success', t('alarm.handled', { count: result.data?.handled ?? 0 }), 1500);
      onClose();
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('alarm.handleTitle', { count: alarms.length })} className="of-alarm-handle-dialog" style={{ width: 560 }}>
      <DialogBody>
        <Callout intent="primary" icon="info-sign" className="of-alarm-handle-targets">
          <HTMLTable compact>
            <tbody>
              {alarms.map((alarm) => (
                <tr key={alarm.id} data-alarm-id={alarm.id}>
                  <td>{alarm.plateCode || alarm.terminalPhone}</td>
                  <td>{t(`alarm.kind.${alarm.type}`, { defaultValue: alarm.type })}</td>
                  <td>{cstTime(alarm.startedAt)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Callout>
        <FormGroup label={t('alarm.status')} labelFor="of-alarm-handle-status">
          <HTMLSelect id="of-alarm-handle-status" value={form.handleStatus} onChange={(e) => setForm({ ...form, handleStatus: e.currentTarget.value })}>
            {[1, 2, 3].map((status) => (
              <option key={status} value={status}>
                {t(`alarm.statusName.${status}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {form.handleStatus === '1' && (
          <FormGroup label={t('alarm.result')} labelFor="of-alarm-handle-result" labelInfo="*">
            <HTMLSelect id="of-alarm-handle-result" value={form.handleResult} onChange={(e) => setForm({ ...form, handleResult: e.currentTarget.value })}>
              <option value="" disabled>
                {t('alarm.handling.pickResult')}
              </option>
              {HANDLE_RESULTS.map((result) => (
                <option key={result} value={result}>
                  {t(`alarm.resultName.${result}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
        <FormGroup label={t('alarm.remark')} labelFor="of-alarm-remark">
          <InputGroup id="of-alarm-remark" value={form.remark} maxLength={255} onChange={(e) => setForm({ ...form, remark: e.currentTarget.value })} />
        </FormGroup>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={t('alarm.confirm')} loading={isLoading} disabled={'missing' in ready} onClick={() => void submit()} />} />
    </Dialog>
  );
}
