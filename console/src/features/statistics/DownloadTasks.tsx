import { HubEvent } from '@openfleet/contracts/live';
import { Button, Drawer, HTMLSelect, HTMLTable, ProgressBar, Tag } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { useLiveEvent, trailing } from '../../app/use-live-socket';
import { cstTime } from '../instruction/command-form';
import { downloadSheet } from '../table-screen/excel-download';
import './statistics.css';
import { useDeleteExportTaskMutation, useExportTasksQuery, useMoveExportTaskMutation, type ExportTask, type ExportTaskEvent } from './statisticsApi';

/** The refresh options of the offline download list (spec §9): 15 s, 30 s, 10 min. */
const REFRESH_MS = [15_000, 30_000, 600_000];
const INCOMPLETE = 0;
const COMPLETE = 1;
const PAUSED = 4;

/** A task's progress events refetch the list, at most once a second. */
function useExportTaskSocket(onEvent: (event: ExportTaskEvent) => void) {
  const dispatch = useAppDispatch();
  const refetch = useMemo(() => trailing(1000, () => dispatch(api.util.invalidateTags([{ type: 'ExportTask', id: 'LIST' }]))), [dispatch]);
  const listen = useCallback(
    (event: ExportTaskEvent) => {
      onEvent(event);
      refetch();
    },
    [onEvent, refetch],
  );
  useLiveEvent(HubEvent.exportTask, listen);
}

function TaskRow({ task, live }: { task: ExportTask; live?: ExportTaskEvent }) {
  const { t } = useTranslation();
  const store = useAppStore();
  const [move] = useMoveExportTaskMutation();
  const [remove] = useDeleteExportTaskMutation();
  const status = live?.taskStatus ?? task.taskStatus;
  const progress = status === COMPLETE ? 100 : (live?.progress ?? task.progress);
  const download = async () => {
    const ok = await downloadSheet(store.getState().session.token ?? '', `gps/export-task/${task.id}/file`, {}, `${task.kind}-${task.id}.xlsx`);
    if (!ok) notify('error', t('excel.exportFailed'));
    else store.dispatch(api.util.invalidateTags([{ type: 'ExportTask', id: 'LIST' }]));
  };
  return (
    <tr className="of-export-task" data-id={task.id} data-status={status} data-download={live?.downloadStatus ?? task.downloadStatus}>
      <td>{task.title}</td>
      <td>{cstTime(task.createdAt)}</td>
      <td>
        <Tag minimal intent={status === COMPLETE ? 'success' : status === 2 ? 'danger' : 'none'}>{t(`exportTask.status.${status}`)}</Tag>
      </td>
      <td>{task.expired ? t('exportTask.expired') : t(`exportTask.download.${live?.downloadStatus ?? task.downloadStatus}`)}</td>
      <td className="of-export-progress">
        <ProgressBar value={progress / 100} stripes={status === INCOMPLETE} animate={status === INCOMPLETE} intent={status === COMPLETE ? 'success' : 'primary'} />
        <span>{(live?.rows ?? task.rows).toLocaleString()}</span>
      </td>
      <td className="of-export-actions">
        {status === COMPLETE && !task.expired && task.downloadStatus !== 4 && <Button size="small" icon="download" aria-label={t('exportTask.downloadFile')} onClick={() => void download()} />}
        {status === INCOMPLETE && <Button size="small" icon="pause" aria-label={t('exportTask.pause')} onClick={() => void move({ id: task.id, action: 'pause' })} />}
        {status === PAUSED && <Button size="small" icon="play" aria-label={t('exportTask.resume')} onClick={() => void move({ id: task.id, action: 'resume' })} />}
        {(status === INCOMPLETE || status === PAUSED) && <Button size="small" icon="cross" aria-label={t('exportTask.cancel')} onClick={() => void move({ id: task.id, action: 'cancel' })} />}
        {status !== INCOMPLETE && <Button size="small" icon="trash" aria-label={t('common.delete')} onClick={() => void remove(task.id)} />}
      </td>
    </tr>
  );
}

/** The header's offline download button: the count of unfinished tasks, and the task list in a drawer with live progress. */
export function DownloadTasksButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [refresh, setRefresh] = useState(REFRESH_MS[0]);
  const [live, setLive] = useState<Record<number, ExportTaskEvent>>({});
  const onEvent = useCallback((event: ExportTaskEvent) => setLive((current) => ({ ...current, [event.taskId]: event })), []);
  useExportTaskSocket(onEvent);
  const { data } = useExportTasksQuery({ current: 1, size: 50 }, { pollingInterval: open ? refresh : 600_000 });
  const tasks = data?.records ?? [];
  const running = tasks.filter((task) => (live[task.id]?.taskStatus ?? task.taskStatus) === INCOMPLETE).length;
  return (
    <>
      <Button variant="minimal" icon="cloud-download" className="of-download-tasks" aria-label={t('exportTask.title')} title={t('exportTask.title')} onClick={() => setOpen(true)}>
        {running > 0 && (
          <Tag round intent="primary" className="of-badge" data-count={running}>
            {running}
          </Tag>
        )}
      </Button>
      <Drawer isOpen={open} onClose={() => setOpen(false)} title={t('exportTask.title')} size="60%" className="of-download-drawer">
        <div className="of-download-body">
          <label className="of-download-refresh">
            {t('exportTask.refresh')}{' '}
            <HTMLSelect value={refresh} onChange={(e) => setRefresh(Number(e.currentTarget.value))}>
              {REFRESH_MS.map((ms) => (
                <option key={ms} value={ms}>
                  {t(`exportTask.every.${ms}`)}
                </option>
              ))}
            </HTMLSelect>
          </label>
          <HTMLTable compact striped className="of-download-table">
            <thead>
              <tr>
                <th>{t('exportTask.name')}</th>
                <th>{t('exportTask.createdAt')}</th>
                <th>{t('exportTask.taskStatus')}</th>
                <th>{t('exportTask.downloadStatus')}</th>
                <th>{t('exportTask.progress')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {tasks.map((task) => (
                <TaskRow key={task.id} task={task} live={live[task.id]} />
              ))}
              {!tasks.length && (
                <tr>
                  <td colSpan={6}>{t('common.noData')}</td>
                </tr>
              )}
            </tbody>
          </HTMLTable>
        </div>
      </Drawer>
    </>
  );
}
