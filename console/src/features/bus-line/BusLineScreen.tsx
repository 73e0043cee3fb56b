import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import type { BusLineView } from '@openfleet/contracts/industry';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { BusLineLayer } from '../../map/BusLineLayer';
import { MapView } from '../../map/MapView';
import type { ScreenProps } from '../access/screen-props';
import { vehicleOptions } from '../instruction/vehicle-options';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import { formatCst } from '../monitor/liveSlice';
import { listHook, useResourceMutations, type Resource } from '../table-screen/resource-api';
import type { FieldSpec } from '../table-screen/table-model';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { emptyBusLineForm, stopsProblem, toBusLineForm, toBusLineInput, type BusLineForm } from './bus-line-form';
import './bus-line.css';

// No tag of its own (the tag list is the app's): lines share the fences' list tag, both being route geometry.
const LINES: Resource = { path: 'industry/busLine', tag: 'Fence', paged: true };
const useLineList = listHook<BusLineView>(LINES);

/** /industry/busLine: lines with their stops in both directions and the vehicles on them; the line drawn on the map. */
export default function BusLineScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { save, remove } = useResourceMutations(LINES);
  const { data: tree } = useVehicleTreeQuery();
  const [shown, setShown] = useState<BusLineView | null>(null);
  const vehicles = useMemo(() => vehicleOptions(tree ?? []).map((v) => ({ value: v.id, label: v.plate })), [tree]);
  const fields: FieldSpec<BusLineForm>[] = [
    { name: 'code', labelKey: 'busLine.code', required: true, maxLength: 32 },
    { name: 'name', labelKey: 'busLine.name', required: true, maxLength: 64 },
    { name: 'scheduledHeadwayS', labelKey: 'busLine.scheduledHeadwayS', validate: (value) => (/^\d+$/.test(value) && Number(value) >= 30 && Number(value) <= 7200 ? null : 'busLine.headwayRange') },
    { name: 'up', labelKey: 'busLine.upStops', kind: 'textarea', required: true, validate: (value) => stopsProblem(value, true) },
    { name: 'down', labelKey: 'busLine.downStops', kind: 'textarea', validate: (value) => stopsProblem(value, false) },
    { name: 'vehiclesUp', labelKey: 'busLine.vehiclesUp', kind: 'checks', options: vehicles },
    { name: 'vehiclesDown', labelKey: 'busLine.vehiclesDown', kind: 'checks', options: vehicles },
  ];
  const columns: ColumnSpec<BusLineView>[] = [
    { key: 'code', titleKey: 'busLine.code', width: 100, sortable: true, render: (row) => row.code },
    { key: 'name', titleKey: 'busLine.name', width: 140, render: (row) => row.name },
    { key: 'up', titleKey: 'busLine.upCount', width: 90, render: (row) => String(row.up.length) },
    { key: 'down', titleKey: 'busLine.downCount', width: 90, render: (row) => String(row.down.length) },
    { key: 'ends', titleKey: 'busLine.ends', width: 220, render: (row) => `${row.up[0]?.name ?? ''} → ${row.up[row.up.length - 1]?.name ?? ''}` },
    { key: 'vehicles', titleKey: 'busLine.vehicleCount', width: 90, render: (row) => String(row.vehicles.length) },
    { key: 'scheduledHeadwayS', titleKey: 'busLine.scheduledHeadwayS', width: 120, render: (row) => (row.scheduledHeadwayS ? String(row.scheduledHeadwayS) : '') },
    { key: 'updatedAt', titleKey: 'busLine.updatedAt', width: 150, render: (row) => formatCst(Math.floor(row.updatedAt / 1000)) },
  ];
  return (
    <div className="of-bus-line-screen">
      <TableScreen<BusLineView, BusLineForm>
        screen="busLine"
        searchPlaceholderKey="busLine.searchPlaceholder"
        columns={columns}
        useList={useLineList}
        fields={fields}
        emptyForm={emptyBusLineForm}
        toForm={toBusLineForm}
        dialogWidth={750}
        addTitleKey="busLine.add"
        editTitleKey="busLine.edit"
        save={(form, editing) => save(toBusLineInput(form), editing?.id)}
        remove={(rows) => remove(rows.map((row) => row.id))}
        excel={{ path: LINES.path, tag: LINES.tag, template: true }}
        cellData={t}
        toolbar={(selected) => (
          <Button icon="map" text={t('busLine.showOnMap')} onClick={() => (selected.length === 1 ? setShown(selected[0]!) : notify('warning', t('common.selectOneRow')))} />
        )}
      />
      <Dialog isOpen={shown !== null} onClose={() => setShown(null)} title={shown ? `${shown.code} ${shown.name}` : ''} style={{ width: 900 }}>
        <DialogBody>
          {shown && (
            <MapView className="of-bus-line-map">
              <BusLineLayer up={shown.up.map((s) => ({ lng: s.longitude, lat: s.latitude, name: s.name }))} down={shown.down.map((s) => ({ lng: s.longitude, lat: s.latitude, name: s.name }))} />
            </MapView>
          )}
        </DialogBody>
      </Dialog>
    </div>
  );
}
