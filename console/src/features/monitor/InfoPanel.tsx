import { Tab, Tabs, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartOptions } from '../../charts/HighChart';
import { useDailyMileageQuery } from '../history/historyApi';
import { formatPlace, formatReading } from './field-format';
import type { LiveVehicle } from './liveSlice';
import { basicFields, canFields, electricalFields, satelliteFields, sensorFields, type InfoField } from './vehicle-fields';
import { formatCst } from './liveSlice';
import { useLatestPositionsQuery } from './monitorApi';
import { chargeStateKey } from '../energy/battery-view';
import { useBatteryStatesQuery, type BatteryState } from '../energy/energyApi';
import { videoAlarmTags } from './video-alarm-tags';
import { TodayFuelCurve } from '../fuel/TodayFuelCurve';
import { useFuelCurveGranted } from '../fuel/useFuelCurveGranted';
import { useVehicleProbes, VehicleProbeFields } from '../cold-chain/VehicleProbes';
import { DriveMotorFields } from '../energy/DriveMotorFields';
import { useVehicleConditionsQuery } from '../vehicle-condition/vehicleConditionApi';

function FieldList({ fields }: { fields: readonly InfoField[] }) {
  const { t } = useTranslation();
  return (
    <dl className="of-info-fields">
      {fields.map((field) => {
        const shown = formatReading(field.value, t('monitor.info.invalid'), field.unit, field.digits);
        return (
          <div key={field.label} className={`of-info-field of-info-${shown.kind}`}>
            <dt>{field.label}</dt>
            <dd>{shown.text}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Today's fuel readings of the vehicle (findDailyMileage, full track). */
function FuelCurve({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation();
  const now = Math.floor(Date.now() / 1000);
  const today = formatCst(now).slice(0, 10);
  const { data } = useDailyMileageQuery({ vehicleId, startTime: `${today} 00:00:00`, endTime: formatCst(now), allLocations: true }, { pollingInterval: 60_000 });
  const options = useMemo<ChartOptions>(() => {
    const readings = (data?.charts.oilMass ?? []).map((value, index) => [index, value] as [number, number | null]).filter(([, value]) => value !== null);
    const times = data?.charts.gpsTime ?? [];
    return {
      chart: { height: 200, animation: false },
      title: { text: undefined },
      legend: { enabled: false },
      xAxis: { labels: { formatter: (context) => (times[Number(context.value)] ?? '').slice(11, 16) } },
      yAxis: { title: { text: t('chart.oil') } },
      series: [{ type: 'line', name: t('chart.oil'), data: readings, animation: false }],
    };
  }, [data, t]);
  return <HighChart options={options} className="of-fuel-chart" />;
}

/** SOC, charging and open battery alarms of a vehicle that reports over GB/T 32960. */
function BatteryFields({ battery }: { battery: BatteryState }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('energy.soc'), battery.soc === null ? '—' : `${battery.soc} %`],
    [t('energy.chargeState'), t(chargeStateKey(battery.chargeState))],
    [t('energy.voltage'), battery.voltage === null ? '—' : `${battery.voltage} V`],
    [t('energy.current'), battery.current === null ? '—' : `${battery.current} A`],
    [t('energy.alarmLevel'), battery.alarmLevel === null ? '—' : String(battery.alarmLevel)],
    [t('energy.collectedAt'), formatCst(Math.floor(battery.collectedAt / 1000))],
    [t('monitor.info.batteryAlarms'), battery.openAlarms.map((type) => t(`alarm.kind.${type}`)).join('、') || '—'],
  ];
  return (
    <dl className="of-info-fields of-info-battery">
      {rows.map(([label, text]) => (
        <div key={label} className="of-info-field">
          <dt>{label}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The video alarm flags (0x14) the vehicle reports now, each with its channels or detail. */
function VideoAlarmTags({ vehicle }: { vehicle: LiveVehicle }) {
  const { t, i18n } = useTranslation();
  const tags = videoAlarmTags(vehicle.videoAlarms);
  if (!tags.length) return null;
  const pick = (label: readonly [string, string]) => (i18n.language === 'en_US' ? label[1] : label[0]);
  return (
    <div className="of-info-video-alarms" aria-label={t('monitor.info.videoAlarms')}>
      {tags.map((tag) => (
        <Tag key={tag.bit} intent="danger" minimal data-video-alarm={tag.bit}>
          {tag.detail ? `${pick(tag.label)} (${pick(tag.detail)})` : pick(tag.label)}
        </Tag>
      ))}
    </div>
  );
}

/** Basic info, sensors, electrical signals, live CAN, satellite info, the fuel curve and (electric vehicles) the battery of one vehicle. */
export function InfoPanel({ vehicle }: { vehicle: LiveVehicle | null }) {
  const { t } = useTranslation();
  const battery = useBatteryStatesQuery(vehicle ? [vehicle.vehicleId] : [], { skip: !vehicle, pollingInterval: 10_000 }).data?.[0];
  const fuelLedger = useFuelCurveGranted();
  const probes = useVehicleProbes(vehicle?.vehicleId);
  // The place name comes with the latest position (the server's offline boundaries), refreshed as the vehicle moves.
  const placeName = useLatestPositionsQuery({ vehicleIds: vehicle ? [vehicle.vehicleId] : [] }, { skip: !vehicle, pollingInterval: 30_000 }).data?.[0]?.place;
  // The condition (extras 0x25/0x2A/0x2B/0x30/0x31 and CAN values) follows the vehicle on the tab's socket.
  const condition = useVehicleConditionsQuery({ vehicleIds: vehicle?.vehicleId ?? '', current: 1, size: 1, silent: true }, { skip: !vehicle }).data?.records?.[0];
  if (!vehicle) return <div className="of-info-panel of-empty">{t('monitor.info.none')}</div>;
  const coordinates = formatPlace(vehicle.lng, vehicle.lat);
  const place = placeName && coordinates !== '—' ? `${placeName}（${coordinates}）` : coordinates;
  return (
    <div className="of-info-panel" data-vehicle={vehicle.vehicleId}>
      <VideoAlarmTags vehicle={vehicle} />
      <Tabs id="of-info-tabs" renderActiveTabPanelOnly>
        <Tab id="basic" title={t('monitor.info.basic')} panel={<FieldList fields={basicFields(vehicle, t, place)} />} />
        <Tab id="sensors" title={t('monitor.info.sensors')} panel={<FieldList fields={sensorFields(vehicle, t, condition)} />} />
        <Tab id="electrical" title={t('monitor.info.electrical')} panel={<FieldList fields={electricalFields(vehicle, t, condition)} />} />
        <Tab id="can" title={t('monitor.info.can')} panel={<FieldList fields={canFields(t, condition)} />} />
        <Tab id="satellite" title={t('monitor.info.satellite')} panel={<FieldList fields={satelliteFields(vehicle, t, condition)} />} />
        <Tab id="fuel" title={t('monitor.info.fuel')} panel={fuelLedger ? <TodayFuelCurve vehicleId={vehicle.vehicleId} fallback={<FuelCurve vehicleId={vehicle.vehicleId} />} /> : <FuelCurve vehicleId={vehicle.vehicleId} />} />
        {battery && <Tab id="battery" title={t('monitor.info.battery')} panel={<BatteryFields battery={battery} />} />}
        {battery && <Tab id="motors" title={t('monitor.info.motors')} panel={<DriveMotorFields vehicleId={vehicle.vehicleId} />} />}
        {probes && <Tab id="coldChain" title={t('coldChain.info.tab')} panel={<VehicleProbeFields row={probes} />} />}
      </Tabs>
    </div>
  );
}
