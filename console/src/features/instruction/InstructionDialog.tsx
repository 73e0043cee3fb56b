import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, Radio, RadioGroup, Tab, Tabs } from '@blueprintjs/core';
import type { InstructionDialog as DialogDef } from '@openfleet/contracts/instruction';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { CommandForm, useLabel } from './CommandForm';
import { definitionOf, initialValues, problemsByField, visibleFields } from './command-form';
import { useSendOrderMutation } from './instructionApi';
import { EnergyAlarmPanel } from '../energy/EnergyAlarmPanel';
import { LockWizard } from './LockWizard';
import { OrderStatusView } from './OrderStatusView';

interface Props {
  readonly dialog: DialogDef;
  readonly vehicleId: string;
  readonly plate: string;
  readonly onClose: () => void;
}

const QUEUE_MINUTES = [10, 60, 24 * 60, 7 * 24 * 60];

/** One instruction dialog: its actions as tabs, the typed form, the offline choice, and the live status of what was sent. */
export function InstructionDialog({ dialog, vehicleId, plate, onClose }: Props) {
  const { t } = useTranslation();
  const label = useLabel();
  const [actionIndex, setActionIndex] = useState(0);
  const [valuesByAction, setValuesByAction] = useState<Record<string, unknown>[]>(() =>
    dialog.actions.map((action) => initialValues(definitionOf(action.type), action.preset ?? {})),
  );
  const [policy, setPolicy] = useState<'fail' | 'queue'>('fail');
  const [expireMinutes, setExpireMinutes] = useState(60);
  const [orderIds, setOrderIds] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const [send, { isLoading }] = useSendOrderMutation();

  const ownFlow = dialog.key === 'energyAlarm';
  const action = dialog.actions[actionIndex];
  const def = definitionOf(action.type);
  const preset = action.preset ?? {};
  const values = valuesByAction[actionIndex];
  const fields = visibleFields(def, preset, values);
  const problems = useMemo(() => problemsByField(def, values), [def, values]);

  const change = (key: string, value: unknown) =>
    setValuesByAction((all) => all.map((entry, index) => (index === actionIndex ? { ...entry, [key]: value } : entry)));

  const submit = async () => {
    setTouched(true);
    if (problems.size) return;
    const result = await send({ commandType: def.type, vehicleIds: [vehicleId], params: values, offlinePolicy: policy, ...(policy === 'queue' ? { expireMinutes } : {}) });
    const orderId = 'data' in result ? result.data?.[0]?.orderId : (result.error as { data?: { orderId?: string } } | undefined)?.data?.orderId;
    if (orderId) setOrderIds((ids) => [orderId, ...ids].slice(0, 5));
    if ('data' in result) notify('success', t(result.data?.[0]?.status === 5 ? 'instruction.queued' : 'instruction.sent'), 2000);
  };

  return (
    <Dialog isOpen onClose={onClose} title={`${label(dialog.label)} - ${plate}`} className="of-instruction-dialog" style={{ width: 640 }}>
      <DialogBody>
        {/* What was sent stays on top: its status and reply (photos) are what the operator waits for. */}
        {orderIds.length > 0 && (
          <Callout className="of-instruction-orders" title={t('instruction.orders')}>
            {orderIds.map((id) => (
              <OrderStatusView key={id} orderId={id} />
            ))}
          </Callout>
        )}
        {dialog.key === 'lockCar' ? (
          <LockWizard vehicleId={vehicleId} onOrder={(id) => setOrderIds((ids) => [id, ...ids])} />
        ) : ownFlow ? (
          // GB/T 32960 thresholds travel over the vehicle's 32960 link (0x80-0x82), not as JT/T 808 parameters.
          <EnergyAlarmPanel vehicleId={vehicleId} />
        ) : (
          <>
            {dialog.actions.length > 1 && (
              <Tabs id="of-instruction-actions" selectedTabId={actionIndex} onChange={(id) => setActionIndex(Number(id))}>
                {dialog.actions.map((entry, index) => (
                  <Tab key={index} id={index} title={label(entry.label)} />
                ))}
              </Tabs>
            )}
            <p className="of-instruction-command">{`${label(def.label)} (0x${def.msgId.toString(16).toUpperCase()})${def.editions ? ` · ${def.editions.join('/')}` : ''}`}</p>
            <CommandForm fields={fields} values={values} problems={touched ? problems : new Map()} onChange={change} />
            <RadioGroup inline label={t('instruction.offline.label')} selectedValue={policy} onChange={(e) => setPolicy(e.currentTarget.value as 'fail' | 'queue')}>
              <Radio value="fail" label={t('instruction.offline.fail')} />
              <Radio value="queue" label={t('instruction.offline.queue')} />
            </RadioGroup>
            {policy === 'queue' && (
              <HTMLSelect value={expireMinutes} onChange={(e) => setExpireMinutes(Number(e.currentTarget.value))} aria-label={t('instruction.offline.expire')}>
                {QUEUE_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t('instruction.offline.expireIn', { minutes })}
                  </option>
                ))}
              </HTMLSelect>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('instruction.close')} onClick={onClose} />
            {!ownFlow && dialog.key !== 'lockCar' && <Button intent="primary" icon="send-message" text={t('instruction.send')} loading={isLoading} onClick={() => void submit()} />}
          </>
        }
      />
    </Dialog>
  );
}
