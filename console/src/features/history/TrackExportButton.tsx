import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { useCreateExportTaskMutation } from '../statistics/statisticsApi';

/** The queried track (every point of the window) as an offline download task: the header's download list follows it. */
export function TrackExportButton({ window }: { window: { vehicleId: string; startTime: string; endTime: string } | null }) {
  const { t } = useTranslation();
  const [createTask, { isLoading }] = useCreateExportTaskMutation();
  const run = async () => {
    if (!window) return;
    const result = await createTask({ kind: 'track', params: { vehicleIds: window.vehicleId, startTime: window.startTime, endTime: window.endTime } });
    if (!('error' in result)) notify('success', t('exportTask.created'));
  };
  return (
    <WithPower code="historyTrack:export">
      <Button className="of-track-export" icon="cloud-download" text={t('exportTask.offline')} disabled={!window || isLoading} onClick={() => void run()} />
    </WithPower>
  );
}
