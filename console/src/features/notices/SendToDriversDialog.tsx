import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { PressReleaseView } from '@openfleet/contracts/admin';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { selectLiveVehicles } from '../monitor/monitor-selectors';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import { flattenVehicleTree } from '../monitor/vehicle-tree';
import { VehicleTree } from '../monitor/VehicleTree';
import { useSendPressReleaseMutation } from './noticesApi';

/** Vehicles checked in the company tree get the notice as a 0x8300 text (queued while offline); receipts follow. */
export function SendToDriversDialog({ notice, onClose }: { notice: PressReleaseView | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The tree alone (a picker every user may read): the latest positions need the monitor's codes, and a refusal signs out (spec §8).
  const tree = useVehicleTreeQuery();
  const rows = useMemo(() => flattenVehicleTree(tree.data ?? [], () => []), [tree.data]);
  const vehicles = useAppSelector(selectLiveVehicles);
  const [checked, setChecked] = useState<Record<string, true>>({});
  const [send, { isLoading }] = useSendPressReleaseMutation();
  useEffect(() => setChecked({}), [notice]);

  const submit = async () => {
    const vehicleIds = Object.keys(checked);
    if (!notice || !vehicleIds.length) return notify('warning', t('notices.pickVehicles'));
    const result = await send({ id: notice.id, vehicleIds });
    if (!('error' in result)) {
      notify('success', t('notices.sentToDrivers', { count: vehicleIds.length }));
      onClose();
    }
  };
  return (
    <Dialog isOpen={notice !== null} onClose={onClose} title={`${t('notices.sendToDrivers')} ${notice?.title ?? ''}`} style={{ width: 440, height: 560 }}>
      <DialogBody>
        <div style={{ height: 420 }}>
          <VehicleTree
            rows={rows} vehicles={vehicles} selected={null} onSelect={() => undefined} checked={checked} checkLimit={2000}
            onLimit={() => notify('warning', t('notices.tooManyVehicles'))}
            onCheck={(ids, on) => setChecked((current) => { const next = { ...current }; for (const id of ids) { if (on) next[id] = true; else delete next[id]; } return next; })}
          />
        </div>
      </DialogBody>
      <DialogFooter actions={<><span>{t('notices.checkedCount', { count: Object.keys(checked).length })}</span><Button text={t('common.cancel')} onClick={onClose} /><Button intent="primary" loading={isLoading} text={t('notices.send')} onClick={() => void submit()} /></>} />
    </Dialog>
  );
}
