import { Button } from '@blueprintjs/core';
import type { SendOutcome } from '@openfleet/contracts/instruction';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { confirmRequests } from './manual-alarm-confirm';
import type { AlarmRow } from './alarmApi';

const confirmApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmManualAlarm: build.mutation<SendOutcome[], { vehicleId: string; alarmSerial: number; alarmTypes: number }>({
      query: (body) => ({ url: 'gps/sendOrder/sendOrderInfoByCommandAlarmMakeSure', method: 'POST', body }),
    }),
  }),
});

/**
 * Confirms the selected terminal alarms of the 0x8203 types (emergency and the other manual-confirm
 * bits) on their terminals through the instruction service; the order's progress shows in the
 * instruction log. Hidden without alarmHandle:modify, disabled when no selected alarm qualifies.
 */
export function ManualAlarmConfirmButton({ selected }: { selected: readonly AlarmRow[] }) {
  const { t } = useTranslation();
  const [confirm, { isLoading }] = confirmApi.useConfirmManualAlarmMutation();
  const requests = confirmRequests(selected);
  const run = async () => {
    let sent = 0;
    for (const request of requests) {
      const result = await confirm(request);
      if ('data' in result) sent += (result.data ?? []).filter((outcome) => outcome.orderId).length;
    }
    notify(sent ? 'success' : 'warning', t(sent ? 'alarm.manualConfirm.sent' : 'alarm.manualConfirm.none', { count: sent }));
  };
  return (
    <WithPower code="alarmHandle:modify">
      <Button className="of-alarm-manual-confirm" icon="confirm" text={t('alarm.manualConfirm.button')} title={t('alarm.manualConfirm.hint')} disabled={!requests.length} loading={isLoading} onClick={() => void run()} />
    </WithPower>
  );
}
