import { Button, Dialog, DialogBody, HTMLSelect } from '@blueprintjs/core';
import { CERTIFICATION_STANDARDS, CERTIFICATION_STATUSES, type CertificationTestView } from '@openfleet/contracts/industry';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithPower } from '../access/power-context';
import { OperatorName } from '../operator-names/OperatorName';
import type { ScreenProps } from '../access/screen-props';
import { vehicleOptions } from '../instruction/vehicle-options';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import { useExport } from '../statistics/StatisticsScreens';
import type { PageQuery } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { certificationFields, emptyCertificationForm, formToCertificationTest, type CertificationForm } from './certification-form';
import { useCertificationTestsQuery, useOpenCertificationTestMutation } from './certificationApi';
import { CheckTable } from './CheckTable';
import { TestStatusTag } from './TestStatusTag';
import './certification.css';

/** Running tests change every few seconds: the log looks again this often. */
const REFRESH_MS = 5_000;

interface LogFilter {
  standard: string;
  status: string;
}

/** The caller's vehicles (the monitor's tree) for the dialog. */
export function useVehicleChoices() {
  const { data: tree } = useVehicleTreeQuery();
  return useMemo(() => vehicleOptions(tree ?? []).map((vehicle) => ({ value: vehicle.id, label: vehicle.plate })), [tree]);
}

/** The query a list sends: its page, keyword and the filter's set values. */
export function listParams(filter: object, page?: PageQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (page) Object.assign(params, { current: page.pageNo, size: page.pageSize }, page.keyword ? { keyword: page.keyword } : {});
  for (const [key, value] of Object.entries(filter)) if (value) params[key] = value as string;
  return params;
}

/** /veclCertifica/veclCertificaLog: every test with its result, duration, vehicle, who and when; opening one; each test's checks. */
export default function CertificationLogScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const vehicles = useVehicleChoices();
  const fields = useMemo(() => certificationFields(vehicles), [vehicles]);
  const [filter, setFilter] = useState<LogFilter>({ standard: '', status: '' });
  const [shown, setShown] = useState<CertificationTestView | null>(null);
  const [openTest] = useOpenCertificationTestMutation();
  const exportSheet = useExport('industry/certification/tests/export', 'certification-tests.xlsx');
  const useList = useMemo(
    () =>
      function useTestList(query: PageQuery, skip: boolean) {
        const { data, isFetching } = useCertificationTestsQuery(listParams(filter, query), { skip, pollingInterval: REFRESH_MS });
        return { data, isFetching };
      },
    [filter],
  );
  const columns: ColumnSpec<CertificationTestView>[] = [
    { key: 'id', titleKey: 'certification.testId', width: 70, render: (row) => row.id },
    { key: 'plateCode', titleKey: 'certification.vehicle', width: 100, render: (row) => row.plateCode || row.vehicleId },
    { key: 'standard', titleKey: 'certification.standard', width: 100, render: (row) => t(`certification.standard.${row.standard}`) },
    { key: 'terminal', titleKey: 'certification.terminal', width: 160, render: (row) => (row.standard === 'jt808' ? row.terminalPhone : row.vin) },
    { key: 'startedAt', titleKey: 'certification.startedAt', width: 150, render: (row) => row.startedAt },
    { key: 'durationS', titleKey: 'certification.durationMin', width: 80, render: (row) => Math.round(row.durationS / 60) },
    { key: 'status', titleKey: 'certification.result', width: 90, render: (row) => <TestStatusTag status={row.status} /> },
    { key: 'checks', titleKey: 'certification.passedChecks', width: 90, render: (row) => `${row.passedChecks}/${row.totalChecks}` },
    { key: 'createdBy', titleKey: 'certification.createdBy', width: 80, render: (row) => <OperatorName id={row.createdBy} /> },
    { key: 'certificateNo', titleKey: 'certification.certificateNo', width: 160, render: (row) => row.certificateNo ?? '—' },
    { key: 'detail', titleKey: 'certification.detail', width: 70, render: (row) => <Button small minimal icon="document-open" aria-label={t('certification.detail')} onClick={() => setShown(row)} /> },
  ];
  return (
    <div className="of-certification">
      <TableScreen<CertificationTestView, CertificationForm>
        screen="veclCertificaLog"
        searchPlaceholderKey="certification.searchPlaceholder"
        columns={columns}
        useList={useList}
        cellData={t}
        fields={fields}
        emptyForm={emptyCertificationForm}
        toForm={() => emptyCertificationForm}
        dialogWidth={600}
        addTitleKey="certification.open"
        editTitleKey="certification.open"
        canEdit={false}
        canDelete={false}
        save={async (form) => !('error' in (await openTest(formToCertificationTest(form))))}
        remove={async () => false}
        toolbar={() => (
          <div className="of-certification-filters">
            <HTMLSelect aria-label={t('certification.standard')} value={filter.standard} onChange={(e) => setFilter({ ...filter, standard: e.currentTarget.value })}>
              <option value="">{t('certification.allStandards')}</option>
              {CERTIFICATION_STANDARDS.map((value) => <option key={value} value={value}>{t(`certification.standard.${value}`)}</option>)}
            </HTMLSelect>
            <HTMLSelect aria-label={t('certification.result')} value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.currentTarget.value })}>
              <option value="">{t('certification.allResults')}</option>
              {CERTIFICATION_STATUSES.map((value) => <option key={value} value={value}>{t(`certification.status.${value}`)}</option>)}
            </HTMLSelect>
            <WithPower code="veclCertificaLog:export">
              <Button className="of-certification-export" icon="export" text={t('excel.export')} onClick={() => void exportSheet(listParams(filter) as Record<string, string>)} />
            </WithPower>
          </div>
        )}
      />
      <Dialog isOpen={shown !== null} title={shown ? t('certification.detailTitle', { id: shown.id, plate: shown.plateCode }) : ''} onClose={() => setShown(null)} style={{ width: 1000 }}>
        {shown && (
          <DialogBody>
            <p>
              <TestStatusTag status={shown.status} /> {shown.startedAt} → {shown.endsAt} · {t(`certification.standard.${shown.standard}`)}
            </p>
            <CheckTable checks={shown.checks} />
          </DialogBody>
        )}
      </Dialog>
    </div>
  );
}
