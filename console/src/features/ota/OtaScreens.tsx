import { Button, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLSelect, HTMLTable, InputGroup, ProgressBar, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { selectLiveVehicles } from '../monitor/monitor-selectors';
import { useMonitorData } from '../monitor/useMonitorData';
import { VehicleTree } from '../monitor/VehicleTree';
import { listHook, useLookupQuery, useResourceCallMutation, useResourceMutations, type Resource } from '../table-screen/resource-api';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';

interface OtaPackage {
  readonly id: number;
  readonly name: string;
  readonly version: string;
  readonly targetType: number;
  readonly makerId: string;
  readonly targetModels: string;
  readonly size: number;
  readonly sha256: string;
  readonly uploadedAt: number;
}

interface OtaTask {
  readonly id: number;
  readonly packageId: number;
  readonly vehicleId: string;
  readonly plateCode: string;
  /** 0 sending, 1 delivered, 2 upgraded, 3 failed, 4 cancelled. */
  readonly status: number;
  readonly errorCode: number;
  readonly packageName?: string;
  readonly version?: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

const packages: Resource = { path: 'energy/ota/packages', tag: 'Battery', paged: true };
const tasks: Resource = { path: 'energy/ota/tasks', tag: 'Battery', paged: true };
const STATUS_INTENT = ['none', 'primary', 'success', 'danger', 'warning'] as const;
const time = (ms: number) => (ms ? new Date(ms).toLocaleString() : '');

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag minimal intent={STATUS_INTENT[status] ?? 'none'}>{t(`ota.status.${status}`)}</Tag>;
}

/** Upload: the file, its version, maker id, target type and models, optionally its SHA-256. */
function UploadButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [form, setForm] = useState({ name: '', version: '', makerId: '', targetType: '0', targetModels: '', checksum: '' });
  const [call, { isLoading }] = useResourceCallMutation();
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const submit = async () => {
    if (!file || !form.name.trim() || !form.version.trim() || !form.makerId.trim()) return notify('warning', t('ota.fillRequired'));
    const body = new FormData();
    for (const [key, value] of Object.entries(form)) if (value.trim()) body.append(key, value.trim());
    body.append('file', file);
    const result = await call({ request: { url: 'energy/ota/packages', method: 'POST', body }, invalidates: ['Battery'] });
    if (!('error' in result)) {
      notify('success', t('ota.uploaded'));
      setOpen(false);
    }
  };
  return (
    <WithPower code="otaUpdata:upload">
      <Button icon="upload" intent="success" text={t('ota.upload')} onClick={() => setOpen(true)} />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={t('ota.upload')} style={{ width: 520 }}>
        <DialogBody>
          <FormGroup label={t('ota.file')}><FileInput buttonText={t('common.browse')} fill text={file?.name ?? t('ota.chooseFile')} inputProps={{ 'data-testid': 'ota-file' } as object} onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} /></FormGroup>
          <FormGroup label={t('ota.name')}><InputGroup value={form.name} onValueChange={set('name')} maxLength={64} /></FormGroup>
          <FormGroup label={t('ota.version')}><InputGroup value={form.version} onValueChange={set('version')} maxLength={64} /></FormGroup>
          <FormGroup label={t('ota.makerId')}><InputGroup value={form.makerId} onValueChange={set('makerId')} maxLength={11} /></FormGroup>
          <FormGroup label={t('ota.targetType')}>
            <HTMLSelect fill value={form.targetType} onChange={(e) => set('targetType')(e.currentTarget.value)}>
              {[0, 12, 52].map((v) => <option key={v} value={v}>{t(`ota.targetType.${v}`)}</option>)}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('ota.targetModels')}><InputGroup value={form.targetModels} onValueChange={set('targetModels')} maxLength={255} /></FormGroup>
          <FormGroup label={t('ota.checksum')} helperText={t('ota.checksumHelp')}><InputGroup value={form.checksum} onValueChange={set('checksum')} maxLength={64} /></FormGroup>
        </DialogBody>
        <DialogFooter actions={<><Button text={t('common.cancel')} onClick={() => setOpen(false)} /><Button intent="primary" loading={isLoading} text={t('common.confirm')} onClick={() => void submit()} /></>} />
      </Dialog>
    </WithPower>
  );
}

/** Send the selected package to vehicles checked in the company tree; then follow each vehicle's upgrade. */
function SendButton({ pack }: { pack: OtaPackage | undefined }) {
  const { t } = useTranslation();
  const { rows } = useMonitorData();
  const vehicles = useAppSelector(selectLiveVehicles);
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState<Record<string, true>>({});
  const [call, { isLoading }] = useResourceCallMutation();
  const send = async () => {
    const vehicleIds = Object.keys(checked);
    if (!pack || !vehicleIds.length) return notify('warning', t('ota.pickVehicles'));
    const result = await call({ request: { url: 'energy/ota/send', method: 'POST', body: { packageId: pack.id, vehicleIds } }, invalidates: ['Battery'] });
    if (!('error' in result)) {
      notify('success', t('ota.sent', { count: vehicleIds.length }));
      setOpen(false);
    }
  };
  return (
    <WithPower code="otaUpdata:send">
      <Button icon="send-to" text={t('ota.send')} onClick={() => (pack ? (setChecked({}), setOpen(true)) : notify('warning', t('common.selectRowFirst')))} />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={`${t('ota.send')} ${pack?.name ?? ''} ${pack?.version ?? ''}`} style={{ width: 420, height: 560 }}>
        <DialogBody>
          <div style={{ height: 420 }}>
            <VehicleTree
              rows={rows} vehicles={vehicles} selected={null} onSelect={() => undefined} checked={checked} checkLimit={200}
              onLimit={() => notify('warning', t('ota.tooMany'))}
              onCheck={(ids, on) => setChecked((current) => { const next = { ...current }; for (const id of ids) { if (on) next[id] = true; else delete next[id]; } return next; })}
            />
          </div>
        </DialogBody>
        <DialogFooter actions={<><span>{t('ota.checkedCount', { count: Object.keys(checked).length })}</span><Button text={t('common.cancel')} onClick={() => setOpen(false)} /><Button intent="primary" loading={isLoading} text={t('ota.send')} onClick={() => void send()} /></>} />
      </Dialog>
    </WithPower>
  );
}

/** Each vehicle's upgrade of the selected package, refreshed while open. */
function ProgressButton({ pack }: { pack: OtaPackage | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Refreshed every 3 s while open: terminals report 0x0108 minutes after taking the package.
  const page = useLookupQuery({ url: `energy/ota/tasks?packageId=${pack?.id ?? 0}&size=1000`, tag: 'Battery' }, { skip: !open || !pack, pollingInterval: 3000, refetchOnMountOrArgChange: true }).data as { records: OtaTask[] } | undefined;
  const records = page?.records ?? [];
  const done = records.filter((r) => r.status >= 2).length;
  return (
    <>
      <Button icon="timeline-bar-chart" text={t('ota.progress')} onClick={() => (pack ? setOpen(true) : notify('warning', t('common.selectRowFirst')))} />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={`${t('ota.progress')} ${pack?.name ?? ''} ${pack?.version ?? ''}`} style={{ width: 640 }}>
        <DialogBody>
          <div data-testid="ota-progress">
            <ProgressBar value={records.length ? done / records.length : 0} stripes={false} intent="primary" />
            <p>{t('ota.progressText', { done, total: records.length })}</p>
            <HTMLTable compact striped style={{ width: '100%' }}>
              <thead><tr><th>{t('ota.plate')}</th><th>{t('ota.statusTitle')}</th><th>{t('ota.errorCode')}</th><th>{t('ota.updatedAt')}</th></tr></thead>
              <tbody>{records.map((r) => <tr key={r.id}><td>{r.plateCode}</td><td><StatusTag status={r.status} /></td><td>{r.errorCode || ''}</td><td>{time(r.updatedAt)}</td></tr>)}</tbody>
            </HTMLTable>
          </div>
        </DialogBody>
      </Dialog>
    </>
  );
}

const usePackages = listHook<OtaPackage>(packages);

/** /monitor/otaUpdata: upgrade packages; upload, send to vehicles, follow the progress. */
export function OtaUpdataScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { remove } = useResourceMutations(packages);
  const columns: readonly ColumnSpec<OtaPackage>[] = [
    { key: 'name', titleKey: 'ota.name', width: 160, render: (p) => p.name },
    { key: 'version', titleKey: 'ota.version', width: 110, render: (p) => p.version },
    { key: 'targetType', titleKey: 'ota.targetType', width: 150, render: (p) => t(`ota.targetType.${p.targetType}`) },
    { key: 'makerId', titleKey: 'ota.makerId', width: 100, render: (p) => p.makerId },
    { key: 'targetModels', titleKey: 'ota.targetModels', width: 140, render: (p) => p.targetModels },
    { key: 'size', titleKey: 'ota.size', width: 90, render: (p) => `${(p.size / 1024).toFixed(1)} KiB` },
    { key: 'sha256', titleKey: 'ota.checksum', width: 200, render: (p) => p.sha256.slice(0, 16) },
    { key: 'uploadedAt', titleKey: 'ota.uploadedAt', width: 160, render: (p) => time(p.uploadedAt) },
  ];
  return (
    <TableScreen<OtaPackage, Record<string, never>>
      screen="otaUpdata" searchPlaceholderKey="ota.search" columns={columns} useList={usePackages}
      {...readOnlyTable('ota.upload')}
      canAdd={false}
      remove={(rows) => remove(rows.map((p) => p.id))}
      toolbar={(selected) => (<><UploadButton /><SendButton pack={selected[0]} /><ProgressButton pack={selected[0]} /></>)}
    />
  );
}

const useTasks = listHook<OtaTask>(tasks);

/** /monitor/otaUpgradeLog: every vehicle's upgrades, newest first. */
export function OtaUpgradeLogScreen(_props: ScreenProps) {
  const columns: readonly ColumnSpec<OtaTask>[] = [
    { key: 'plateCode', titleKey: 'ota.plate', width: 120, render: (r) => r.plateCode },
    { key: 'packageName', titleKey: 'ota.name', width: 160, render: (r) => r.packageName ?? '' },
    { key: 'version', titleKey: 'ota.version', width: 110, render: (r) => r.version ?? '' },
    { key: 'status', titleKey: 'ota.statusTitle', width: 100, render: (r) => <StatusTag status={r.status} /> },
    { key: 'errorCode', titleKey: 'ota.errorCode', width: 90, render: (r) => (r.errorCode ? String(r.errorCode) : '') },
    { key: 'createdAt', titleKey: 'ota.sentAt', width: 160, render: (r) => time(r.createdAt) },
    { key: 'updatedAt', titleKey: 'ota.updatedAt', width: 160, render: (r) => time(r.updatedAt) },
  ];
  return <TableScreen<OtaTask, Record<string, never>> screen="otaUpgradeLog" searchPlaceholderKey="ota.searchPlate" columns={columns} useList={useTasks} {...readOnlyTable('ota.log')} />;
}
