import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { CalibrationEditor, type CalibratedTank } from './CalibrationEditor';

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
      {tank && <CalibrationEditor tank={tank} onClose={() => setTank(null)} />}
    </>
  );
}
