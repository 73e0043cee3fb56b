import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { downloadSheet } from '../table-screen/excel-download';

/** Excel export of what the list's filters select (`GET <path>/export`), behind `<screen>:export`. */
export function ExportButton({ screen, path, params }: { screen: string; path: string; params: Record<string, string | number | undefined> }) {
  const { t, i18n } = useTranslation();
  const store = useAppStore();
  const download = async (): Promise<void> => {
    if (!(await downloadSheet(store.getState().session.token ?? '', `${path}/export`, params, `${screen}.xlsx`, i18n.language))) notify('error', t('excel.exportFailed'));
  };
  return (
    <WithPower code={`${screen}:export`}>
      <Button icon="export" text={t('excel.export')} onClick={() => void download()} />
    </WithPower>
  );
}
