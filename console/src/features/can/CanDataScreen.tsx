import { Card, Checkbox, Tab, Tabs } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HighChart, type ChartOptions } from '../../charts/HighChart';
import type { ScreenProps } from '../access/screen-props';
import { VehicleWindowFrame, type VehicleWindow } from '../monitor/VehicleWindowFrame';
import type { FieldSpec, PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import './can.css';
import { useCanFramesQuery, useCanSeriesQuery, useCanSignalsQuery, useDeleteCanSignalMutation, useSaveCanSignalMutation, type CanFrame, type CanSignal } from './canApi';

type SignalForm = Record<'name' | 'busId' | 'startBit' | 'bitLength' | 'byteOrder' | 'signed' | 'factor' | 'offset' | 'unit', string>;

const integer = (min: number, max: number) => (value: string) => (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max ? null : 'can.invalidNumber');
const decimal = (value: string) => (value.trim() !== '' && Number.isFinite(Number(value)) ? null : 'can.invalidNumber');

const SIGNAL_FIELDS: FieldSpec<SignalForm>[] = [
  { name: 'name', labelKey: 'can.signal', required: true, maxLength: 64 },
  { name: 'busId', labelKey: 'can.busId', required: true, validate: (value) => (/^(0x)?[0-9a-fA-F]{1,8}$/.test(value) && parseInt(value.replace(/^0x/, ''), 16) <= 0x1fffffff ? null : 'can.invalidBusId') },
  { name: 'startBit', labelKey: 'can.startBit', required: true, validate: integer(0, 63) },
  { name: 'bitLength', labelKey: 'can.bitLength', required: true, validate: integer(1, 64) },
  { name: 'byteOrder', labelKey: 'can.byteOrder', kind: 'select', options: [{ value: 'intel', labelKey: 'can.intel' }, { value: 'motorola', labelKey: 'can.motorola' }] },
  { name: 'signed', labelKey: 'can.signed', kind: 'select', options: [{ value: '0', labelKey: 'can.unsigned' }, { value: '1', labelKey: 'can.signedValue' }] },
  { name: 'factor', labelKey: 'can.factor', required: true, validate: decimal },
  { name: 'offset', labelKey: 'can.offset', required: true, validate: decimal },
  { name: 'unit', labelKey: 'can.unit', maxLength: 16 },
];

const EMPTY_SIGNAL: SignalForm = { name: '', busId: '', startBit: '0', bitLength: '8', byteOrder: 'intel', signed: '0', factor: '1', offset: '0', unit: '' };

const hexId = (id: number) => id.toString(16).toUpperCase().padStart(8, '0');

/** The signal table (DBC-like): the bus id in hex, where the bits sit, and how they scale. */
function SignalTable() {
  const { data } = useCanSignalsQuery();
  const [save] = useSaveCanSignalMutation();
  const [remove] = useDeleteCanSignalMutation();
  const signals = data ?? [];
  const columns: ColumnSpec<CanSignal>[] = [
    { key: 'name', titleKey: 'can.signal', width: 140, render: (s) => s.name },
    { key: 'busId', titleKey: 'can.busId', width: 110, render: (s) => hexId(s.busId) },
    { key: 'startBit', titleKey: 'can.startBit', width: 80, render: (s) => `${s.startBit}` },
    { key: 'bitLength', titleKey: 'can.bitLength', width: 80, render: (s) => `${s.bitLength}` },
    { key: 'byteOrder', titleKey: 'can.byteOrder', width: 100, render: (s) => s.byteOrder },
    { key: 'factor', titleKey: 'can.factor', width: 80, render: (s) => `${s.factor}` },
    { key: 'offset', titleKey: 'can.offset', width: 80, render: (s) => `${s.offset}` },
    { key: 'unit', titleKey: 'can.unit', width: 70, render: (s) => s.unit },
  ];
  return (
    <TableScreen<CanSignal, SignalForm>
      screen="canData"
      searchPlaceholderKey="can.signal"
      columns={columns}
      useList={(query: PageQuery) => {
        const matching = signals.filter((s) => !query.keyword || s.name.includes(query.keyword));
        return { data: { records: matching, total: matching.length }, isFetching: false };
      }}
      fields={SIGNAL_FIELDS}
      emptyForm={EMPTY_SIGNAL}
      toForm={(s) => ({ name: s.name, busId: hexId(s.busId), startBit: `${s.startBit}`, bitLength: `${s.bitLength}`, byteOrder: s.byteOrder, signed: s.signed ? '1' : '0', factor: `${s.factor}`, offset: `${s.offset}`, unit: s.unit })}
      dialogWidth={600}
      addTitleKey="can.addSignal"
      editTitleKey="can.editSignal"
      save={async (form, editing) => {
        const body = {
          ...(editing ? { id: editing.id } : {}),
          name: form.name,
          busId: parseInt(form.busId.replace(/^0x/, ''), 16),
          startBit: Number(form.startBit),
          bitLength: Number(form.bitLength),
          byteOrder: form.byteOrder as 'intel' | 'motorola',
          signed: form.signed === '1',
          factor: Number(form.factor),
          offset: Number(form.offset),
          unit: form.unit,
        };
        return !('error' in (await save(body)));
      }}
      remove={async (rows) => {
        for (const row of rows) if ('error' in (await remove(row.id))) return false;
        return true;
      }}
    />
  );
}

function framesList(window: VehicleWindow) {
  return function useFrameList(query: PageQuery, skip: boolean) {
    return useCanFramesQuery({ ...window, current: query.pageNo, size: query.pageSize }, { skip });
  };
}

/** Curves of the checked signals over the window (zoomable). */
function SignalCurves({ window }: { window: VehicleWindow }) {
  const { t } = useTranslation();
  const { data: signals } = useCanSignalsQuery();
  const [checked, setChecked] = useState<number[]>([]);
  const ids = checked.length ? checked : (signals ?? []).slice(0, 2).map((s) => s.id);
  const { data } = useCanSeriesQuery({ ...window, signalIds: ids.join(',') }, { skip: !ids.length });
  const options = useMemo<ChartOptions>(
    () => ({
      chart: { height: 320, animation: false, zooming: { type: 'x' } },
      title: { text: undefined },
      time: { timezone: 'Asia/Shanghai' },
      xAxis: { type: 'datetime' },
      yAxis: (data?.series ?? []).map((s, i) => ({ title: { text: `${s.name} (${s.unit})` }, opposite: i % 2 === 1 })),
      tooltip: { shared: true, xDateFormat: '%Y-%m-%d %H:%M:%S.%L' },
      plotOptions: { series: { animation: false, turboThreshold: 0, marker: { enabled: false } } },
      series: (data?.series ?? []).map((s, i) => ({ type: 'line' as const, name: s.name, yAxis: i, data: s.points })),
    }),
    [data],
  );
  return (
    <Card className="of-can-curves" data-points={(data?.series ?? []).reduce((sum, s) => sum + s.points.length, 0)}>
      <div className="of-can-pick">
        {(signals ?? []).map((s) => (
          <Checkbox key={s.id} inline label={s.name} checked={ids.includes(s.id)} onChange={() => setChecked(ids.includes(s.id) ? ids.filter((id) => id !== s.id) : [...ids, s.id].slice(-8))} />
        ))}
        {!signals?.length && <span>{t('can.noSignals')}</span>}
      </div>
      <HighChart options={options} />
    </Card>
  );
}

/** /monitor/canData: a vehicle's CAN frames (0x0705) decoded through the signal table, their curves, and the table itself. */
export function CanDataScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  return (
    <VehicleWindowFrame prefix="of-can" labels={{ from: 'statistics.from', to: 'statistics.to', query: 'report.query', pick: 'can.pickVehicle' }}>
      {(window, toolbar) => (
        <Tabs id="can-tabs" renderActiveTabPanelOnly>
          <Tab
            id="frames"
            title={t('can.frames')}
            panel={
              <TableScreen<CanFrame, Record<string, string>>
                screen="canData"
                searchPlaceholderKey="can.busId"
                columns={[
                  { key: 'time', titleKey: 'can.time', width: 190, render: (f) => f.time },
                  { key: 'channel', titleKey: 'can.channel', width: 70, render: (f) => `${f.channel + 1}` },
                  { key: 'busId', titleKey: 'can.busId', width: 100, render: (f) => f.busIdHex },
                  { key: 'data', titleKey: 'can.data', width: 170, render: (f) => f.data },
                  { key: 'signals', titleKey: 'can.values', width: 320, render: (f) => f.signals.map((s) => `${s.name} ${s.value ?? '—'} ${s.unit}`).join('; ') },
                ]}
                useList={framesList(window)}
                {...readOnlyTable('menu.canData')}
                toolbar={toolbar}
              />
            }
          />
          <Tab id="curves" title={t('can.curves')} panel={<SignalCurves window={window} />} />
          <Tab id="signals" title={t('can.signals')} panel={<SignalTable />} />
        </Tabs>
      )}
    </VehicleWindowFrame>
  );
}
