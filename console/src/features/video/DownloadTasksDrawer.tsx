import { Button, Drawer, HTMLTable, ProgressBar, Tag } from '@blueprintjs/core';
import { VideoDownloadStatus, type VideoDownloadView } from '@openfleet/contracts/video';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { useControlDownloadMutation, useDownloadsQuery } from './videoApi';

/** Spec: the list refreshes every 2 s while a download runs. */
export const DOWNLOAD_POLL_MS = 2000;

/** Whether the list should poll: some task is still executing. */
export function anyExecuting(tasks: readonly VideoDownloadView[]): boolean {
  return tasks.some((task) => task.status === VideoDownloadStatus.EXECUTING);
}

/** Saves a finished download's file (the API wants the bearer token, so not a plain link). */
async function saveFile(token: string, task: VideoDownloadView): Promise<boolean> {
  const response = await fetch(`/video/downloads/${task.id}/file`, { headers: { Authorization: `Bearer ${token}` }, credentials: 'include' });
  if (!response.ok) return false;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = task.fileName || `video-${task.id}`;
  link.click();
  URL.revokeObjectURL(link.href);
  return true;
}

/** The video download tasks (0x9206 to our FTP server) in a drawer. */
export function DownloadTasksDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer isOpen={isOpen} onClose={onClose} title={t('media.download.title')} size="60%" className="of-video-downloads">
      <DownloadTaskList />
    </Drawer>
  );
}

/** The tasks with progress, pause, resume, cancel and the file; fetched fresh each time the drawer opens. */
export function DownloadTaskList() {
  const { t } = useTranslation();
  const store = useAppStore();
  const [control] = useControlDownloadMutation();
  const [polling, setPolling] = useState(false);
  const { data, refetch } = useDownloadsQuery({ current: 1, size: 50 }, { refetchOnMountOrArgChange: true, pollingInterval: polling ? DOWNLOAD_POLL_MS : 0 });
  const shown = data?.records ?? [];
  const executing = anyExecuting(shown);
  useEffect(() => setPolling(executing), [executing]);
  const act = async (id: number, command: 0 | 1 | 2) => {
    await control({ id, control: command });
    void refetch();
  };
  const download = async (task: VideoDownloadView) => {
    if (!(await saveFile(store.getState().session.token ?? '', task))) notify('error', t('media.download.fileFailed'));
  };
  return (
      <div className="of-video-downloads-body">
        <Button icon="refresh" text={t('media.refresh')} onClick={() => void refetch()} />
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>{t('media.plate')}</th>
              <th>{t('media.channel')}</th>
              <th>{t('media.startTime')}</th>
              <th>{t('media.endTime')}</th>
              <th>{t('media.download.status')}</th>
              <th>{t('media.download.progress')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {shown.map((task) => (
              <tr key={task.id} className="of-video-download" data-id={task.id} data-status={task.status}>
                <td>{task.plateCode}</td>
                <td>{task.channel}</td>
                <td>{task.startTime}</td>
                <td>{task.endTime}</td>
                <td>
                  <Tag minimal intent={task.status === VideoDownloadStatus.DOWNLOADED ? 'success' : task.status === VideoDownloadStatus.GENERATION_FAILED ? 'danger' : 'none'}>{t(`media.download.status.${task.status}`)}</Tag>
                </td>
                <td className="of-video-download-progress">
                  <ProgressBar value={task.progress / 100} animate={task.status === VideoDownloadStatus.EXECUTING} stripes={task.status === VideoDownloadStatus.EXECUTING} />
                  <span>{task.progress}%</span>
                </td>
                <td>
                  {task.status === VideoDownloadStatus.EXECUTING && <Button size="small" icon="pause" aria-label={t('media.download.pause')} onClick={() => void act(task.id, 0)} />}
                  {task.status === VideoDownloadStatus.NOT_DOWNLOADED && <Button size="small" icon="play" aria-label={t('media.download.resume')} onClick={() => void act(task.id, 1)} />}
                  {(task.status === VideoDownloadStatus.EXECUTING || task.status === VideoDownloadStatus.NOT_DOWNLOADED) && <Button size="small" icon="cross" aria-label={t('media.download.cancel')} onClick={() => void act(task.id, 2)} />}
                  {task.status === VideoDownloadStatus.DOWNLOADED && <Button size="small" icon="download" aria-label={t('media.download.file')} onClick={() => void download(task)} />}
                </td>
              </tr>
            ))}
            {!shown.length && (
              <tr>
                <td colSpan={7}>{t('common.noData')}</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </div>
  );
}
