import { Button, Callout, Card, Classes, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { PARAMETER_LABELS, type InstructionDialog as DialogDef } from '@openfleet/contracts/instruction';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { hasPower } from '../access/menu-tree';
import type { ScreenProps } from '../access/screen-props';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import { cstTime } from './command-form';
import { useLabel } from './CommandForm';
import { definitionOf } from './command-form';
import { InstructionDialog } from './InstructionDialog';
import { useOrderQuery, useSendOrderMutation, useTerminalParamsQuery } from './instructionApi';
import { changedParameters } from './order-log';
import { StatusTag } from './OrderStatusView';
import { vehicleOptions } from './vehicle-options';
import { ParameterValue } from './VideoValueList';

/** The typed forms of the JT/T 1078 parameters (0x0075, 0x0077, 0x0079, 0x007A), as one dialog. */
const VIDEO_PARAMETERS_DIALOG: DialogDef = {
  key: 'videoParameters',
  label: ['视频参数设置', 'Video parameters'],
  actions: ['setVideoEncoding', 'setVideoChannel', 'setAlarmRecording', 'setVideoAlarmMask'].map((type) => ({ type, label: definitionOf(type).label })),
};

/** terminalProM: a terminal's parameters as last queried, a query button, and edit-and-send of the changed ones. */
export default function TerminalParamsScreen({ power }: ScreenProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const { data: tree } = useVehicleTreeQuery();
  const vehicles = useMemo(() => vehicleOptions(tree ?? []), [tree]);
  const [vehicleId, setVehicleId] = useState('');
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [orderId, setOrderId] = useState<string | null>(null);
  const [videoDialogOpen, setVideoDialogOpen] = useState(false);
  const { data, refetch } = useTerminalParamsQuery(vehicleId, { skip: !vehicleId });
  const { data: order } = useOrderQuery(orderId ?? '', { skip: !orderId });
  const [send, { isLoading }] = useSendOrderMutation();
  const canModify = hasPower(power, 'terminalProM:modify');
  const rows = data?.parameters ?? [];
  const changed = changedParameters(rows, edits);

  // A finished query or setting refreshes what the terminal reported.
  useEffect(() => {
    if (order && [1, 2, 3, 4, 6].includes(order.status)) {
      void refetch();
      setOrderId(null);
    }
  }, [order, refetch]);

  const sendCommand = async (commandType: string, params?: Record<string, unknown>) => {
    const result = await send({ commandType, vehicleIds: [vehicleId], params });
    const id = 'data' in result ? result.data?.[0]?.orderId : undefined;
    if (id) {
      setOrderId(id);
      notify('success', t('instruction.sent'), 1500);
    }
  };

  return (
    <Card className="of-terminal-params">
      <div className="of-terminal-params-bar">
        <HTMLSelect aria-label={t('instruction.remote.vehicle')} value={vehicleId} onChange={(e) => { setVehicleId(e.currentTarget.value); setEdits({}); }}>
          <option value="">{t('instruction.remote.pick')}</option>
          {vehicles.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicle.plate}
            </option>
          ))}
        </HTMLSelect>
        <Button icon="search" text={t('terminalParams.queryAll')} disabled={!vehicleId || !canModify} loading={isLoading} onClick={() => void sendCommand('queryParams')} />
        <Button icon="info-sign" text={t('terminalParams.queryAttributes')} disabled={!vehicleId || !canModify} onClick={() => void sendCommand('queryAttributes')} />
        <Button intent="primary" icon="send-message" text={t('terminalParams.sendChanges', { count: changed.length })} disabled={!changed.length || !canModify} onClick={() => void sendCommand('setParams', { items: changed })} />
        <Button icon="video" text={t('terminalParams.videoParameters')} disabled={!vehicleId || !canModify} onClick={() => setVideoDialogOpen(true)} />
        {order && <StatusTag status={order.status} />}
      </div>
      {videoDialogOpen && (
        <InstructionDialog dialog={VIDEO_PARAMETERS_DIALOG} vehicleId={vehicleId} plate={vehicles.find((vehicle) => vehicle.id === vehicleId)?.plate ?? ''} onClose={() => setVideoDialogOpen(false)} />
      )}
      {data && (
        <p className="of-terminal-params-at">
          {data.parametersAt ? t('terminalParams.reportedAt', { time: cstTime(data.parametersAt) }) : t('terminalParams.never')}
        </p>
      )}
      {data?.attributes && (
        <Callout title={t('terminalParams.attributes')}>
          {Object.entries(data.attributes).map(([key, value]) => (
            <Tag key={key} minimal className="of-attribute">{`${key}: ${String(value)}`}</Tag>
          ))}
        </Callout>
      )}
      {rows.length > 0 && (
        <table className={`${Classes.HTML_TABLE} ${Classes.COMPACT} ${Classes.HTML_TABLE_STRIPED} of-params-table`}>
          <thead>
            <tr>
              <th>ID</th>
              <th>{t('terminalParams.name')}</th>
              <th>{t('terminalParams.type')}</th>
              <th>{t('terminalParams.reported')}</th>
              <th>{t('terminalParams.newValue')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const isChanged = changed.some((change) => change.id === row.id);
              return (
                <tr key={row.id} className={isChanged ? 'of-param-changed' : undefined} data-param={row.idHex}>
                  <td>{row.idHex}</td>
                  <td>{PARAMETER_LABELS[row.id] ? label(PARAMETER_LABELS[row.id]) : row.name}</td>
                  <td>{row.type}</td>
                  <td>
                    <ParameterValue id={row.id} value={row.value} />
                  </td>
                  <td>
                    <InputGroup small disabled={!canModify} value={edits[row.id] ?? ''} intent={isChanged ? 'warning' : 'none'} onChange={(e) => setEdits((all) => ({ ...all, [row.id]: e.currentTarget.value }))} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Card>
  );
}
