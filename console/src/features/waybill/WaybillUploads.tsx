import { Button, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import type { WaybillUploadView } from '@openfleet/contracts/industry';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useExport } from '../statistics/StatisticsScreens';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { emptyWaybillFilter, waybillListParams, type WaybillFilter } from './waybill-filter';
import { useWaybillUploadsQuery } from './waybillApi';
import { useWaybillOptions } from './WaybillPlans';
import { WaybillFilterBar } from './WaybillFilterBar';

/** Electronic waybills terminals reported (0x0701): by vehicle, driver and time, with their content. */
export function WaybillUploads() {
  const { t } = useTranslation();
  const { vehicles } = useWaybillOptions();
  const [filter, setFilter] = useState<WaybillFilter>(emptyWaybillFilter);
  const [shown, setShown] = useState<WaybillUploadView | null>(null);
  // The dialog is portalled out of the themed layout: it takes the dark theme itself.
  const dark = useAppSelector((state) => state.settings.theme === 'dark');
  const exportSheet = useExport('industry/waybill/uploads/export', 'waybill-uploads.xlsx');
  const useList = useMemo(
    () =>
      function useUploadList(query: PageQuery, skip: boolean) {
        const { data, isFetching } = useWaybillUploadsQuery(waybillListParams({ ...filter, state: '' }, query), { skip, pollingInterval: 30_000 });
        return { data, isFetching };
      },
    [filter],
  );
  const columns: ColumnSpec<WaybillUploadView>[] = [
    { key: 'receivedAt', titleKey: 'waybill.receivedAt', width: 150, render: (row) => row.receivedAt },
    { key: 'plateCode', titleKey: 'waybill.vehicle', width: 100, render: (row) => row.plateCode || row.terminalPhone },
    { key: 'driverName', titleKey: 'waybill.driver', width: 90, render: (row) => row.driverName || '—' },
    { key: 'length', titleKey: 'waybill.length', width: 95, render: (row) => row.length },
    { key: 'text', titleKey: 'waybill.content', width: 420, render: (row) => row.text },
    { key: 'detail', titleKey: 'waybill.detail', width: 80, render: (row) => <Button small minimal icon="document-open" aria-label={t('waybill.detail')} onClick={() => setShown(row)} /> },
  ];
  return (
    <>
      <TableScreen<WaybillUploadView, Record<string, string>>
        screen="waybill"
        searchPlaceholderKey="waybill.contentPlaceholder"
        columns={columns}
        useList={useList}
        cellData={t}
        {...readOnlyTable('waybill.tab.uploads')}
        canAdd={false}
        canDelete={false}
        toolbar={() => <WaybillFilterBar filter={filter} vehicles={vehicles} onApply={setFilter} onExport={(f) => void exportSheet(waybillListParams({ ...f, state: '' }) as Record<string, string>)} />}
      />
      <Dialog isOpen={shown !== null} className={dark ? 'bp6-dark' : undefined} title={t('waybill.detail')} onClose={() => setShown(null)} style={{ width: 640 }}>
        {shown && (
          <DialogBody>
            <p className="of-waybill-text">{shown.text || '—'}</p>
            {shown.fields.length > 0 && (
              <HTMLTable compact striped className="of-waybill-fields">
                <tbody>
                  {shown.fields.map((field, index) => (
                    <tr key={index}><th>{field.key}</th><td>{field.value}</td></tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
            <p className="of-waybill-hex" title={t('waybill.hex')}>{shown.hex}</p>
          </DialogBody>
        )}
      </Dialog>
    </>
  );
}
