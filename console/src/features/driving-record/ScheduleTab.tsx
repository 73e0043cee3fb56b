import { Button, Checkbox, HTMLTable, InputGroup, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { TACHOGRAPH_COLLECT_WORDS } from '@openfleet/contracts/instruction';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useGranted } from '../access/granted';
import { useDeleteRecorderScheduleMutation, useRecorderSchedulesQuery, useSaveRecorderScheduleMutation } from './drivingRecordApi';
import { wordHex } from './WordList';

/**
 * The daily collection: which command words the platform asks every vehicle of the company (or
 * this vehicle alone) for, each night for the day before. Changing it needs controlInstruction:send.
 */
export function ScheduleTab({ vehicleId }: { vehicleId: string }) {
  const { t, i18n } = useTranslation();
  const label = (pair: readonly [string, string]) => (i18n.language === 'en_US' ? pair[1] : pair[0]);
  const canChange = useGranted('controlInstruction:send');
  const { data } = useRecorderSchedulesQuery();
  const [save, { isLoading }] = useSaveRecorderScheduleMutation();
  const [remove] = useDeleteRecorderScheduleMutation();
  const [target, setTarget] = useState<'company' | 'vehicle'>('company');
  const [words, setWords] = useState<number[]>([0x08, 0x10]);
  const [maxBlocks, setMaxBlocks] = useState('60');
  const [enabled, setEnabled] = useState(true);

  const submit = async () => {
    const body = { ...(target === 'vehicle' ? { vehicleId } : {}), words, maxBlocks: Math.min(Math.max(Number(maxBlocks) || 1, 1), 2880), enabled };
    if (!('error' in (await save(body)))) notify('success', t('drivingRecord.scheduleSaved'));
  };

  return (
    <div className="of-driving-schedule">
      <HTMLTable compact striped className="of-driving-schedules">
        <thead>
          <tr>
            <th>{t('drivingRecord.scheduleTarget')}</th>
            <th>{t('drivingRecord.words')}</th>
            <th>{t('drivingRecord.maxBlocks')}</th>
            <th>{t('drivingRecord.enabled')}</th>
            {canChange && <th />}
          </tr>
        </thead>
        <tbody>
          {(data ?? []).map((s) => (
            <tr key={s.id}>
              <td>{s.vehicleId ? s.plateCode || s.vehicleId : t('drivingRecord.wholeCompany', { id: s.companyId })}</td>
              <td>{s.words.map(wordHex).join(' ')}</td>
              <td>{s.maxBlocks}</td>
              <td>{t(s.enabled ? 'drivingRecord.on' : 'drivingRecord.off')}</td>
              {canChange && (
                <td>
                  <Button small minimal icon="trash" aria-label={t('drivingRecord.removeSchedule')} onClick={() => void remove(s.id)} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {canChange && (
        <div className="of-driving-schedule-form">
          <RadioGroup inline selectedValue={target} onChange={(e) => setTarget(e.currentTarget.value as 'company' | 'vehicle')}>
            <Radio value="company" label={t('drivingRecord.forCompany')} />
            <Radio value="vehicle" label={t('drivingRecord.forVehicle')} />
          </RadioGroup>
          <div className="of-driving-schedule-words">
            {TACHOGRAPH_COLLECT_WORDS.map((w) => (
              <Checkbox key={w.value} inline label={`${wordHex(w.value)} ${label(w.label)}`} checked={words.includes(w.value)} onChange={() => setWords(words.includes(w.value) ? words.filter((x) => x !== w.value) : [...words, w.value])} />
            ))}
          </div>
          <InputGroup className="of-driving-schedule-blocks" value={maxBlocks} onChange={(e) => setMaxBlocks(e.currentTarget.value.replace(/\D/g, ''))} leftElement={<span className="of-driving-blocks-label">{t('drivingRecord.maxBlocks')}</span>} />
          <Switch checked={enabled} label={t('drivingRecord.enabled')} onChange={() => setEnabled(!enabled)} />
          <Button intent="primary" icon="floppy-disk" loading={isLoading} disabled={!words.length} text={t('drivingRecord.saveSchedule')} onClick={() => void submit()} />
        </div>
      )}
    </div>
  );
}
