import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, InputGroup, NumericInput } from '@blueprintjs/core';
import { VEHICLE_CONTROL_COMMANDS, VEHICLE_PARAMETERS } from '@openfleet/contracts/energy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../instruction/CommandForm';
import { refusalOf, useControlVehicleMutation, useQueryVehicleParamsMutation, useSetVehicleParamsMutation } from './vehicleParamsApi';

const ALARM_PARAMETERS = VEHICLE_PARAMETERS.filter((def) => def.alarmDialog);
const ALARM_WARNING = 0x06;

interface Outcome {
  intent: 'success' | 'danger';
  text: string;
}

/**
 * The energy alarm dialog for a GB/T 32960 vehicle: reads the reporting and alarm timing
 * parameters (0x80), sets the changed ones (0x81) and sends terminal control (0x82, e.g. an
 * alarm/warning with its level), each answered by the vehicle over its 32960 link.
 */
export function EnergyAlarmPanel({ vehicleId }: { readonly vehicleId: string }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [reported, setReported] = useState<Record<number, number | string>>({});
  const [edits, setEdits] = useState<Record<number, number>>({});
  const [command, setCommand] = useState(ALARM_WARNING);
  const [alarmLevel, setAlarmLevel] = useState(1);
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [query, queryState] = useQueryVehicleParamsMutation();
  const [set, setState] = useSetVehicleParamsMutation();
  const [control, controlState] = useControlVehicleMutation();

  const settle = (result: { data?: unknown; error?: unknown }, success: string) =>
    setOutcome('error' in result && result.error ? { intent: 'danger', text: refusalOf(result.error) || t('energyParams.failed') } : { intent: 'success', text: success });

  const read = async () => {
    const result = await query({ vehicleId, ids: ALARM_PARAMETERS.map((def) => def.id) });
    if ('data' in result && result.data) setReported(Object.fromEntries(result.data.parameters.map((item) => [item.id, item.value])));
    settle(result, t('energyParams.answered'));
  };
  const changed = Object.entries(edits).filter(([id, value]) => reported[Number(id)] !== value).map(([id, value]) => ({ id: Number(id), value }));
  const write = async () => {
    const result = await set({ vehicleId, parameters: changed });
    if ('data' in result && result.data) {
      setReported((now) => ({ ...now, ...Object.fromEntries(changed.map((item) => [item.id, item.value])) }));
      setEdits({});
    }
    settle(result, t('energyParams.setDone', { count: changed.length }));
  };
  const sendControl = async () => settle(await control({ vehicleId, command, ...(command === ALARM_WARNING ? { alarmLevel, text } : {}) }), t('energyParams.answered'));

  return (
    <div className="of-energy-alarm">
      <Callout intent="primary">{t('energyParams.hint')}</Callout>
      {outcome && (
        <Callout intent={outcome.intent} className="of-energy-alarm-outcome">
          {outcome.text}
        </Callout>
      )}
      <HTMLTable compact striped className="of-energy-alarm-params">
        <thead>
          <tr>
            <th>{t('energyParams.parameter')}</th>
            <th>{t('energyParams.reported')}</th>
            <th>{t('energyParams.newValue')}</th>
          </tr>
        </thead>
        <tbody>
          {ALARM_PARAMETERS.map((def) => (
            <tr key={def.id} data-parameter={def.id}>
              <td>{`${label(def.label)}${def.unit ? ` (${def.unit})` : ''} · 0x${def.id.toString(16).padStart(2, '0').toUpperCase()}`}</td>
              <td>{reported[def.id] ?? '—'}</td>
              <td>
                <NumericInput
                  small
                  min={def.min}
                  max={def.max}
                  value={edits[def.id] ?? ''}
                  placeholder={`${def.min}-${def.max}`}
                  onValueChange={(value) => setEdits((now) => (Number.isFinite(value) ? { ...now, [def.id]: value } : Object.fromEntries(Object.entries(now).filter(([id]) => Number(id) !== def.id))))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <div className="of-energy-alarm-actions">
        <Button icon="refresh" text={t('energyParams.query')} loading={queryState.isLoading} onClick={() => void read()} />
        <Button intent="primary" icon="send-message" text={t('energyParams.set')} disabled={!changed.length} loading={setState.isLoading} onClick={() => void write()} />
      </div>
      <FormGroup label={t('energyParams.control')} labelFor="of-energy-control">
        <HTMLSelect id="of-energy-control" value={command} onChange={(e) => setCommand(Number(e.currentTarget.value))}>
          {VEHICLE_CONTROL_COMMANDS.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {label(entry.label)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {command === ALARM_WARNING && (
        <>
          <FormGroup label={t('energyParams.alarmLevel')} labelFor="of-energy-level">
            <HTMLSelect id="of-energy-level" value={alarmLevel} onChange={(e) => setAlarmLevel(Number(e.currentTarget.value))}>
              {[0, 1, 2, 3].map((level) => (
                <option key={level} value={level}>
                  {t(`energyParams.level.${level}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('energyParams.alarmText')} labelFor="of-energy-text">
            <InputGroup id="of-energy-text" value={text} maxLength={60} onChange={(e) => setText(e.currentTarget.value)} />
          </FormGroup>
        </>
      )}
      <Button icon="console" text={t('energyParams.sendControl')} loading={controlState.isLoading} onClick={() => void sendControl()} />
    </div>
  );
}
