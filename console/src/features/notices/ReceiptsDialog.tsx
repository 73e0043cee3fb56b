import { Dialog, DialogBody, HTMLTable, Tab, Tabs, Tag } from '@blueprintjs/core';
import type { PressReleaseView } from '@openfleet/contracts/admin';
import { useTranslation } from 'react-i18next';
import { cstTime } from '../instruction/command-form';
import { usePressReleaseReceiptsQuery } from './noticesApi';

const DELIVERY_INTENT: Record<number, 'none' | 'success' | 'danger' | 'warning'> = { 1: 'success', 2: 'danger', 3: 'danger', 4: 'danger', 5: 'warning', 7: 'warning' };

/** Who a press release reached: targeted, read and unread users (who read when), and the vehicles' delivery receipts. */
export function ReceiptsDialog({ notice, onClose }: { notice: PressReleaseView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = usePressReleaseReceiptsQuery(notice?.id ?? 0, { skip: !notice, pollingInterval: notice ? 5000 : 0 });
  const users = (
    <HTMLTable compact striped className="of-notice-receipts-users">
      <thead>
        <tr>
          <th>{t('notices.receipt.account')}</th>
          <th>{t('notices.receipt.name')}</th>
          <th>{t('notices.receipt.readAt')}</th>
        </tr>
      </thead>
      <tbody>
        {(data?.users ?? []).map((user) => (
          <tr key={user.userId} data-read={user.readAt !== null}>
            <td>{user.account}</td>
            <td>{user.name}</td>
            <td>{user.readAt !== null ? cstTime(user.readAt) : <Tag minimal>{t('notices.receipt.unread')}</Tag>}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
  const vehicles = (
    <HTMLTable compact striped className="of-notice-receipts-vehicles">
      <thead>
        <tr>
          <th>{t('notices.receipt.plate')}</th>
          <th>{t('notices.receipt.delivery')}</th>
          <th>{t('notices.receipt.sentAt')}</th>
          <th>{t('notices.receipt.answeredAt')}</th>
        </tr>
      </thead>
      <tbody>
        {(data?.vehicles ?? []).map((vehicle, index) => (
          <tr key={`${vehicle.vehicleId}-${index}`}>
            <td>{vehicle.plateCode || vehicle.vehicleId}</td>
            <td>
              <Tag minimal intent={DELIVERY_INTENT[vehicle.status] ?? 'none'}>{t(`instruction.status.${vehicle.status}`)}</Tag>
              {vehicle.errorCode ? ` ${vehicle.errorCode}` : ''}
            </td>
            <td>{cstTime(vehicle.sentAt)}</td>
            <td>{vehicle.answeredAt ? cstTime(vehicle.answeredAt) : ''}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
  return (
    <Dialog isOpen={notice !== null} onClose={onClose} title={t('notices.receiptsOf', { title: notice?.title ?? '' })} style={{ width: 750 }}>
      <DialogBody>
        <p className="of-notice-receipt-summary">
          {t('notices.receiptSummary', { targeted: data?.targeted ?? 0, read: data?.read ?? 0, unread: data?.unread ?? 0 })}
        </p>
        <Tabs id="of-notice-receipts">
          <Tab id="users" title={t('notices.receipt.users')} panel={users} />
          <Tab id="vehicles" title={t('notices.receipt.vehicles')} panel={vehicles} />
        </Tabs>
      </DialogBody>
    </Dialog>
  );
}
