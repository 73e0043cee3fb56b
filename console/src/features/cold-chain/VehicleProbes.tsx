import { Tag } from '@blueprintjs/core';
import type { ColdChainLiveRow, ColdChainReading } from '@openfleet/contracts/industry';
import { useTranslation } from 'react-i18next';
import { useGranted } from '../access/granted';
import { formatCst } from '../monitor/liveSlice';
import { useColdChainLiveQuery } from './coldChainApi';
import { probeValues } from './cold-chain-format';

/** The monitor page's own pace: a reefer reports every 30 s or so. */
const POLL_MS = 10_000;

/** True when any probe or door sent a value (a vehicle in the cold chain that never reported shows nothing). */
export function hasProbeData(reading: ColdChainReading): boolean {
  return [...reading.temperatures, ...reading.humidities, ...reading.doors].some((value) => value !== null);
}

/**
 * The last probe values of one vehicle from the monitor API (`live?vehicleIds=`), or null when it has
 * none or the user may not watch the cold chain (a 403 would sign them out, spec §8).
 */
export function useVehicleProbes(vehicleId: string | undefined): ColdChainLiveRow | null {
  const granted = useGranted('coldChainMonitor:search');
  const { data } = useColdChainLiveQuery({ vehicleIds: vehicleId, current: 1, size: 1 }, { skip: !vehicleId || !granted, pollingInterval: POLL_MS });
  const row = data?.records.find((record) => record.vehicleId === vehicleId);
  return row && hasProbeData(row) ? row : null;
}

/** The info panel's cold-chain tab: temperatures, humidities and doors per probe, when read, and what is wrong now. */
export function VehicleProbeFields({ row }: { row: ColdChainLiveRow }) {
  const { t } = useTranslation();
  const doors = row.doors.length ? row.doors.map((open) => (open === null ? '—' : t(open ? 'coldChain.door.open' : 'coldChain.door.closed'))).join(' / ') : '—';
  const fields: [string, string][] = [
    [t('coldChain.info.temperatures'), `${probeValues(row.temperatures)} °C`],
    [t('coldChain.info.humidities'), row.humidities.length ? `${probeValues(row.humidities)} %RH` : '—'],
    [t('coldChain.info.doors'), doors],
    [t('coldChain.info.at'), formatCst(Math.floor(row.at / 1000))],
  ];
  return (
    <div className="of-info-cold-chain">
      <dl className="of-info-fields">
        {fields.map(([label, text]) => (
          <div key={label} className="of-info-field">
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      {row.active.map((type) => <Tag key={type} intent="danger" minimal data-cold-alarm={type}>{t(`alarm.kind.${type}`)}</Tag>)}
    </div>
  );
}
