import { Button, FormGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { messageFor } from '@openfleet/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { formatCst } from '../monitor/liveSlice';
import { VEHICLE_TRACKS_MAX_VEHICLES } from '@openfleet/contracts/live';
import { selectionProblem } from './vehicle-track-model';
import { DateTimePicker } from '../formats/DateTimePicker';

export interface VehicleTrackWindow {
  startTime: string;
  endTime: string;
  allLocations: boolean;
}

/** The window (today by default, at most 24 h), key or every point, query and the summary's Excel export. */
export function VehicleTrackForm({ vehicleIds, busy, canExport, onQuery, onExport }: {
  vehicleIds: readonly string[];
  busy: boolean;
  canExport: boolean;
  onQuery: (window: VehicleTrackWindow) => void;
  onExport: () => void;
}) {
  const { t, i18n } = useTranslation();
  const today = formatCst(Math.floor(Date.now() / 1000)).slice(0, 10);
  const [startTime, setStart] = useState(`${today} 00:00:00`);
  const [endTime, setEnd] = useState(`${today} 23:59:59`);
  const [allLocations, setAll] = useState(false);
  const submit = () => {
    const problem = selectionProblem(vehicleIds, startTime, endTime);
    // Spec §8 code 300 for a window over the limit, as the server answers it.
    if (problem === 'windowLimit') return notify('warning', `${messageFor(300, i18n.language === 'en_US' ? 'en_US' : 'zh_CN')} (${t('vehicleTrack.windowLimit')})`, 3000);
    if (problem) return notify('warning', t(`vehicleTrack.problem.${problem}`), 3000);
    onQuery({ startTime, endTime, allLocations });
  };
  return (
    <div className="of-track-query of-vehicle-track-query">
      <span className="of-vehicle-track-picked-count">{t('vehicleTrack.picked', { count: vehicleIds.length, max: VEHICLE_TRACKS_MAX_VEHICLES })}</span>
      <FormGroup label={t('history.start')} inline>
        <DateTimePicker className="of-vehicle-track-start" aria-label={t('history.start')} value={startTime} onChange={setStart} />
      </FormGroup>
      <FormGroup label={t('history.end')} inline>
        <DateTimePicker className="of-vehicle-track-end" aria-label={t('history.end')} value={endTime} onChange={setEnd} />
      </FormGroup>
      <RadioGroup inline label={t('history.points')} selectedValue={allLocations ? 'all' : 'key'} onChange={(event) => setAll(event.currentTarget.value === 'all')}>
        <Radio value="key" label={t('history.keyPoints')} />
        <Radio value="all" label={t('history.allPoints')} />
      </RadioGroup>
      <Button intent="primary" icon="search" className="of-vehicle-track-submit" disabled={busy} text={t('history.query')} onClick={submit} />
      <WithPower code="vehicleTrack:export">
        <Button icon="export" className="of-vehicle-track-export" disabled={!canExport} text={t('vehicleTrack.export')} onClick={onExport} />
      </WithPower>
    </div>
  );
}
