import { Button } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { CalibratedTank } from './CalibrationEditor';

// The editor charts the curve: loaded on first use, so the catalogue screens' chunk stays free of Highcharts.
const CalibrationEditor = lazy(() => import('./CalibrationEditor').then((m) => ({ default: m.CalibrationEditor })));

/** The fuel tank screen's "calibration" button: opens the editor of the one selected tank. */
export function CalibrationButton({ selected }: { selected: readonly { readonly id: number; readonly [field: string]: unknown }[] }) {
  const { t } = useTranslation();
  const [tank, setTank] = useState<CalibratedTank | null>(null);
  const open = () => {
    const row = selected.length === 1 ? selected[0] : undefined;
    if (!row) return notify('warning', t('common.selectOneRow'));
    setTank({ id: row.id, name: String(row.name ?? ''), capacity: Number(row.capacity), height: Number(row.height) });
  };
  return (
    <>
      <Button icon="timeline-line-chart" className="of-calibration-open" text={t('fuel.calibration.open')} onClick={open} />
      {tank && (
        <Suspense fallback={null}>
          <CalibrationEditor tank={tank} onClose={() => setTank(null)} />
        </Suspense>
      )}
    </>
  );
}
