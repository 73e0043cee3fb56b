import { useRef, useState } from 'react';
import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { messageFor } from '@openfleet/errors';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import type { ApiError } from '../session/error-mapping';
import { toCatalogueLocale } from '../session/error-mapping';
import { WithPower } from '../access/power-context';
import { downloadSheet } from './excel-download';
import { RowErrorsTable, SheetFileInput, type RowError } from './import-parts';
import { useResourceCallMutation, type ResourceTag } from './resource-api';

/** Server code for "rows rejected": `data` lists `{row, reasons[]}` (Excel row numbers). */
export const IMPORT_ROWS_REJECTED = 5005;

export type { RowError };

/** The row errors of an import answer, or null when the failure is not about rows. */
export function rowErrorsOf(error: unknown): RowError[] | null {
  const envelope = (error as Partial<ApiError> | undefined)?.envelope;
  if (envelope?.errorCode !== IMPORT_ROWS_REJECTED || !Array.isArray(envelope.data)) return null;
  return (envelope.data as RowError[]).map((item) => ({ row: Number(item.row), reasons: item.reasons ?? [] }));
}

interface ExcelButtonsProps {
  readonly screen: string;
  /** `basic/vehicle`: import posts to `<path>/import`, export downloads `<path>/export`. */
  readonly path: string;
  readonly tag: ResourceTag;
  /** The import template (`GET <path>/template`) where the API has one. */
  readonly template?: boolean;
}

/** Excel import (showing the rejected rows) and export, each behind its action code. */
export function ExcelButtons({ screen, path, tag, template }: ExcelButtonsProps) {
  const { t, i18n } = useTranslation();
  const store = useAppStore();
  const fileInput = useRef<HTMLInputElement>(null);
  const [call, { isLoading }] = useResourceCallMutation();
  const [rowErrors, setRowErrors] = useState<RowError[] | null>(null);

  const upload = async (file: File): Promise<void> => {
    const body = new FormData();
    body.append('file', file);
    // Silent: row errors get their own dialog, other failures a toast below.
    const result = await call({ request: { url: `${path}/import`, method: 'POST', body, silent: true }, invalidates: [tag] });
    if (!('error' in result)) {
      notify('success', t('excel.imported'));
      return;
    }
    const rows = rowErrorsOf(result.error);
    if (rows) setRowErrors(rows);
    else {
      const envelope = (result.error as ApiError).envelope;
      notify('error', envelope.errorCode === 998 && envelope.msg ? envelope.msg : messageFor(envelope.errorCode, toCatalogueLocale(i18n.language)));
    }
  };

  const download = async (what: 'export' | 'template'): Promise<void> => {
    const token = store.getState().session.token ?? '';
    if (!(await downloadSheet(token, `${path}/${what}`, {}, `${screen}${what === 'template' ? '-template' : ''}.xlsx`))) notify('error', t('excel.exportFailed'));
  };

  return (
    <>
      <WithPower code={`${screen}:import`}>
        <Button icon="import" loading={isLoading} text={t('excel.import')} onClick={() => fileInput.current?.click()} />
        {template && <Button icon="th-derived" text={t('excel.template')} onClick={() => void download('template')} />}
        <SheetFileInput inputRef={fileInput} testId={`${screen}-import-file`} onFile={(file) => void upload(file)} />
      </WithPower>
      <WithPower code={`${screen}:export`}>
        <Button icon="export" text={t('excel.export')} onClick={() => void download('export')} />
      </WithPower>
      <Dialog isOpen={rowErrors !== null} title={t('excel.rowErrors')} onClose={() => setRowErrors(null)} style={{ width: 600 }}>
        <DialogBody>
          <p>{t('excel.nothingImported')}</p>
          <RowErrorsTable rows={rowErrors ?? []} />
        </DialogBody>
      </Dialog>
    </>
  );
}
