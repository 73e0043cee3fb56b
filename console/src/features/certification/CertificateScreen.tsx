import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { CertificateView } from '@openfleet/contracts/industry';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { useExport } from '../statistics/StatisticsScreens';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { useCertificatesQuery } from './certificationApi';
import { listParams } from './CertificationLogScreen';
import { useCheckName } from './CheckTable';
import './certification.css';

/** /veclCertifica/conformityCertfictvelcList: the vehicles that passed, with their certificate (printable) and the Excel export. */
export default function CertificateScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const checkName = useCheckName();
  const [shown, setShown] = useState<CertificateView | null>(null);
  const exportSheet = useExport('industry/certification/certificates/export', 'certificates.xlsx');
  const useList = useMemo(
    () =>
      function useCertificateList(query: PageQuery, skip: boolean) {
        const { data, isFetching } = useCertificatesQuery(listParams({}, query), { skip, pollingInterval: 30_000 });
        return { data, isFetching };
      },
    [],
  );
  const columns: ColumnSpec<CertificateView>[] = [
    { key: 'certificateNo', titleKey: 'certification.certificateNo', width: 170, render: (row) => row.certificateNo },
    { key: 'plateCode', titleKey: 'certification.vehicle', width: 100, render: (row) => row.plateCode || row.vehicleId },
    { key: 'standard', titleKey: 'certification.standard', width: 100, render: (row) => t(`certification.standard.${row.standard}`) },
    { key: 'terminal', titleKey: 'certification.terminal', width: 170, render: (row) => (row.standard === 'jt808' ? row.terminalPhone : row.vin) },
    { key: 'issuedOn', titleKey: 'certification.issuedOn', width: 110, render: (row) => row.issuedOn },
    { key: 'testId', titleKey: 'certification.testId', width: 80, render: (row) => row.testId },
    { key: 'checks', titleKey: 'certification.passedChecks', width: 90, render: (row) => row.checks.filter((c) => c.status === 'passed').length },
    { key: 'print', titleKey: 'certification.certificate', width: 80, render: (row) => <Button small minimal icon="print" aria-label={t('certification.certificate')} onClick={() => setShown(row)} /> },
  ];
  return (
    <div className="of-certification">
      <TableScreen<CertificateView, Record<string, string>>
        screen="conformityCertfictvelcList"
        searchPlaceholderKey="certification.searchPlaceholder"
        columns={columns}
        useList={useList}
        cellData={t}
        {...readOnlyTable('certification.certificate')}
        canAdd={false}
        canDelete={false}
        toolbar={() => (
          <WithPower code="conformityCertfictvelcList:export">
            <Button className="of-certification-export" icon="export" text={t('excel.export')} onClick={() => void exportSheet({})} />
          </WithPower>
        )}
      />
      <Dialog isOpen={shown !== null} title={t('certification.certificate')} onClose={() => setShown(null)} style={{ width: 720 }}>
        {shown && (
          <>
            <DialogBody>
              {/* The print stylesheet prints this block alone. */}
              <div className="of-certificate-sheet">
                <h2>{t('certification.certificateTitle')}</h2>
                <p className="of-certificate-no">{t('certification.certificateNo')}: {shown.certificateNo}</p>
                <p>{t('certification.certificateText', { plate: shown.plateCode, standard: t(`certification.standard.${shown.standard}`), terminal: shown.standard === 'jt808' ? shown.terminalPhone : shown.vin })}</p>
                <ul>
                  {shown.checks.map((check) => (
                    <li key={check.code}>{checkName(check.code)}: {t(`certification.checkStatus.${check.status}`)}</li>
                  ))}
                </ul>
                <p className="of-certificate-date">{t('certification.issuedOn')}: {shown.issuedOn}</p>
              </div>
            </DialogBody>
            <DialogFooter actions={<Button icon="print" intent="primary" text={t('certification.print')} onClick={() => window.print()} />} />
          </>
        )}
      </Dialog>
    </div>
  );
}
