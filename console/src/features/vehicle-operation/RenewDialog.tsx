import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import type { ServiceTerm } from '@openfleet/contracts/vehicle-service';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { formatCst } from '../monitor/liveSlice';
import { useRenewServiceTermMutation, useServiceRenewalsQuery } from './operationApi';
import { DateTimePicker } from '../formats/DateTimePicker';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

/** 续费: extends a term to a new end (after the current one), with the package, fee and paid state of the renewal. */
export function RenewDialog({ term, onClose }: { term: ServiceTerm | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [renew, { isLoading }] = useRenewServiceTermMutation();
  const [form, setForm] = useState({ newEnd: '', packageName: '', fee: '', paid: true, remark: '' });
  useEffect(() => {
    if (term) setForm({ newEnd: '', packageName: term.packageName, fee: term.fee ? String(term.fee) : '', paid: true, remark: '' });
  }, [term]);
  const problem = !DATE.test(form.newEnd) ? 'operationPage.badDate' : term && form.newEnd <= term.endDate ? 'operationPage.renewAfterEnd' : form.fee && !MONEY.test(form.fee) ? 'operationPage.badNumber' : null;

  const submit = async (): Promise<void> => {
    if (!term || problem) return;
    const result = await renew({ termId: term.id, body: { newEnd: form.newEnd, packageName: form.packageName || undefined, fee: form.fee ? Number(form.fee) : undefined, paid: form.paid, remark: form.remark || undefined } });
    if (!('error' in result)) {
      notify('success', t('common.saved'));
      onClose();
    }
  };

  return (
    <Dialog isOpen={term !== null} title={t('operationPage.renewTitle', { plate: term?.plateCode ?? '' })} onClose={onClose} style={{ width: 440 }}>
      <DialogBody>
        <p>{t('operationPage.currentEnd', { date: term?.endDate ?? '' })}</p>
        <FormGroup label={t('operationPage.newEnd')} labelFor="of-renew-end" intent={form.newEnd && problem ? 'danger' : 'none'} helperText={form.newEnd && problem ? t(problem) : undefined}>
          <DateTimePicker id="of-renew-end" mode="date" value={form.newEnd} onChange={(newEnd) => setForm((f) => ({ ...f, newEnd }))} />
        </FormGroup>
        <FormGroup label={t('operationPage.packageName')} labelFor="of-renew-package">
          <InputGroup id="of-renew-package" value={form.packageName} maxLength={64} onValueChange={(packageName) => setForm((f) => ({ ...f, packageName }))} />
        </FormGroup>
        <FormGroup label={t('operationPage.serviceFee')} labelFor="of-renew-fee">
          <InputGroup id="of-renew-fee" value={form.fee} onValueChange={(fee) => setForm((f) => ({ ...f, fee }))} />
        </FormGroup>
        <Checkbox label={t('operationPage.paid')} checked={form.paid} onChange={(event) => setForm((f) => ({ ...f, paid: event.currentTarget.checked }))} />
        <FormGroup label={t('operationPage.remark')} labelFor="of-renew-remark">
          <InputGroup id="of-renew-remark" value={form.remark} maxLength={255} onValueChange={(remark) => setForm((f) => ({ ...f, remark }))} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('operationPage.renew')} loading={isLoading} disabled={problem !== null} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}

/** The renewals of a term, newest first. */
export function RenewalHistoryDialog({ term, onClose }: { term: ServiceTerm | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useServiceRenewalsQuery(term?.id ?? 0, { skip: !term });
  return (
    <Dialog isOpen={term !== null} title={t('operationPage.renewalHistory', { plate: term?.plateCode ?? '' })} onClose={onClose} style={{ width: 750 }}>
      <DialogBody>
        {data && data.length === 0 ? (
          <p>{t('operationPage.noRenewals')}</p>
        ) : (
          <HTMLTable compact striped className="of-renewals">
            <thead>
              <tr>
                <th>{t('operationPage.renewedAt')}</th>
                <th>{t('operationPage.previousEnd')}</th>
                <th>{t('operationPage.newEnd')}</th>
                <th>{t('operationPage.packageName')}</th>
                <th>{t('operationPage.serviceFee')}</th>
                <th>{t('operationPage.paid')}</th>
                <th>{t('operationPage.remark')}</th>
              </tr>
            </thead>
            <tbody>
              {(data ?? []).map((renewal) => (
                <tr key={renewal.id}>
                  <td>{formatCst(Math.floor(renewal.createdAt / 1000))}</td>
                  <td>{renewal.previousEnd}</td>
                  <td>{renewal.newEnd}</td>
                  <td>{renewal.packageName}</td>
                  <td>{renewal.fee.toFixed(2)}</td>
                  <td>{t(`operationPage.paidState.${renewal.paid ? 1 : 0}`)}</td>
                  <td>{renewal.remark}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
    </Dialog>
  );
}
