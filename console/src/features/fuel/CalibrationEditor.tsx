import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, InputGroup } from '@blueprintjs/core';
import { messageFor } from '@openfleet/errors';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { ApiError } from '../session/error-mapping';
import { draftOf, nextDraft, pointOf, pointProblems, pointsFromSheet, pointsToSave, type CalibrationDraft, type CalibrationPoint, type SheetRowError, type TankBounds } from './calibration-points';
import { CalibrationChart } from './CalibrationChart';
import { useSaveTankCalibrationMutation, useTankCalibrationQuery } from './calibrationApi';
import { readSheetFile } from './sheet-file';
import './fuel.css';

/** Admin's 3002: a point above the tank's capacity or height (its data is the point). */
const CALIBRATION_EXCEEDS_TANK = 3002;

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
  const [drafts, setDrafts] = useState<CalibrationDraft[]>([]);
  const [rowErrors, setRowErrors] = useState<SheetRowError[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => setDrafts((stored ?? []).map(draftOf)), [stored]);
  const problems = useMemo(() => pointProblems(drafts, tank), [drafts, tank]);
  const points = useMemo(() => drafts.map(pointOf).filter((point): point is CalibrationPoint => point !== null), [drafts]);

  // 3002 in words: which point, and the tank it does not fit.
  const exceedsWords = (point: { height: number; quantity: number }) => t('fuel.calibration.exceedsDetail', { message: messageFor(CALIBRATION_EXCEEDS_TANK, locale), height: point.height, quantity: point.quantity, tankHeight: tank.height, capacity: tank.capacity });

  const edit = (index: number, patch: Partial<CalibrationDraft>) => setDrafts((now) => now.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  const importFile = async (picked: File) => {
    try {
      const { drafts: read, errors } = pointsFromSheet(await readSheetFile(picked));
      setRowErrors(errors);
      if (errors.length === 0) setDrafts(read);
    } catch {
      notify('error', t('fuel.calibration.unreadable'));
    }
  };
  const submit = async () => {
    const ready = pointsToSave(drafts, tank);
    const firstExceeding = problems.findIndex((problem) => problem === 'fuel.calibration.exceedsTank');
    if (firstExceeding >= 0) return setRefusal(exceedsWords(pointOf(drafts[firstExceeding]!)!));
    if (!ready) return notify('warning', t('fuel.calibration.fixRows'));
    setRefusal(null);
    const result = await save({ tankId: tank.id, points: ready });
    if (!('error' in result)) return notify('success', t('common.saved'));
    const envelope = (result.error as ApiError).envelope;
    if (envelope.errorCode === CALIBRATION_EXCEEDS_TANK) setRefusal(exceedsWords((envelope.data as CalibrationPoint | undefined) ?? { height: 0, quantity: 0 }));
    else notify('error', envelope.errorCode === 998 && envelope.msg ? envelope.msg : messageFor(envelope.errorCode, locale));
  };

  return (
    <Dialog isOpen title={t('fuel.calibration.title', { tank: tank.name })} onClose={onClose} style={{ width: 1000 }} canOutsideClickClose={false}>
      <DialogBody>
        <WithPower code="fuelTank:calibrate">
          <div className="of-calibration-tools">
            <Button icon="add" text={t('fuel.calibration.addPoint')} onClick={() => setDrafts((now) => [...now, nextDraft(now)])} />
            <Button icon="import" text={t('fuel.calibration.import')} onClick={() => file.current?.click()} />
            <span className="bp6-text-muted">{t('fuel.calibration.importHint')}</span>
            <input ref={file} type="file" hidden accept=".xlsx,.csv" data-testid="calibration-import-file" onChange={(event) => { const picked = event.currentTarget.files?.[0]; event.currentTarget.value = ''; if (picked) void importFile(picked); }} />
          </div>
        </WithPower>
        {refusal && <Callout intent="danger" icon="error" className="of-calibration-refusal">{refusal}</Callout>}
        {rowErrors.length > 0 && (
          <Callout intent="warning" title={t('excel.rowErrors')} className="of-calibration-row-errors">
            <p>{t('excel.nothingImported')}</p>
            {rowErrors.map((error) => <div key={error.row}>{t('fuel.calibration.rowError', { row: error.row, values: error.reasons.join('; ') })}</div>)}
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
