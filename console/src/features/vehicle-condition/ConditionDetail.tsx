import { H6 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { conditionStates, gnssSystems, loadKey } from './condition-states';
import { StateTag } from './ConditionTags';
import type { VehicleConditionView } from './vehicleConditionApi';

const dash = (value: number | string | null | undefined, unit = '') => (value === null || value === undefined ? '—' : `${value}${unit ? ` ${unit}` : ''}`);

/** Every state of one vehicle's condition: body and circuits, lights and signals, IO, analog, GNSS, CAN. */
export function ConditionDetail({ row }: { row: VehicleConditionView }) {
  const { t } = useTranslation();
  const { decoded, body, signals, io } = conditionStates(row);
  const systems = gnssSystems(decoded);
  const readings: [string, string][] = [
    [t('condition.field.gpsTime'), dash(row.gpsTime)],
    [t('condition.field.speed'), dash(row.speedKmh, 'km/h')],
    [t('condition.field.load'), t(loadKey(decoded))],
    [t('condition.field.gnss'), row.statusFlags === null ? '—' : systems.map((system) => t(`condition.gnss.${system}`)).join(' / ') || t('condition.value.none')],
    [t('condition.field.satellites'), dash(row.satellites)],
    [t('condition.field.signalStrength'), dash(row.signalStrength)],
    [t('condition.field.ad0'), dash(row.analog?.ad0)],
    [t('condition.field.ad1'), dash(row.analog?.ad1)],
    [t('condition.field.extrasTime'), dash(row.extrasTime)],
  ];
  return (
    <div className="of-condition-detail" data-vehicle={row.vehicleId}>
      <H6>{t('condition.section.body')}</H6>
      <div className="of-condition-tags">{body.map((state) => <StateTag key={state.key} state={state} />)}</div>
      <H6>{t('condition.section.signals')}</H6>
      <div className="of-condition-tags">{[...signals, io].map((state) => <StateTag key={state.key} state={state} />)}</div>
      <H6>{t('condition.section.readings')}</H6>
      <dl className="of-info-fields">
        {readings.map(([label, text]) => (
          <div key={label} className="of-info-field">
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <H6>{t('condition.section.can')}</H6>
      {row.can.length ? (
        <dl className="of-info-fields of-condition-can">
          {row.can.map((value) => (
            <div key={value.signalId} className="of-info-field" title={value.time}>
              <dt>{value.name}</dt>
              <dd>{value.value === null ? t('monitor.info.invalid') : `${Math.round(value.value * 100) / 100}${value.unit ? ` ${value.unit}` : ''}`}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="of-condition-none">{t('condition.noCan')}</p>
      )}
    </div>
  );
}
