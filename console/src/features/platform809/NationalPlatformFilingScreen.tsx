import { useMemo, useState } from 'react';
import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { labelMap, useCompanyOptions } from '../master-data/lookups';
import { listHook, useLookup, useResourceCallMutation, type Resource } from '../table-screen/resource-api';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { UpperPlatform } from './platform-form';

interface FilingRow {
  readonly vehicleId: string;
  readonly plateCode: string;
  readonly plateColor: number;
  readonly companyId: string;
  readonly terminalPhone: string;
  readonly filed: boolean;
  readonly filedAt: number;
}

const resource: Resource = { path: 'platform809/filing', tag: 'UpperPlatform', paged: false, searchFields: ['plateCode', 'terminalPhone'] };

/** /monitor/nationalPlatformFiling: which vehicles each superior platform has on file; filing sends 0x1201. */
export default function NationalPlatformFilingScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const platforms = useLookup<UpperPlatform[]>('platform809/platforms', 'UpperPlatform') ?? [];
  const [chosen, setChosen] = useState('');
  const [filed, setFiled] = useState('');
  const platformId = chosen || String(platforms[0]?.id ?? '');
  const useList = useMemo(() => listHook<FilingRow>(resource, { platformId: platformId || '0', ...(filed ? { filed } : {}) }), [platformId, filed]);
  const companyName = labelMap(useCompanyOptions());
  const [call, { isLoading }] = useResourceCallMutation();

  const columns: readonly ColumnSpec<FilingRow>[] = [
    { key: 'plateCode', titleKey: 'platform809.plate', sortable: true, width: 140, render: (row) => row.plateCode },
    { key: 'plateColor', titleKey: 'platform809.plateColor', width: 90, render: (row) => t(`vehicle.plateColor.${row.plateColor}`, { defaultValue: String(row.plateColor) }) },
    { key: 'companyId', titleKey: 'common.company', width: 180, render: (row) => companyName.get(row.companyId) ?? row.companyId },
    { key: 'terminalPhone', titleKey: 'platform809.sim', width: 150, render: (row) => row.terminalPhone },
    { key: 'filed', titleKey: 'platform809.filed', width: 110, render: (row) => <Tag minimal intent={row.filed ? 'success' : 'none'}>{t(row.filed ? 'platform809.filed.yes' : 'platform809.filed.no')}</Tag> },
    { key: 'filedAt', titleKey: 'platform809.filedAt', width: 170, render: (row) => (row.filedAt ? new Date(row.filedAt).toLocaleString() : '') },
  ];

  const file = async (rows: readonly FilingRow[], clear: () => void) => {
    if (!rows.length) return notify('warning', t('common.selectRowFirst'));
    const result = await call({ request: { url: 'platform809/filing', method: 'POST', body: { platformId: Number(platformId), vehicleIds: rows.map((row) => row.vehicleId) } }, invalidates: ['UpperPlatform'] });
    if (!('error' in result)) {
      notify('success', t('platform809.filedDone'));
      clear();
    }
  };

  return (
    <TableScreen<FilingRow, Record<string, string>>
      key={`${platformId}|${filed}`}
      screen="nationalPlatformFiling"
      searchPlaceholderKey="platform809.searchPlate"
      columns={columns}
      useList={(query, skip) => useList(query, skip || !platformId)}
      {...readOnlyTable('platform809.filing')}
      toolbar={(selected, clear) => (
        <>
          <HTMLSelect value={platformId} onChange={(event) => setChosen(event.target.value)} aria-label={t('platform809.platform')} data-testid="filing-platform">
            {platforms.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </HTMLSelect>
          <HTMLSelect value={filed} onChange={(event) => setFiled(event.target.value)} aria-label={t('platform809.filed')}>
            <option value="">{t('platform809.filed.all')}</option>
            <option value="1">{t('platform809.filed.yes')}</option>
            <option value="0">{t('platform809.filed.no')}</option>
          </HTMLSelect>
          <Button icon="upload" intent="primary" loading={isLoading} text={t('platform809.file')} onClick={() => void file(selected, clear)} data-testid="filing-file" />
        </>
      )}
    />
  );
}
