import { Button, Dialog, DialogBody, HTMLTable, ProgressBar, Tag } from '@blueprintjs/core';
import type { FuelExportKind } from '@openfleet/contracts/vehicle-service';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { formatCst } from '../monitor/liveSlice';
import { downloadSheet } from '../table-screen/excel-download';
import { useCreateFuelExportTaskMutation, useDeleteFuelExportTaskMutation, useFuelExportTasksQuery } from './fuelApi';

/** Task status 1: complete, download status 1/2: a file to fetch (the tracking tasks' codes). */
const COMPLETE = 1;
const HAS_FILE = new Set([1, 2]);

/** The caller's offline downloads of the fuel ledger, refreshed every 3 s while shown. */
function FuelExportTaskList({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const store = useAppStore();
  const { data } = useFuelExportTasksQuery(undefined, { pollingInterval: 3000 });
  const [remove] = useDeleteFuelExportTaskMutation();
  const download = async (id: number, kind: FuelExportKind) => {
    if (!(await downloadSheet(store.getState().session.token ?? '', `vehicleService/fuel/export-task/${id}/download`, {}, `${kind}-${id}.xlsx`))) notify('error', t('excel.exportFailed'));
  };
  const tasks = data?.records ?? [];
  return (
    <Dialog isOpen title={t('fuel.export.tasks')} onClose={onClose} style={{ width: 900 }}>
      <DialogBody>
        <HTMLTable compact striped className="of-fuel-export-tasks">
          <thead>
            <tr>
              <th>{t('exportTask.name')}</th>
              <th>{t('exportTask.createdAt')}</th>
              <th>{t('exportTask.taskStatus')}</th>
              <th>{t('exportTask.downloadStatus')}</th>
              <th>{t('exportTask.progress')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {tasks.length === 0 && <tr><td colSpan={6}>{t('common.noData')}</td></tr>}
            {tasks.map((task) => (
              <tr key={task.id} data-task={task.id} data-status={task.taskStatus}>
                <td>{task.title}</td>
                <td>{formatCst(Math.floor(task.createdAt / 1000))}</td>
                <td><Tag minimal intent={task.taskStatus === COMPLETE ? 'success' : task.taskStatus === 2 ? 'danger' : 'primary'}>{t(`exportTask.status.${task.taskStatus}`)}</Tag></td>
                <td>{t(`exportTask.download.${task.downloadStatus}`)}</td>
                <td style={{ width: 120 }}><ProgressBar value={task.progress / 100} intent={task.taskStatus === COMPLETE ? 'success' : 'primary'} animate={task.taskStatus !== COMPLETE} stripes={task.taskStatus !== COMPLETE} /></td>
                <td>
                  {HAS_FILE.has(task.downloadStatus) && <Button small minimal icon="download" text={t('exportTask.downloadFile')} onClick={() => void download(task.id, task.kind)} />}
                  <Button small minimal icon="trash" intent="danger" aria-label={t('common.delete')} onClick={() => void remove(task.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
    </Dialog>
  );
}

/** "Export offline" (a task with the page's filter) and the list of the caller's fuel downloads. */
export function FuelExportButtons({ kind, params }: { kind: FuelExportKind; params: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [create, { isLoading }] = useCreateFuelExportTaskMutation();
  const [listing, setListing] = useState(false);
  const start = async () => {
    if (!('error' in (await create({ kind, params })))) {
      notify('success', t('fuel.export.created'));
      setListing(true);
    }
  };
  return (
    <>
      <Button className="of-fuel-offline" icon="cloud-download" loading={isLoading} text={t('exportTask.offline')} onClick={() => void start()} />
      <Button className="of-fuel-tasks" icon="list" text={t('fuel.export.tasks')} onClick={() => setListing(true)} />
      {listing && <FuelExportTaskList onClose={() => setListing(false)} />}
    </>
  );
}
