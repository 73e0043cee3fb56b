import { Button, Card, FormGroup, H5, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import type { ScreenProps } from '../access/screen-props';
import { formatCst } from '../monitor/liveSlice';
import { selectLiveVehicles } from '../monitor/monitor-selectors';
import { useMonitorData } from '../monitor/useMonitorData';
import { VehicleTree } from '../monitor/VehicleTree';
import { BatteryCharts } from './BatteryCharts';
import { BatteryHeatMap } from './BatteryHeatMap';
import { cellVoltages, chargeStateKey, probeTemperatures } from './battery-view';
import { EnergyVinSearch, type VinVehicle } from './EnergyVinSearch';
import { useBatteryLatestQuery, useLazyBatteryHistoryQuery } from './energyApi';
import '../monitor/monitor.css';
import './energy.css';
import { DateTimePicker } from '../formats/DateTimePicker';

/** Refresh of the live battery view: GB/T 32960 vehicles report every 1-30 s. */
const LIVE_REFRESH_MS = 10_000;

const fixed = (value: number | null | undefined, digits: number, unit: string) => (value === null || value === undefined ? '—' : `${value.toFixed(digits)} ${unit}`);

/** /monitor/newEnergy: a vehicle's live battery (SOC, voltage, current, charging, cell and probe heat maps) and its history charts. */
export default function NewEnergyScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { rows } = useMonitorData();
  const vehicles = useAppSelector(selectLiveVehicles);
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  // The vehicle the VIN search found: its plate, for a vehicle the tree has not loaded.
  const [foundByVin, setFoundByVin] = useState<VinVehicle | null>(null);
  const [day, setDay] = useState(() => formatCst(Math.floor(Date.now() / 1000)).slice(0, 10));
  const latest = useBatteryLatestQuery(vehicleId ?? '', { skip: !vehicleId, pollingInterval: LIVE_REFRESH_MS });
  const [loadHistory, history] = useLazyBatteryHistoryQuery();
  const report = vehicleId ? latest.data : undefined;
  const cells = useMemo(() => cellVoltages(report?.units ?? []), [report]);
  const probes = useMemo(() => probeTemperatures(report?.units ?? []), [report]);
  const plate = vehicleId ? vehicles[vehicleId]?.plateCode || rows.find((row) => row.vehicleId === vehicleId)?.name || (foundByVin?.vehicleId === vehicleId ? foundByVin.plateCode : '') : '';
  const select = (id: string) => {
    setVehicleId(id);
    void loadHistory({ vehicleId: id, startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` });
  };
  const selectFound = (vehicle: VinVehicle) => {
    setFoundByVin(vehicle);
    select(vehicle.vehicleId);
  };

  return (
    <div className="of-monitor of-energy">
      <aside className="of-monitor-tree">
        <VehicleTree rows={rows} vehicles={vehicles} selected={vehicleId} onSelect={select} checkLimit={Number.MAX_SAFE_INTEGER} onLimit={() => undefined} />
      </aside>
      <section className="of-monitor-main of-energy-main">
        <div className="of-energy-toolbar">
          <FormGroup label={t('energy.findByVin')} inline>
            <EnergyVinSearch onFound={selectFound} />
          </FormGroup>
        </div>
        {!vehicleId && <div className="of-empty">{t('energy.pickVehicle')}</div>}
        {vehicleId && (
          <>
            <Card className="of-energy-live" data-state={latest.isFetching && !report ? 'loading' : report ? 'ready' : 'empty'}>
              <H5>
                {plate} {report && <span className="of-energy-vin">VIN {report.vin}</span>}
              </H5>
              {!report && !latest.isFetching && <div className="of-empty">{t('energy.noReport')}</div>}
              {report && (
                <dl className="of-info-fields of-energy-fields">
                  <div className="of-info-field of-energy-soc"><dt>{t('energy.soc')}</dt><dd>{fixed(report.soc, 0, '%')}</dd></div>
                  <div className="of-info-field"><dt>{t('energy.voltage')}</dt><dd>{fixed(report.voltage, 1, 'V')}</dd></div>
                  <div className="of-info-field"><dt>{t('energy.current')}</dt><dd>{fixed(report.current, 1, 'A')}</dd></div>
                  <div className="of-info-field of-energy-charge"><dt>{t('energy.chargeState')}</dt><dd><Tag minimal intent={report.chargeState === 1 || report.chargeState === 2 ? 'success' : 'none'}>{t(chargeStateKey(report.chargeState))}</Tag></dd></div>
                  <div className="of-info-field"><dt>{t('energy.speed')}</dt><dd>{fixed(report.speed, 1, 'km/h')}</dd></div>
                  <div className="of-info-field"><dt>{t('energy.alarmLevel')}</dt><dd>{report.alarmLevel ?? '—'}</dd></div>
                  <div className="of-info-field"><dt>{t('energy.collectedAt')}</dt><dd>{formatCst(Math.floor(report.collectedAt / 1000))}</dd></div>
                  <div className="of-info-field"><dt>{t('energy.cells')}</dt><dd>{cells.length} / {probes.length}</dd></div>
                </dl>
              )}
            </Card>
            {report && (
              <div className="of-energy-heat">
                <Card><H5>{t('energy.cellVoltages')}</H5><BatteryHeatMap kind="cell" cells={cells} unit="V" digits={3} /></Card>
                <Card><H5>{t('energy.probeTemperatures')}</H5><BatteryHeatMap kind="probe" cells={probes} unit="°C" digits={0} /></Card>
              </div>
            )}
            <Card className="of-energy-history">
              <div className="of-energy-history-bar">
                <FormGroup label={t('energy.day')} inline>
                  <DateTimePicker mode="date" className="of-energy-day" value={day} onChange={setDay} />
                </FormGroup>
                <Button intent="primary" icon="search" className="of-energy-query" text={t('energy.query')} loading={history.isFetching} onClick={() => void loadHistory({ vehicleId, startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` })} />
              </div>
              <BatteryCharts series={history.data} />
            </Card>
          </>
        )}
      </section>
    </div>
  );
}
