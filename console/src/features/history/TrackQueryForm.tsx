import { Button, FormGroup, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@openfleet/errors';
import { notify } from '../../app/toaster';
import { formatCst } from '../monitor/liveSlice';
import { windowProblem } from './track-archive';
import { DateTimePicker } from '../formats/DateTimePicker';

export interface TrackQuery {
  startTime: string;
  endTime: string;
  allLocations: boolean;
  mode: 'footprint' | 'trip';
}

/** Time range, key points or full track, footprint or trip; the window limit is checked before asking. */
export function TrackQueryForm({ plate, disabled, windowDays, onQuery }: { plate: string; disabled: boolean; windowDays: number; onQuery: (query: TrackQuery) => void }) {
  const { t, i18n } = useTranslation();
  const today = formatCst(Math.floor(Date.now() / 1000)).slice(0, 10);
  const [startTime, setStart] = useState(`${today} 00:00:00`);
  const [endTime, setEnd] = useState(`${today} 23:59:59`);
  const [allLocations, setAll] = useState(false);
  const [mode, setMode] = useState<'footprint' | 'trip'>('footprint');
  const submit = () => {
    const problem = windowProblem(startTime, endTime, windowDays);
    // Spec §8 code 300 wording ("query time out of limit"), with the limit itself.
    if (problem === 'windowLimit') return notify('warning', `${messageFor(300, i18n.language === 'en_US' ? 'en_US' : 'zh_CN')} (${t('history.windowLimit', { days: windowDays })})`, 3000);
    if (problem === 'badTime') return notify('warning', t('history.badTime'), 3000);
    onQuery({ startTime, endTime, allLocations, mode });
  };
  return (
    <div className="of-track-query">
      <FormGroup label={t('history.vehicle')} inline>
        <InputGroup readOnly value={plate} placeholder={t('history.pickVehicle')} className="of-track-vehicle" />
      </FormGroup>
      <FormGroup label={t('history.start')} inline>
        <DateTimePicker className="of-track-start" aria-label={t('history.start')} value={startTime} onChange={setStart} />
      </FormGroup>
      <FormGroup label={t('history.end')} inline>
        <DateTimePicker className="of-track-end" aria-label={t('history.end')} value={endTime} onChange={setEnd} />
      </FormGroup>
      <RadioGroup inline label={t('history.points')} selectedValue={allLocations ? 'all' : 'key'} onChange={(event) => setAll(event.currentTarget.value === 'all')}>
        <Radio value="key" label={t('history.keyPoints')} />
        <Radio value="all" label={t('history.allPoints')} />
      </RadioGroup>
      <RadioGroup inline label={t('history.mode')} selectedValue={mode} onChange={(event) => setMode(event.currentTarget.value as 'footprint' | 'trip')}>
        <Radio value="footprint" label={t('history.footprint')} />
        <Radio value="trip" label={t('history.trip')} />
      </RadioGroup>
      <Button intent="primary" icon="search" className="of-track-submit" disabled={disabled} text={t('history.query')} onClick={submit} />
    </div>
  );
}
