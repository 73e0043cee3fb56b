import { Button, Callout, HTMLSelect, NonIdealState, ProgressBar } from '@blueprintjs/core';
import { parseChinaTime } from '@openfleet/contracts/time';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPower } from '../access/menu-tree';
import { usePower, WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { useExport } from '../statistics/StatisticsScreens';
import { useCertificationTestQuery, useCertificationTestsQuery } from './certificationApi';
import { CheckTable } from './CheckTable';
import { TestStatusTag } from './TestStatusTag';
import './certification.css';

/** The checks move as frames arrive (the monitor writes after each batch): the view asks again this often. */
const LIVE_MS = 2_000;

/** /veclCertifica/veclCertificaRealTimeLog: a running test's checks as they pass or fail, live (polled). */
export default function RealTimeLogScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const allowed = hasPower(usePower(), 'veclCertificaRealTimeLog:search');
  const { data: running, refetch } = useCertificationTestsQuery({ status: 'running', current: 1, size: 100 }, { skip: !allowed, pollingInterval: 10_000 });
  const [testId, setTestId] = useState<number | null>(null);
  const exportSheet = useExport('industry/certification/tests/export', 'certification-running.xlsx');
  const tests = running?.records ?? [];
  // Follow the first running test until the operator picks one; keep a finished one shown.
  useEffect(() => {
    if (testId === null && tests.length) setTestId(tests[0].id);
  }, [testId, tests]);
  const { data: test } = useCertificationTestQuery(testId ?? 0, { skip: testId === null || !allowed, pollingInterval: LIVE_MS });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!allowed) return <NonIdealState icon="lock" title={t('certification.noPermission')} />;
  const remainingS = test ? Math.max(0, Math.round((parseChinaTime(test.endsAt) - now) / 1000)) : 0;
  return (
    <div className="of-certification of-certification-live">
      <div className="of-certification-filters">
        <HTMLSelect aria-label={t('certification.runningTest')} value={testId ?? ''} onChange={(e) => setTestId(Number(e.currentTarget.value) || null)}>
          {testId !== null && !tests.some((row) => row.id === testId) && test && <option value={test.id}>{`#${test.id} ${test.plateCode}`}</option>}
          {tests.length === 0 && testId === null && <option value="">{t('certification.noRunning')}</option>}
          {tests.map((row) => <option key={row.id} value={row.id}>{`#${row.id} ${row.plateCode} · ${t(`certification.standard.${row.standard}`)}`}</option>)}
        </HTMLSelect>
        <Button icon="refresh" minimal aria-label={t('certification.refresh')} onClick={() => void refetch()} />
        <WithPower code="veclCertificaRealTimeLog:export">
          <Button className="of-certification-export" icon="export" text={t('excel.export')} onClick={() => void exportSheet({ status: 'running' })} />
        </WithPower>
      </div>
      {!test ? (
        <NonIdealState icon="dashboard" title={t('certification.noRunning')} description={t('certification.noRunningHint')} />
      ) : (
        <>
          <Callout className="of-certification-head" intent={test.status === 'failed' ? 'danger' : test.status === 'passed' ? 'success' : 'primary'}>
            <TestStatusTag status={test.status} /> <b>{test.plateCode}</b> · {t(`certification.standard.${test.standard}`)} · {test.standard === 'jt808' ? test.terminalPhone : test.vin}
            <span className="of-certification-counts">{t('certification.counts', { passed: test.passedChecks, failed: test.failedChecks, total: test.totalChecks })}</span>
            {test.status === 'running' && (
              <>
                <ProgressBar className="of-certification-progress" intent="primary" stripes={false} value={1 - remainingS / test.durationS} />
                <span>{t('certification.remaining', { minutes: Math.floor(remainingS / 60), seconds: remainingS % 60 })}</span>
              </>
            )}
            {test.certificateNo && <span className="of-certification-counts">{t('certification.certificateNo')}: {test.certificateNo}</span>}
          </Callout>
          <CheckTable checks={test.checks} />
        </>
      )}
    </div>
  );
}
