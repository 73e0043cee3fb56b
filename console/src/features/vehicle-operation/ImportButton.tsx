import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import type { OperationImportResult } from '@openfleet/contracts/vehicle-service';
import { messageFor } from '@openfleet/errors';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { toCatalogueLocale, type ApiError } from '../session/error-mapping';
import { acceptLanguage, downloadSheet } from '../table-screen/excel-download';
import { RowErrorsTable, SheetFileInput } from '../table-screen/import-parts';
import { useResourceCallMutation, type Resource } from '../table-screen/resource-api';

/**
 * Excel import of an operation page (`POST <path>/import`) and its template, behind
 * `<screen>:import`. The server saves each good row and answers the others with their Excel row
 * number and reasons in the console's language; the dialog shows both.
 */
export function ImportButton({ screen, resource }: { screen: string; resource: Resource }) {
  const { t, i18n } = useTranslation();
  const store = useAppStore();
  const fileInput = useRef<HTMLInputElement>(null);
  const [call, { isLoading }] = useResourceCallMutation();
  const [result, setResult] = useState<OperationImportResult | null>(null);

  const upload = async (file: File): Promise<void> => {
    const body = new FormData();
    body.append('file', file);
    const answer = await call({
      request: { url: `${resource.path}/import`, method: 'POST', body, headers: { 'Accept-Language': acceptLanguage(i18n.language) }, silent: true },
      invalidates: [resource.tag],
    });
    if ('error' in answer) {
      const envelope = (answer.error as ApiError).envelope;
      notify('error', messageFor(envelope.errorCode, toCatalogueLocale(i18n.language)));
      return;
    }
    setResult(answer.data as OperationImportResult);
  };

  const template = async (): Promise<void> => {
    const token = store.getState().session.token ?? '';
    if (!(await downloadSheet(token, `${resource.path}/template`, {}, `${screen}-template.xlsx`, i18n.language))) notify('error', t('excel.exportFailed'));
  };

  return (
    <WithPower code={`${screen}:import`}>
      <Button icon="import" loading={isLoading} text={t('excel.import')} onClick={() => fileInput.current?.click()} />
      <Button icon="th-derived" text={t('excel.template')} onClick={() => void template()} />
      <SheetFileInput inputRef={fileInput} testId={`${screen}-import-file`} onFile={(file) => void upload(file)} />
      <Dialog isOpen={result !== null} title={t('operationPage.importResult')} onClose={() => setResult(null)} style={{ width: 640 }}>
        <DialogBody>
          <p data-testid={`${screen}-import-count`}>{t('operationPage.importedRows', { count: result?.imported ?? 0 })}</p>
          {!!result?.failed.length && (
            <>
              <p>{t('operationPage.failedRows', { count: result.failed.length })}</p>
              <RowErrorsTable rows={result.failed} />
            </>
          )}
        </DialogBody>
      </Dialog>
    </WithPower>
  );
}
