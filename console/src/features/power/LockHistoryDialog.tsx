import { Dialog, DialogBody, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatCst } from '../monitor/liveSlice';
import { useLockHistoryQuery } from './powerApi';

/** A vehicle's lock history: wizard steps, locks, unlocks and configuration changes, newest first. */
export function LockHistoryDialog({ vehicle, onClose }: { vehicle: { vehicleId: string; plateCode: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useLockHistoryQuery(vehicle?.vehicleId ?? '', { skip: !vehicle });
  return (
    <Dialog isOpen={vehicle !== null} title={t('powerManage.historyTitle', { plate: vehicle?.plateCode ?? '' })} onClose={onClose} style={{ width: 750 }}>
      <DialogBody>
        {data && data.records.length === 0 ? (
          <p>{t('powerManage.noHistory')}</p>
        ) : (
          <HTMLTable compact striped className="of-lock-history">
            <thead>
              <tr>
                <th>{t('powerManage.time')}</th>
                <th>{t('powerManage.operation')}</th>
                <th>{t('powerManage.detail')}</th>
                <th>{t('powerManage.result')}</th>
              </tr>
            </thead>
            <tbody>
              {(data?.records ?? []).map((row) => (
                <tr key={row.id}>
                  <td>{formatCst(Math.floor(row.createdAt / 1000))}</td>
                  <td>{t(`powerManage.op.${row.operation}`, { defaultValue: row.operation })}</td>
                  <td>{row.detail}</td>
                  <td>
                    <Tag minimal intent={row.result ? 'success' : 'danger'}>{row.result ? t('powerManage.ok') : `${t('powerManage.refused')} ${row.errorCode}`}</Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
    </Dialog>
  );
}
