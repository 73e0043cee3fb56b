import { Button, HTMLSelect, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import type { BusLineStrip, BusStripVehicle } from '@openfleet/contracts/industry';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { formatCst } from '../monitor/liveSlice';
import { useExport } from '../statistics/StatisticsScreens';
import { useBusLineChoicesQuery, useBusLineStripQuery } from './busLineApi';
import { LineStrip } from './LineStrip';
import './bus-line.css';

/** The strip is asked again this often: buses report every 10-30 s, so a few seconds keeps it live at little cost. */
export const STRIP_REFRESH_MS = 5000;

const clock = (ms: number) => formatCst(Math.floor(ms / 1000)).slice(11, 19);

/** /industry/busLineMonitor: a line's stops in order and its buses between them, live, with headways, bunching and arrival predictions. */
export default function BusLineMonitorScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { data: lines } = useBusLineChoicesQuery();
  const [lineId, setLineId] = useState<number | null>(null);
  useEffect(() => {
    if (lineId === null && lines?.records.length) setLineId(lines.records[0]!.id);
  }, [lines, lineId]);
  const { data: strip } = useBusLineStripQuery(lineId ?? 0, { skip: lineId === null, pollingInterval: STRIP_REFRESH_MS });
  const exportSheet = useExport(`industry/busLine/${lineId ?? 0}/stopEvents/export`, 'busStopEvents.xlsx');
  // Today's arrivals and departures (China time), the window an operator asks for at the end of a day.
  const exportToday = () => {
    const now = formatCst(Math.floor(Date.now() / 1000));
    void exportSheet({ startTime: `${now.slice(0, 10)} 00:00:00`, endTime: now });
  };
  return (
    <div className="of-bus-monitor">
      <div className="of-bus-monitor-bar">
        <HTMLSelect aria-label={t('busLine.pickLine')} value={lineId ?? ''} onChange={(e) => setLineId(Number(e.currentTarget.value))}>
          {(lines?.records ?? []).map((line) => (
            <option key={line.id} value={line.id}>
              {line.code} {line.name}
            </option>
          ))}
        </HTMLSelect>
        {strip && (
          <span className="of-bus-monitor-meta">
            {t('busLine.updatedAt')} {clock(strip.at)} · {t('busLine.referenceHeadway')} {strip.referenceHeadwayS ? `${Math.round(strip.referenceHeadwayS / 60)} min` : '-'}
          </span>
        )}
        <Tag minimal intent="danger">{t('busLine.bunchedLegend')}</Tag>
        <WithPower code="busLineMonitor:export">
          <Button icon="export" text={t('busLine.exportToday')} disabled={lineId === null} onClick={exportToday} />
        </WithPower>
      </div>
      {!lines?.records.length && <NonIdealState icon="route" title={t('busLine.noLines')} />}
      {strip && (
        <>
          <LineStrip strip={strip} direction="up" />
          <LineStrip strip={strip} direction="down" />
          <VehicleTable strip={strip} />
        </>
      )}
    </div>
  );
}

function VehicleTable({ strip }: { strip: BusLineStrip }) {
  const { t } = useTranslation();
  const stopName = (vehicle: BusStripVehicle, seq: number) => strip[vehicle.direction][seq]?.name ?? '';
  return (
    <HTMLTable compact striped className="of-bus-vehicles">
      <thead>
        <tr>
          <th>{t('busLine.plate')}</th>
          <th>{t('busLine.directionLabel')}</th>
          <th>{t('busLine.lastStop')}</th>
          <th>{t('busLine.nextStops')}</th>
          <th>{t('busLine.headway')}</th>
          <th>{t('busLine.lastReport')}</th>
        </tr>
      </thead>
      <tbody>
        {strip.vehicles.map((vehicle) => (
          <tr key={vehicle.vehicleId} data-vehicle={vehicle.vehicleId}>
            <td>{vehicle.plateCode}</td>
            <td>{t(`busLine.direction.${vehicle.direction}`)}</td>
            <td>{vehicle.seq >= 0 ? `${stopName(vehicle, vehicle.seq)}${vehicle.atStop ? ` (${t('busLine.atStop')})` : ''}` : '-'}</td>
            <td>{vehicle.etas.slice(0, 3).map((eta) => `${stopName(vehicle, eta.seq)} ${clock(eta.at).slice(0, 5)}`).join(' · ') || '-'}</td>
            <td>
              {vehicle.headwayS !== null ? `${Math.round(vehicle.headwayS / 60)} min` : '-'} {vehicle.bunched && <Tag intent="danger">{t('busLine.bunched')}</Tag>}
            </td>
            <td>{vehicle.lastAt ? clock(vehicle.lastAt) : '-'}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
