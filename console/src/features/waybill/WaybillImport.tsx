import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { messageFor } from '@openfleet/errors';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { toCatalogueLocale, type ApiError } from '../session/error-mapping';
import { downloadSheet } from '../table-screen/excel-download';
import { rowErrorsOf } from '../table-screen/ExcelButtons';
import { RowErrorsTable, SheetFileInput, type RowError } from '../table-screen/import-parts';
import { useImportWaybillsMutation } from './waybillApi';

/**
 * Excel import of dispatchers' waybills behind waybill:import: the template, the upload, and the
 * rows the service refused (5005: nothing was written) in a dialog, as the master-data imports do.
 */
export function WaybillImport() {
  const { t, i18n } = useTranslation();
  const store = useAppStore();
  const fileInput = useRef<HTMLInputElement>(null);
  const [importWaybills, { isLoading }] = useImportWaybillsMutation();
  const [rowErrors, setRowErrors] = useState<RowError[] | null>(null);

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    const result = await importWaybills(body);
    if (!('error' in result)) return notify('success', t('waybill.imported', { count: result.data.imported }));
    const rows = rowErrorsOf(result.error);
    if (rows) return setRowErrors(rows);
    const envelope = (result.error as ApiError).envelope;
    notify('error', envelope?.errorCode === 998 && envelope.msg ? envelope.msg : messageFor(envelope?.errorCode ?? 500, toCatalogueLocale(i18n.language)));
  };

  const template = async () => {
    const token = store.getState().session.token ?? '';
    if (!(await downloadSheet(token, 'industry/waybill/template', {}, 'waybill-template.xlsx'))) notify('error', t('excel.exportFailed'));
  };

  return (
    <WithPower code="waybill:import">
      <Button className="of-waybill-import" icon="import" loading={isLoading} text={t('excel.import')} title={t('waybill.importHint')} onClick={() => fileInput.current?.click()} />
      <Button className="of-waybill-template" icon="th-derived" text={t('excel.template')} onClick={() => void template()} />
      <SheetFileInput inputRef={fileInput} testId="waybill-import-file" onFile={(file) => void upload(file)} />
      <Dialog isOpen={rowErrors !== null} title={t('excel.rowErrors')} onClose={() => setRowErrors(null)} style={{ width: 600 }}>
        <DialogBody>
          <p>{t('excel.nothingImported')}</p>
          <RowErrorsTable rows={rowErrors ?? []} />
        </DialogBody>
      </Dialog>
    </WithPower>
  );
}
