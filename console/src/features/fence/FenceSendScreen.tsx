import { Button, ButtonGroup, Checkbox, HTMLSelect, HTMLTable, InputGroup, Tag, type Intent } from '@blueprintjs/core';
import { messageFor } from '@openfleet/errors';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPower } from '../access/menu-tree';
import type { ScreenProps } from '../access/screen-props';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import { vehicleOptions } from '../instruction/vehicle-options';
import { cstTime } from '../instruction/command-form';
import { useFenceActionMutation, useFenceIssuesQuery, useFencesQuery } from './fenceApi';
import { useFenceEvents } from './useFenceEvents';
import './fence.css';

const STATE_INTENT: Record<string, Intent> = { bound: 'none', issuing: 'primary', issued: 'success', failed: 'danger', deleting: 'primary', deleted: 'none' };

/** fenceSend: bind vehicles to a fence, issue it to their terminals or delete it there, each vehicle's state live, and the fence events as they come. */
export default function FenceSendScreen({ power }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { data: fences } = useFencesQuery({});
  const { data: tree } = useVehicleTreeQuery();
  const vehicles = useMemo(() => vehicleOptions(tree ?? []), [tree]);
  const [fenceId, setFenceId] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const { data: issues } = useFenceIssuesQuery(fenceId ?? 0, { skip: !fenceId });
  const [act, { isLoading }] = useFenceActionMutation();
  const events = useFenceEvents();
  const canSend = hasPower(power, 'fenceSend:send');
  const shown = vehicles.filter((vehicle) => vehicle.plate.includes(filter.trim()));
  const run = (action: 'bind' | 'unbind' | 'issue' | 'revoke', vehicleIds?: string[]) => fenceId && act({ id: fenceId, action, vehicleIds });
  const locale = i18n.language === 'en_US' ? 'en_US' : 'zh_CN';

  return (
    <div className="of-fence-send">
      <div className="of-fence-send-side">
        <HTMLSelect aria-label={t('fence.pick')} value={fenceId ?? ''} onChange={(e) => setFenceId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
          <option value="">{t('fence.pick')}</option>
          {(fences?.records ?? []).map((fence) => (
            // A fence seen through a granted vehicle is its company's to bind and send (the API answers 7008).
            <option key={fence.id} value={fence.id} disabled={fence.readOnly} title={fence.readOnly ? t('fence.readOnly') : undefined}>
              {fence.name}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup leftIcon="search" placeholder={t('fence.plate')} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
        <div className="of-fence-vehicles">
          {shown.map((vehicle) => (
            <Checkbox
              key={vehicle.id}
              label={vehicle.plate}
              checked={picked.has(vehicle.id)}
              onChange={(e) => {
                const next = new Set(picked);
                if (e.currentTarget.checked) next.add(vehicle.id);
                else next.delete(vehicle.id);
                setPicked(next);
              }}
            />
          ))}
        </div>
        <ButtonGroup vertical alignText="left">
          <Button icon="link" text={t('fence.bind')} disabled={!fenceId || !picked.size || !canSend} loading={isLoading} onClick={() => void run('bind', [...picked])} />
          <Button icon="unlink" text={t('fence.unbind')} disabled={!fenceId || !picked.size || !canSend} onClick={() => void run('unbind', [...picked])} />
          <Button intent="primary" icon="send-message" text={t('fence.issueAll')} disabled={!fenceId || !canSend} onClick={() => void run('issue')} />
          <Button icon="refresh" text={t('fence.reissueStale')} disabled={!fenceId || !canSend || !issues?.some((row) => row.stale)} onClick={() => void run('issue', issues?.filter((row) => row.stale).map((row) => row.vehicleId))} />
          <Button intent="danger" icon="delete" text={t('fence.revokeAll')} disabled={!fenceId || !canSend} onClick={() => void run('revoke')} />
        </ButtonGroup>
      </div>
      <div className="of-fence-send-main">
        <HTMLTable compact striped className="of-fence-issues">
          <thead>
            <tr>
              <th>{t('fence.plate')}</th>
              <th>{t('fence.state')}</th>
              <th>{t('fence.error')}</th>
              <th>{t('fence.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {(issues ?? []).map((row) => (
              <tr key={row.vehicleId} data-vehicle={row.vehicleId} data-state={row.state}>
                <td>{row.plateCode}</td>
                <td>
                  <Tag intent={STATE_INTENT[row.state] ?? 'none'}>{t(`fence.issueState.${row.state}`)}</Tag>
                  {row.stale && <Tag intent="warning" minimal>{t('fence.stale')}</Tag>}
                </td>
                <td>{row.errorCode ? `${row.errorCode} ${messageFor(row.errorCode, locale)}` : ''}</td>
                <td>{row.updatedAt ? cstTime(row.updatedAt) : ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <h4>{t('fence.events')}</h4>
        <HTMLTable compact className="of-fence-events">
          <tbody>
            {events.map((event) => (
              <tr key={event.eventId} data-kind={event.kind}>
                <td>{cstTime(event.at)}</td>
                <td>{vehicles.find((vehicle) => vehicle.id === event.vehicleId)?.plate ?? event.terminalPhone}</td>
                <td>
                  <Tag intent={event.kind === 'enter' ? 'warning' : event.kind === 'exit' ? 'primary' : 'danger'}>{t(`fence.event.${event.kind}`)}</Tag>
                </td>
                <td>{event.fenceName}</td>
                <td>{event.blindArea ? t('fence.blindArea') : ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}
