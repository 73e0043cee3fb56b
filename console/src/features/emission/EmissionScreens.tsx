import { Card, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartOptions } from '../../charts/HighChart';
import type { ScreenProps } from '../access/screen-props';
import { timeSeries } from '../energy/battery-view';
import { cstTime } from '../instruction/command-form';
import { VehicleWindowFrame } from '../monitor/VehicleWindowFrame';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { noxConversion, num, obdProtocolKey, faultCodeHex } from './emission-view';
import { useEmissionObdQuery, useEmissionSeriesQuery, useEmissionStreamsQuery, type EmissionObd, type EmissionSeries, type EmissionStream, type EmissionWindow } from './emissionApi';
import '../monitor/monitor.css';
import './emission.css';
import { Coordinates } from '../formats/Coordinates';

type Screen = 'emissionData' | 'noxData' | 'ureaData';

function streamList(window: EmissionWindow) {
  return function useStreamList(query: PageQuery, skip: boolean) {
    return useEmissionStreamsQuery({ ...window, current: query.pageNo, size: query.pageSize }, { skip: skip || !window.vehicleId });
  };
}

function obdList(window: EmissionWindow) {
  return function useObdList(query: PageQuery, skip: boolean) {
    return useEmissionObdQuery({ ...window, current: query.pageNo, size: query.pageSize }, { skip: skip || !window.vehicleId });
  };
}

const at = (r: { collectedAt: number }) => cstTime(r.collectedAt);

/** The tree of the caller's vehicles, the time window and the screen's tables (and chart) for the chosen vehicle. */
function EmissionFrame({ screen, children }: { screen: Screen; children: (window: EmissionWindow, toolbar: () => ReactNode) => ReactNode }) {
  return (
    <VehicleWindowFrame prefix="of-emission" className={`of-emission-${screen}`} labels={{ from: 'emission.from', to: 'emission.to', query: 'emission.query', pick: 'emission.pickVehicle' }}>
      {children}
    </VehicleWindowFrame>
  );
}

type Series = Omit<EmissionSeries, 't'>;
interface Axis {
  readonly unit: string;
  readonly keys: readonly (keyof Series)[];
}

/** A zoomable chart of the window's streams (at most a day): series on a left and a right axis. */
function EmissionChart({ window, left, right }: { window: EmissionWindow; left: Axis; right: Axis }) {
  const { t } = useTranslation();
  const { data, isFetching, error } = useEmissionSeriesQuery(window);
  const options = useMemo<ChartOptions>(() => {
    const times = data?.t ?? [];
    const line = (key: keyof Series, yAxis: number) => ({ type: 'line' as const, name: t(`emission.${key}`), yAxis, data: data ? timeSeries(times, data[key] as (number | null)[]) : [] });
    return {
      chart: { height: 260, animation: false, zooming: { type: 'x' } },
      title: { text: undefined },
      time: { timezone: 'Asia/Shanghai' },
      xAxis: { type: 'datetime' },
      yAxis: [{ title: { text: left.unit } }, { title: { text: right.unit }, opposite: true }],
      tooltip: { shared: true, xDateFormat: '%Y-%m-%d %H:%M:%S' },
      plotOptions: { series: { animation: false, turboThreshold: 0, marker: { enabled: false } } },
      series: [...left.keys.map((key) => line(key, 0)), ...right.keys.map((key) => line(key, 1))],
    };
  }, [data, left, right, t]);
  return (
    <Card className="of-emission-chart" data-points={data?.t.length ?? 0} data-state={isFetching ? 'loading' : 'ready'}>
      {error ? <div className="of-empty">{t('emission.chartWindow')}</div> : <HighChart options={options} />}
    </Card>
  );
}

const NOX_AXES: { left: Axis; right: Axis } = { left: { unit: 'ppm', keys: ['noxUpstream', 'noxDownstream'] }, right: { unit: '°C', keys: ['scrInletTemp', 'scrOutletTemp'] } };
const UREA_AXES: { left: Axis; right: Axis } = { left: { unit: '%', keys: ['reagent'] }, right: { unit: 'ml/h', keys: ['ureaDosing'] } };

/** /monitor/emissionData: the data streams and the OBD reports of a diesel vehicle (HJ 1239). */
export function EmissionDataScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const columns: ColumnSpec<EmissionStream>[] = [
    { key: 'collectedAt', titleKey: 'emission.collectedAt', width: 160, render: at },
    { key: 'plateCode', titleKey: 'emission.plate', width: 100, render: (r) => r.plateCode },
    { key: 'speed', titleKey: 'emission.speed', width: 90, render: (r) => num(r.speed, 1) },
    { key: 'atmosphericPressure', titleKey: 'emission.atmosphericPressure', width: 90, render: (r) => num(r.atmosphericPressure, 1) },
    { key: 'engineTorque', titleKey: 'emission.engineTorque', width: 90, render: (r) => num(r.engineTorque, 0) },
    { key: 'frictionTorque', titleKey: 'emission.frictionTorque', width: 90, render: (r) => num(r.frictionTorque, 0) },
    { key: 'engineRpm', titleKey: 'emission.engineRpm', width: 90, render: (r) => num(r.engineRpm, 0) },
    { key: 'fuelFlow', titleKey: 'emission.fuelFlow', width: 90, render: (r) => num(r.fuelFlow, 2) },
    { key: 'noxUpstream', titleKey: 'emission.noxUpstream', width: 110, render: (r) => num(r.noxUpstream, 2) },
    { key: 'noxDownstream', titleKey: 'emission.noxDownstream', width: 110, render: (r) => num(r.noxDownstream, 2) },
    { key: 'reagent', titleKey: 'emission.reagent', width: 90, render: (r) => num(r.reagent, 1) },
    { key: 'intakeAir', titleKey: 'emission.intakeAir', width: 90, render: (r) => num(r.intakeAir, 2) },
    { key: 'scrInletTemp', titleKey: 'emission.scrInletTemp', width: 100, render: (r) => num(r.scrInletTemp, 1) },
    { key: 'scrOutletTemp', titleKey: 'emission.scrOutletTemp', width: 100, render: (r) => num(r.scrOutletTemp, 1) },
    { key: 'dpfPressureDrop', titleKey: 'emission.dpfPressureDrop', width: 90, render: (r) => num(r.dpfPressureDrop, 1) },
    { key: 'coolantTemp', titleKey: 'emission.coolantTemp', width: 90, render: (r) => num(r.coolantTemp, 0) },
    { key: 'fuelLevel', titleKey: 'emission.fuelLevel', width: 90, render: (r) => num(r.fuelLevel, 1) },
    { key: 'odometer', titleKey: 'emission.odometer', width: 100, render: (r) => num(r.odometer, 1) },
    { key: 'position', titleKey: 'emission.position', width: 170, render: (r) => (r.latitude === null || r.longitude === null ? t('emission.noFix') : <Coordinates lng={r.longitude} lat={r.latitude} />) },
    { key: 'reissued', titleKey: 'emission.reissued', width: 70, render: (r) => (r.reissued ? t('emission.yes') : '') },
  ];
  const obdColumns: ColumnSpec<EmissionObd>[] = [
    { key: 'collectedAt', titleKey: 'emission.collectedAt', width: 160, render: at },
    { key: 'protocol', titleKey: 'emission.protocol', width: 110, render: (r) => t(obdProtocolKey(r.protocol)) },
    { key: 'mil', titleKey: 'emission.mil', width: 80, render: (r) => (r.mil === 1 ? <Tag intent="danger" minimal>{t('emission.milOn')}</Tag> : r.mil === 0 ? t('emission.milOff') : t('emission.invalid')) },
    { key: 'diagnosticSupport', titleKey: 'emission.diagnosticSupport', width: 100, render: (r) => `0x${r.diagnosticSupport.toString(16).padStart(4, '0').toUpperCase()}` },
    { key: 'diagnosticReadiness', titleKey: 'emission.diagnosticReadiness', width: 100, render: (r) => `0x${r.diagnosticReadiness.toString(16).padStart(4, '0').toUpperCase()}` },
    { key: 'obdVin', titleKey: 'emission.obdVin', width: 170, render: (r) => r.obdVin },
    { key: 'calibrationId', titleKey: 'emission.calibrationId', width: 170, render: (r) => r.calibrationId },
    { key: 'cvn', titleKey: 'emission.cvn', width: 170, render: (r) => r.cvn },
    { key: 'faultCount', titleKey: 'emission.faultCount', width: 80, render: (r) => (r.faultCodes === null ? t('emission.invalid') : String(r.faultCodes.length)) },
    { key: 'faultCodes', titleKey: 'emission.faultCodes', width: 220, render: (r) => (r.faultCodes ?? []).map(faultCodeHex).join(', ') },
  ];
  return (
    <EmissionFrame screen="emissionData">
      {(window, toolbar) => (
        <Tabs id="emission-data" renderActiveTabPanelOnly className="of-emission-tabs">
          <Tab id="streams" title={t('emission.streams')} panel={<TableScreen<EmissionStream, Record<string, string>> screen="emissionData" searchPlaceholderKey="emission.plate" columns={columns} useList={streamList(window)} {...readOnlyTable('emission.streams')} toolbar={toolbar} />} />
          <Tab id="obd" title={t('emission.obd')} panel={<TableScreen<EmissionObd, Record<string, string>> screen="emissionData" searchPlaceholderKey="emission.plate" columns={obdColumns} useList={obdList(window)} {...readOnlyTable('emission.obd')} toolbar={toolbar} />} />
        </Tabs>
      )}
    </EmissionFrame>
  );
}

/** /monitor/noxData: NOx before and after the SCR catalyst with its temperatures, and the conversion. */
export function NoxDataScreen(_props: ScreenProps) {
  const columns: ColumnSpec<EmissionStream>[] = [
    { key: 'collectedAt', titleKey: 'emission.collectedAt', width: 160, render: at },
    { key: 'plateCode', titleKey: 'emission.plate', width: 100, render: (r) => r.plateCode },
    { key: 'noxUpstream', titleKey: 'emission.noxUpstream', width: 120, render: (r) => num(r.noxUpstream, 2) },
    { key: 'noxDownstream', titleKey: 'emission.noxDownstream', width: 120, render: (r) => num(r.noxDownstream, 2) },
    { key: 'conversion', titleKey: 'emission.conversion', width: 110, render: (r) => noxConversion(r.noxUpstream, r.noxDownstream) },
    { key: 'scrInletTemp', titleKey: 'emission.scrInletTemp', width: 110, render: (r) => num(r.scrInletTemp, 1) },
    { key: 'scrOutletTemp', titleKey: 'emission.scrOutletTemp', width: 110, render: (r) => num(r.scrOutletTemp, 1) },
    { key: 'engineRpm', titleKey: 'emission.engineRpm', width: 90, render: (r) => num(r.engineRpm, 0) },
    { key: 'engineTorque', titleKey: 'emission.engineTorque', width: 90, render: (r) => num(r.engineTorque, 0) },
    { key: 'speed', titleKey: 'emission.speed', width: 90, render: (r) => num(r.speed, 1) },
  ];
  return (
    <EmissionFrame screen="noxData">
      {(window, toolbar) => (
        <>
          <EmissionChart window={window} {...NOX_AXES} />
          <TableScreen<EmissionStream, Record<string, string>> screen="noxData" searchPlaceholderKey="emission.plate" columns={columns} useList={streamList(window)} {...readOnlyTable('emission.noxTitle')} toolbar={toolbar} />
        </>
      )}
    </EmissionFrame>
  );
}

/** /monitor/ureaData: reagent (urea) level, tank temperature, dosing and consumption. */
export function UreaDataScreen(_props: ScreenProps) {
  const columns: ColumnSpec<EmissionStream>[] = [
    { key: 'collectedAt', titleKey: 'emission.collectedAt', width: 160, render: at },
    { key: 'plateCode', titleKey: 'emission.plate', width: 100, render: (r) => r.plateCode },
    { key: 'reagent', titleKey: 'emission.reagent', width: 110, render: (r) => num(r.reagent, 1) },
    { key: 'ureaTankTemp', titleKey: 'emission.ureaTankTemp', width: 110, render: (r) => num(r.ureaTankTemp, 0) },
    { key: 'ureaDosing', titleKey: 'emission.ureaDosing', width: 120, render: (r) => num(r.ureaDosing, 2) },
    { key: 'totalUrea', titleKey: 'emission.totalUrea', width: 120, render: (r) => num(r.totalUrea, 0) },
    { key: 'noxDownstream', titleKey: 'emission.noxDownstream', width: 120, render: (r) => num(r.noxDownstream, 2) },
    { key: 'scrInletTemp', titleKey: 'emission.scrInletTemp', width: 110, render: (r) => num(r.scrInletTemp, 1) },
    { key: 'odometer', titleKey: 'emission.odometer', width: 100, render: (r) => num(r.odometer, 1) },
  ];
  return (
    <EmissionFrame screen="ureaData">
      {(window, toolbar) => (
        <>
          <EmissionChart window={window} {...UREA_AXES} />
          <TableScreen<EmissionStream, Record<string, string>> screen="ureaData" searchPlaceholderKey="emission.plate" columns={columns} useList={streamList(window)} {...readOnlyTable('emission.ureaTitle')} toolbar={toolbar} />
        </>
      )}
    </EmissionFrame>
  );
}
