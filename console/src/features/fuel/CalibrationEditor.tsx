import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, InputGroup } from '@blueprintjs/core';
import { messageFor } from '@openfleet/errors';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector, useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { ApiError } from '../session/error-mapping';
import { downloadSheet } from '../table-screen/excel-download';
import { rowErrorsOf, type RowError } from '../table-screen/ExcelButtons';
import { draftOf, nextDraft, pointOf, pointProblems, pointsToSave, type CalibrationDraft, type CalibrationPoint, type TankBounds } from './calibration-points';
import { CALIBRATION_EXCEEDS_TANK, exceedingOf } from './calibration-refusal';
import { CalibrationChart } from './CalibrationChart';
import { useImportTankCalibrationMutation, useSaveTankCalibrationMutation, useTankCalibrationQuery } from './calibrationApi';
import './fuel.css';

export interface CalibratedTank extends TankBounds {
  readonly id: number;
  readonly name: string;
}

/** The calibration table of one tank: points edited in place, a chart of the curve, Excel/CSV import, save. */
export function CalibrationEditor({ tank, onClose }: { tank: CalibratedTank; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en_US' ? 'en_US' : 'zh_CN';
  const { data: stored } = useTankCalibrationQuery(tank.id);
  const [save, { isLoading }] = useSaveTankCalibrationMutation();
  const [upload, { isLoading: importing }] = useImportTankCalibrationMutation();
  const store = useAppStore();
  // The dialog is portalled out of the themed layout: it takes the dark theme itself, as its chart does.
  const dark = useAppSelector((state) => state.settings.theme === 'dark');
  const [drafts, setDrafts] = useState<CalibrationDraft[]>([]);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => setDrafts((stored ?? []).map(draftOf)), [stored]);
  const problems = useMemo(() => pointProblems(drafts, tank), [drafts, tank]);
  const points = useMemo(() => drafts.map(pointOf).filter((point): point is CalibrationPoint => point !== null), [drafts]);

  // 3002 in words: which point (a save) or which Excel rows (an import), and the tank they do not fit.
  const tankWords = { message: messageFor(CALIBRATION_EXCEEDS_TANK, locale), tankHeight: tank.height, capacity: tank.capacity };
  const exceedsWords = (data: unknown) => {
    const { point, rows } = exceedingOf(data);
    if (rows) return t('fuel.calibration.exceedsRows', { ...tankWords, rows: rows.join(', ') });
    return t('fuel.calibration.exceedsDetail', { ...tankWords, height: point?.height ?? '—', quantity: point?.quantity ?? '—' });
  };
  /** A refusal of the API: 3002 beside the table, import row errors listed, anything else a toast. */
  const refused = (error: unknown) => {
    const envelope = (error as ApiError).envelope;
    const rows = rowErrorsOf(error);
    if (rows) setRowErrors(rows);
    else if (envelope.errorCode === CALIBRATION_EXCEEDS_TANK) setRefusal(exceedsWords(envelope.data));
    else notify('error', envelope.errorCode === 998 && envelope.msg ? envelope.msg : messageFor(envelope.errorCode, locale));
  };

  const edit = (index: number, patch: Partial<CalibrationDraft>) => setDrafts((now) => now.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  const importFile = async (picked: File) => {
    setRowErrors([]);
    setRefusal(null);
    // The server reads the sheet as the master-data imports do and replaces the table only when every row is right.
    const result = await upload({ tankId: tank.id, file: picked });
    if ('error' in result) refused(result.error);
    else notify('success', t('excel.imported'));
  };
  const template = async () => {
    if (!(await downloadSheet(store.getState().session.token ?? '', `basic/fuel-tank/${tank.id}/calibration/template`, {}, 'calibration-template.xlsx'))) notify('error', t('excel.exportFailed'));
  };
  const submit = async () => {
    const ready = pointsToSave(drafts, tank);
    const firstExceeding = problems.findIndex((problem) => problem === 'fuel.calibration.exceedsTank');
    if (firstExceeding >= 0) return setRefusal(exceedsWords(pointOf(drafts[firstExceeding]!)));
    if (!ready) return notify('warning', t('fuel.calibration.fixRows'));
    setRefusal(null);
    const result = await save({ tankId: tank.id, points: ready });
    if ('error' in result) refused(result.error);
    else notify('success', t('common.saved'));
  };

  return (
    <Dialog isOpen className={dark ? 'bp6-dark' : undefined} title={t('fuel.calibration.title', { tank: tank.name })} onClose={onClose} style={{ width: 1000 }} canOutsideClickClose={false}>
      <DialogBody>
        <WithPower code="fuelTank:calibrate">
          <div className="of-calibration-tools">
            <Button icon="add" text={t('fuel.calibration.addPoint')} onClick={() => setDrafts((now) => [...now, nextDraft(now)])} />
            <Button icon="import" loading={importing} text={t('fuel.calibration.import')} onClick={() => file.current?.click()} />
            <Button icon="th-derived" text={t('excel.template')} onClick={() => void template()} />
            <span className="bp6-text-muted">{t('fuel.calibration.importHint')}</span>
            <input ref={file} type="file" hidden accept=".xlsx" data-testid="calibration-import-file" onChange={(event) => { const picked = event.currentTarget.files?.[0]; event.currentTarget.value = ''; if (picked) void importFile(picked); }} />
          </div>
        </WithPower>
        {refusal && <Callout intent="danger" icon="error" className="of-calibration-refusal">{refusal}</Callout>}
        {rowErrors.length > 0 && (
          <Callout intent="warning" title={t('excel.rowErrors')} className="of-calibration-row-errors">
            <p>{t('excel.nothingImported')}</p>
            {rowErrors.map((error) => <div key={error.row}>{t('fuel.calibration.rowError', { row: error.row, reasons: error.reasons.join('; ') })}</div>)}
          </Callout>
        )}
        <div className="of-calibration">
          <div className="of-calibration-table">
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>{t('fuel.calibration.level')}</th>
                  <th>{t('fuel.calibration.height')}</th>
                  <th>{t('fuel.calibration.quantity')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {drafts.length === 0 && <tr><td colSpan={4}>{t('common.noData')}</td></tr>}
                {drafts.map((draft, index) => {
                  const problem = problems[index];
                  const intent = problem ? 'danger' : 'none';
                  return (
                    <tr key={index} data-problem={problem ?? ''} title={problem ? t(problem) : undefined}>
                      <td><InputGroup small intent={intent} value={draft.level} aria-label={t('fuel.calibration.level')} onValueChange={(level) => edit(index, { level })} /></td>
                      <td><InputGroup small intent={intent} value={draft.height} aria-label={t('fuel.calibration.height')} onValueChange={(height) => edit(index, { height })} /></td>
                      <td><InputGroup small intent={intent} value={draft.quantity} aria-label={t('fuel.calibration.quantity')} onValueChange={(quantity) => edit(index, { quantity })} /></td>
                      <td>
                        <WithPower code="fuelTank:calibrate">
                          <Button small minimal icon="trash" intent="danger" aria-label={t('common.delete')} onClick={() => setDrafts((now) => now.filter((_, i) => i !== index))} />
                        </WithPower>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </div>
          <CalibrationChart points={points} tank={tank} />
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <WithPower code="fuelTank:calibrate">
              <Button intent="primary" className="of-calibration-save" loading={isLoading} text={t('common.save')} onClick={() => void submit()} />
            </WithPower>
          </>
        }
      />
    </Dialog>
  );
}
