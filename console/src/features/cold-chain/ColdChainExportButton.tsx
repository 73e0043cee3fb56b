import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { WithPower } from '../access/power-context';
import { useExport } from '../statistics/StatisticsScreens';

interface ColdChainExportButtonProps {
  readonly code: string;
  readonly path: string;
  readonly fileName: string;
  readonly params: Record<string, string | undefined>;
}

/** Excel of what the page shows, for those with the page's export code. */
export function ColdChainExportButton({ code, path, fileName, params }: ColdChainExportButtonProps) {
  const { t } = useTranslation();
  const exportSheet = useExport(path, fileName);
  return (
    <WithPower code={code}>
      <Button className="of-cold-export" icon="export" text={t('excel.export')} onClick={() => void exportSheet(params)} />
    </WithPower>
  );
}
