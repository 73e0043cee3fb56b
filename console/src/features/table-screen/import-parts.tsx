import { HTMLTable } from '@blueprintjs/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** One rejected row of an Excel import: its Excel row number and the reasons, in the user's language. */
export interface RowError {
  readonly row: number;
  readonly reasons: readonly string[];
}

/** The hidden `.xlsx` picker behind an import button: hands over the chosen file and clears itself for the next pick. */
export function SheetFileInput({ inputRef, testId, onFile }: { inputRef: RefObject<HTMLInputElement | null>; testId: string; onFile: (file: File) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept=".xlsx"
      hidden
      data-testid={testId}
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        if (file) onFile(file);
      }}
    />
  );
}

/** The rows an import refused, as every import dialog lists them. */
export function RowErrorsTable({ rows }: { rows: readonly RowError[] }) {
  const { t } = useTranslation();
  return (
    <HTMLTable compact striped className="of-row-errors">
      <thead>
        <tr>
          <th>{t('excel.row')}</th>
          <th>{t('excel.reasons')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((item) => (
          <tr key={item.row}>
            <td>{item.row}</td>
            <td>{item.reasons.join('; ')}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
