import { Button, Dialog, DialogBody, HTMLSelect } from '@blueprintjs/core';
import { commandDef, COMMANDS } from '@openfleet/contracts/instruction';
import { messageFor } from '@openfleet/errors';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { PageQuery } from '../table-screen/table-model';
import { useLabel } from './CommandForm';
import { useCancelOrdersMutation, useOrderPageQuery, useResendOrdersMutation, type InstructionOrder } from './instructionApi';
import { actionable, orderQuery, type OrderLogFilters } from './order-log';
import { cstTime } from './command-form';
import { DateTimePicker } from '../formats/DateTimePicker';
import { OrderStatusView, StatusTag } from './OrderStatusView';
import { OperatorName } from '../operator-names/OperatorName';
import { OrderParams } from './ParamRows';

const STATUSES = [0, 7, 5, 1, 3, 4, 2, 6];

/** The table's list hook for the current filters; order events refetch the page (the orderPage endpoint listens). */
function orderListHook(filters: OrderLogFilters) {
  return function useOrderList(query: PageQuery, skip: boolean) {
    const { data, isFetching } = useOrderPageQuery(orderQuery(query, filters), { skip });
    return { data, isFetching };
  };
}
const noFilters: OrderLogFilters = { status: '', commandType: '', startTime: '', endTime: '' };

/** controlInstruction: every order of the caller's scope, filtered, with cancel, resend, detail and Excel export. */
export default function OrderLogScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const [filters, setFilters] = useState<OrderLogFilters>(noFilters);
  const [detail, setDetail] = useState<InstructionOrder | null>(null);
  const [cancel] = useCancelOrdersMutation();
  const [resend] = useResendOrdersMutation();
  const commandLabel = (type: string) => {
    const def = commandDef(type);
    return def ? label(def.label) : type;
  };
  const useList = useMemo(() => orderListHook(filters), [filters]);
  const locale = i18n.language === 'en_US' ? 'en_US' : 'zh_CN';
  const columns: readonly ColumnSpec<InstructionOrder>[] = [
    { key: 'id', titleKey: 'instruction.log.id', width: 90, render: (o) => String(o.id) },
    { key: 'plateCode', titleKey: 'instruction.log.plate', width: 110, render: (o) => o.plateCode },
    { key: 'terminalPhone', titleKey: 'instruction.log.sim', width: 120, render: (o) => o.terminalPhone },
    { key: 'commandType', titleKey: 'instruction.log.command', width: 170, render: (o) => `${commandLabel(o.commandType)} (${o.msgId})` },
    { key: 'status', titleKey: 'instruction.log.status', width: 130, render: (o) => <StatusTag status={o.status} /> },
    { key: 'errorCode', titleKey: 'instruction.log.error', width: 200, render: (o) => (o.errorCode ? `${o.errorCode} ${messageFor(o.errorCode, locale)}` : '') },
    { key: 'createdAt', titleKey: 'instruction.log.sentAt', width: 160, render: (o) => cstTime(o.createdAt) },
    { key: 'replyAt', titleKey: 'instruction.log.replyAt', width: 160, render: (o) => (o.replyAt ? cstTime(o.replyAt) : '') },
    { key: 'operatorId', titleKey: 'instruction.log.operator', width: 90, render: (o) => <OperatorName id={o.operatorId} /> },
  ];
  const set = (key: keyof OrderLogFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const report = (outcomes: { errorCode: number }[] | undefined) => {
    if (!outcomes) return;
    const failed = outcomes.filter((outcome) => outcome.errorCode).length;
    notify(failed ? 'warning' : 'success', t('instruction.log.done', { ok: outcomes.length - failed, failed }), 2500);
  };

  return (
    <>
      <TableScreen<InstructionOrder, Record<string, string>>
        screen="controlInstruction"
        searchPlaceholderKey="instruction.log.searchPlate"
        columns={columns}
        useList={useList}
        {...readOnlyTable('instruction.log.title')}
        excel={{ path: 'gps/sendOrder', tag: 'Order' }}
        toolbar={(selected, clearSelection) => {
          const can = actionable(selected.map((order) => order.status));
          return (
            <div className="of-order-filters">
              <HTMLSelect aria-label={t('instruction.log.status')} value={filters.status} onChange={(e) => set('status')(e.currentTarget.value)}>
                <option value="">{t('instruction.log.anyStatus')}</option>
                {STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`instruction.status.${status}`)}
                  </option>
                ))}
              </HTMLSelect>
              <HTMLSelect aria-label={t('instruction.log.command')} value={filters.commandType} onChange={(e) => set('commandType')(e.currentTarget.value)}>
                <option value="">{t('instruction.log.anyCommand')}</option>
                {COMMANDS.map((command) => (
                  <option key={command.type} value={command.type}>
                    {label(command.label)}
                  </option>
                ))}
              </HTMLSelect>
              <DateTimePicker className="of-order-from" value={filters.startTime} onChange={set('startTime')} aria-label={t('instruction.log.from')} />
              <DateTimePicker className="of-order-to" value={filters.endTime} onChange={set('endTime')} aria-label={t('instruction.log.to')} />
              <Button icon="eye-open" text={t('instruction.log.detail')} disabled={selected.length !== 1} onClick={() => setDetail(selected[0])} />
              <WithPower code="controlInstruction:send">
                <Button
                  icon="disable"
                  text={t('instruction.log.cancel')}
                  disabled={!can.cancel}
                  onClick={async () => {
                    const result = await cancel(selected.map((order) => String(order.id)));
                    if ('data' in result) report(result.data);
                    clearSelection();
                  }}
                />
                <Button
                  icon="refresh"
                  text={t('instruction.log.resend')}
                  disabled={!can.resend}
                  onClick={async () => {
                    const result = await resend(selected.map((order) => String(order.id)));
                    if ('data' in result) report(result.data);
                    clearSelection();
                  }}
                />
              </WithPower>
            </div>
          );
        }}
      />
      {detail && (
        <Dialog isOpen onClose={() => setDetail(null)} title={t('instruction.log.detailOf', { id: detail.id })} style={{ width: 640 }}>
          <DialogBody>
            <OrderParams commandType={detail.commandType} params={detail.params} />
            <OrderStatusView orderId={String(detail.id)} />
          </DialogBody>
        </Dialog>
      )}
    </>
  );
}
