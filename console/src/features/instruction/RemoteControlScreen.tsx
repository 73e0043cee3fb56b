import { Button, Callout, Card, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { REMOTE_OPERATIONS } from '@openfleet/contracts/instruction';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPower } from '../access/menu-tree';
import type { ScreenProps } from '../access/screen-props';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import { useLabel } from './CommandForm';
import { useRemoteControlMutation } from './instructionApi';
import { OrderStatusView } from './OrderStatusView';
import { vehicleOptions } from './vehicle-options';

/** remoteControl: engine, doors, windows and trunk of a 2019 terminal's vehicle (0x8500), refusals 3039-3055. */
export default function RemoteControlScreen({ power }: ScreenProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const { data: tree } = useVehicleTreeQuery();
  const vehicles = useMemo(() => vehicleOptions(tree ?? []), [tree]);
  const [vehicleId, setVehicleId] = useState('');
  const [orderIds, setOrderIds] = useState<string[]>([]);
  // The last refusal (3039-3055 ...): the checks' message stays in view beside the buttons.
  const [refusal, setRefusal] = useState('');
  const [send, { isLoading }] = useRemoteControlMutation();
  const canSend = hasPower(power, 'remoteControl:send');
  return (
    <Card className="of-remote-control">
      <h3>{t('instruction.remote.title')}</h3>
      <Callout intent="primary">{t('instruction.remote.hint')}</Callout>
      <FormGroup label={t('instruction.remote.vehicle')} labelFor="of-remote-vehicle">
        <HTMLSelect id="of-remote-vehicle" value={vehicleId} onChange={(e) => setVehicleId(e.currentTarget.value)}>
          <option value="">{t('instruction.remote.pick')}</option>
          {vehicles.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicle.plate}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <div className="of-remote-operations">
        {REMOTE_OPERATIONS.map((operation) => (
          <Button
            key={operation.key}
            data-operation={operation.key}
            text={label(operation.label)}
            disabled={!vehicleId || !canSend}
            loading={isLoading}
            onClick={async () => {
              const result = await send({ vehicleId, operation: operation.key });
              if ('data' in result && result.data?.orderId) setOrderIds((ids) => [result.data!.orderId!, ...ids].slice(0, 5));
              const envelope = 'error' in result ? (result.error as { envelope?: { msg?: string; errorCode?: number } } | undefined)?.envelope : undefined;
              setRefusal(envelope?.msg ? `${label(operation.label)}: ${envelope.msg} (${envelope.errorCode})` : '');
            }}
          />
        ))}
      </div>
      {refusal && (
        <Callout intent="danger" className="of-remote-refusal">
          {refusal}
        </Callout>
      )}
      {orderIds.map((id) => (
        <OrderStatusView key={id} orderId={id} />
      ))}
    </Card>
  );
}
