import { Button, ButtonGroup, Callout, Checkbox, FileInput, FormGroup, HTMLTable, InputGroup, Menu, MenuItem, NumericInput } from '@blueprintjs/core';
import type { FenceGeometry, RouteSegment } from '@openfleet/contracts/fence';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { hasPower } from '../access/menu-tree';
import type { ScreenProps } from '../access/screen-props';
import { storedMapType } from '../monitor/MonitorPane';
import { selectLiveVehicles } from '../monitor/monitor-selectors';
import { useMonitorData } from '../monitor/useMonitorData';
import { FenceDrawTool, FenceLayer, fitToPositions, MapView, useMap, VehicleLayer, type DrawKind } from '../../map';
import { ATTRIBUTE_CHOICES, emptyFenceForm, fenceEditActions, fenceInputOf, formOf, type FenceForm } from './fence-form';
import { fencesToGeoJson, geoJsonToFences } from './fence-geojson';
import { useDeleteFenceMutation, useFencesQuery, useSaveFenceMutation, type FenceRow } from './fenceApi';
import './fence.css';

const KINDS: readonly DrawKind[] = ['polygon', 'circle', 'rectangle', 'route', 'point'];

/** Downloads the listed fences as one GeoJSON file. */
function exportGeoJson(fences: readonly FenceRow[]): void {
  const json = fencesToGeoJson(fences.map(({ name, type, geometry, attributes, startTime, endTime, maxSpeedKmh, overspeedDurationS, nightMaxSpeedKmh, maxStayS, rpmLimit, overRpmDurationS, muck, remark }) => ({ name, type, geometry, attributes, startTime, endTime, maxSpeedKmh, overspeedDurationS, nightMaxSpeedKmh, maxStayS, rpmLimit, overRpmDurationS, muck: muck ?? undefined, remark })));
  const url = URL.createObjectURL(new Blob([JSON.stringify(json, null, 2)], { type: 'application/geo+json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'fences.geojson';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fits the map to the live vehicles once they are known (fences are drawn where the fleet drives). */
function FitOnce({ positions }: { positions: readonly (readonly [number, number])[] }) {
  const { map, mapType } = useMap();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done && positions.length) setDone(fitToPositions(map, mapType, positions));
  }, [done, map, mapType, positions]);
  return null;
}

/** fenceManage and lineFence: the list, drawing on the map (Draw, then Modify), the attribute form (§5), save and delete. */
export default function FenceManageScreen({ power, routes = false }: ScreenProps & { routes?: boolean }) {
  const { t, i18n } = useTranslation();
  useMonitorData();
  const vehicles = useAppSelector(selectLiveVehicles);
  const positions = useMemo(() => Object.values(vehicles).flatMap((v) => (v.lng === null || v.lat === null ? [] : [[v.lng, v.lat] as const])), [vehicles]);
  const [keyword, setKeyword] = useState('');
  const { data } = useFencesQuery({ keyword });
  const [save] = useSaveFenceMutation();
  const [remove] = useDeleteFenceMutation();
  const [selected, setSelected] = useState<FenceRow | null>(null);
  const [drawing, setDrawing] = useState<DrawKind | null>(null);
  const [geometry, setGeometry] = useState<FenceGeometry | null>(null);
  const [form, setForm] = useState<FenceForm>(emptyFenceForm);
  const [touched, setTouched] = useState(false);
  const mapType = useMemo(() => storedMapType(i18n.language), [i18n.language]);
  const fences = (data?.records ?? []).filter((fence) => !routes || fence.geometry.type === 'route');
  const onDrawn = useCallback((drawn: FenceGeometry) => setGeometry(drawn), []);
  const problems = geometry ? fenceInputOf(form, geometry).problems : [];
  const set = <K extends keyof FenceForm>(key: K, value: FenceForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const actions = fenceEditActions(selected, hasPower(power, `${routes ? 'lineFence' : 'fenceManage'}:delete`));

  const startNew = (kind: DrawKind) => {
    setSelected(null);
    setGeometry(null);
    setForm(emptyFenceForm);
    setTouched(false);
    setDrawing(kind);
  };
  const edit = (fence: FenceRow) => {
    setSelected(fence);
    setGeometry(fence.geometry);
    setForm(formOf(fence));
    setDrawing(null);
    setTouched(false);
  };
  const submit = async () => {
    setTouched(true);
    if (!geometry || problems.length) return;
    const result = await save({ id: selected?.id, body: fenceInputOf(form, geometry).input });
    if ('data' in result) {
      notify('success', t('fence.saved'), 1500);
      setDrawing(null);
    }
  };
  const segments = geometry?.type === 'route' ? geometry.segments : [];
  const setSegment = (index: number, patch: Partial<RouteSegment>) =>
    setGeometry((g) => (g?.type === 'route' ? { ...g, segments: g.segments.map((s, i) => (i === index ? { ...s, ...patch } : s)) } : g));

  return (
    <div className="of-fence-screen">
      <div className="of-fence-side">
        <InputGroup leftIcon="search" placeholder={t('fence.search')} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} />
        <Menu className="of-fence-list">
          {fences.map((fence) => (
            <MenuItem key={fence.id} icon={fence.readOnly ? 'lock' : undefined} text={fence.name} label={t(`fence.kind.${fence.geometry.type}`)} title={fence.readOnly ? t('fence.readOnly') : undefined} active={selected?.id === fence.id} onClick={() => edit(fence)} />
          ))}
        </Menu>
        <ButtonGroup className="of-fence-files" fill>
          <Button small icon="export" text={t('fence.exportGeoJson')} disabled={!fences.length} onClick={() => exportGeoJson(fences)} />
          {hasPower(power, `${routes ? 'lineFence' : 'fenceManage'}:import`) && (
            <FileInput buttonText={t('common.browse')}
              small
              text={t('fence.importGeoJson')}
              inputProps={{ accept: '.geojson,.json,application/geo+json' }}
              onInputChange={async (e) => {
                const file = e.currentTarget.files?.[0];
                if (!file) return;
                let parsed: unknown;
                try {
                  parsed = JSON.parse(await file.text());
                } catch {
                  return notify('error', t('fence.importUnreadable'), 3000);
                }
                const { fences: imported, skipped } = geoJsonToFences(parsed);
                let saved = 0;
                for (const body of imported) if ('data' in (await save({ body }))) saved++;
                notify(saved === imported.length && !skipped ? 'success' : 'warning', t('fence.imported', { saved, failed: imported.length - saved + skipped }), 3000);
              }}
            />
          )}
        </ButtonGroup>
        {hasPower(power, `${routes ? 'lineFence' : 'fenceManage'}:add`) && (
          <ButtonGroup className="of-fence-draw" fill>
            {(routes ? (['route'] as DrawKind[]) : KINDS).map((kind) => (
              <Button key={kind} small icon="draw" text={t(`fence.kind.${kind}`)} active={drawing === kind} onClick={() => startNew(kind)} data-kind={kind} />
            ))}
          </ButtonGroup>
        )}
        {(geometry || drawing) && (
          <div className="of-fence-form">
            {!geometry && <Callout intent="primary">{t('fence.drawHint')}</Callout>}
            {selected?.readOnly && <Callout intent="warning" icon="lock" className="of-fence-read-only">{t('fence.readOnly')}</Callout>}
            <fieldset className="of-fence-fields" disabled={!!selected?.readOnly}>
            <FormGroup label={t('fence.name')} labelFor="of-fence-name" intent={touched && problems.includes('name') ? 'danger' : 'none'}>
              <InputGroup id="of-fence-name" value={form.name} maxLength={64} onChange={(e) => set('name', e.currentTarget.value)} />
            </FormGroup>
            <FormGroup label={t('fence.attributes')} intent={touched && problems.includes('attributes') ? 'danger' : 'none'} helperText={touched && problems.includes('attributes') ? t('fence.problem.attributes') : undefined}>
              {ATTRIBUTE_CHOICES.map(({ bit, key }) => (
                <Checkbox key={bit} label={t(key)} checked={(form.attributes & bit) !== 0} onChange={(e) => set('attributes', e.currentTarget.checked ? form.attributes | bit : form.attributes & ~bit)} />
              ))}
            </FormGroup>
            {(form.attributes & 1) !== 0 && (
              <FormGroup label={t('fence.window')} intent={touched && problems.includes('time') ? 'danger' : 'none'}>
                <InputGroup placeholder="HH:mm:ss" value={form.startTime} onChange={(e) => set('startTime', e.currentTarget.value)} />
                <InputGroup placeholder="HH:mm:ss" value={form.endTime} onChange={(e) => set('endTime', e.currentTarget.value)} />
              </FormGroup>
            )}
            {(form.attributes & 2) !== 0 && (
              <FormGroup label={t('fence.speed')} intent={touched && (problems.includes('speed') || problems.includes('duration')) ? 'danger' : 'none'} helperText={t('fence.speedHint')}>
                <InputGroup placeholder={t('fence.maxSpeed')} value={form.maxSpeedKmh} onChange={(e) => set('maxSpeedKmh', e.currentTarget.value)} />
                <InputGroup placeholder={t('fence.duration')} value={form.overspeedDurationS} onChange={(e) => set('overspeedDurationS', e.currentTarget.value)} />
                <InputGroup placeholder={t('fence.nightSpeed')} value={form.nightMaxSpeedKmh} onChange={(e) => set('nightMaxSpeedKmh', e.currentTarget.value)} />
              </FormGroup>
            )}
            <FormGroup label={t('fence.maxStay')}>
              <InputGroup value={form.maxStayS} onChange={(e) => set('maxStayS', e.currentTarget.value)} />
            </FormGroup>
            <FormGroup label={t('fence.rpm')} labelFor="of-fence-rpm" intent={touched && problems.includes('rpm') ? 'danger' : 'none'} helperText={t(touched && problems.includes('rpm') ? 'fence.problem.rpm' : 'fence.rpmHint')}>
              <InputGroup id="of-fence-rpm" value={form.rpmLimit} onChange={(e) => set('rpmLimit', e.currentTarget.value)} />
              {form.rpmLimit.trim() !== '' && <InputGroup id="of-fence-rpm-duration" placeholder={t('fence.rpmDuration')} value={form.overRpmDurationS} onChange={(e) => set('overRpmDurationS', e.currentTarget.value)} />}
            </FormGroup>
            {geometry?.type === 'polygon' && (
              <FormGroup label={t('fence.muck')}>
                <Checkbox label={t('fence.muckArea')} checked={form.muck} onChange={(e) => set('muck', e.currentTarget.checked)} />
                {form.muck && (
                  <>
                    <Checkbox inline label={t('fence.muckLoad')} checked={form.muckLoad} onChange={(e) => set('muckLoad', e.currentTarget.checked)} />
                    <Checkbox inline label={t('fence.muckUnload')} checked={form.muckUnload} onChange={(e) => set('muckUnload', e.currentTarget.checked)} />
                    <Checkbox inline label={t('fence.muckPass')} checked={form.muckPass} onChange={(e) => set('muckPass', e.currentTarget.checked)} />
                  </>
                )}
              </FormGroup>
            )}
            {segments.length > 0 && (
              <HTMLTable compact className="of-fence-segments">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>{t('fence.width')}</th>
                    <th>{t('fence.longS')}</th>
                    <th>{t('fence.shortS')}</th>
                    <th>{t('fence.segmentSpeed')}</th>
                  </tr>
                </thead>
                <tbody>
                  {segments.map((segment, index) => (
                    <tr key={index}>
                      <td>{index + 1}</td>
                      <td><NumericInput small min={1} max={255} value={segment.widthM} onValueChange={(v) => setSegment(index, { widthM: v })} /></td>
                      <td><NumericInput small min={0} value={segment.longThresholdS} onValueChange={(v) => setSegment(index, { longThresholdS: v })} /></td>
                      <td><NumericInput small min={0} value={segment.shortThresholdS} onValueChange={(v) => setSegment(index, { shortThresholdS: v })} /></td>
                      <td><NumericInput small min={0} max={255} value={segment.maxSpeedKmh} onValueChange={(v) => setSegment(index, { maxSpeedKmh: v })} /></td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
            </fieldset>
            {touched && problems.length > 0 && <Callout intent="danger">{problems.map((problem) => t(`fence.problem.${problem}`)).join('；')}</Callout>}
            <ButtonGroup>
              {actions.save && <Button intent="primary" icon="floppy-disk" text={t('fence.save')} disabled={!geometry} onClick={() => void submit()} />}
              {selected && actions.remove && (
                <Button
                  intent="danger"
                  icon="trash"
                  text={t('fence.delete')}
                  onClick={async () => {
                    const result = await remove(selected.id);
                    if ('data' in result) {
                      setSelected(null);
                      setGeometry(null);
                    }
                  }}
                />
              )}
            </ButtonGroup>
          </div>
        )}
      </div>
      <div className="of-fence-map">
        <MapView mapType={mapType}>
          <FitOnce positions={positions} />
          <VehicleLayer vehicles={vehicles} />
          <FenceLayer fences={fences.map((fence) => ({ id: String(fence.id), name: fence.name, geometry: fence.id === selected?.id && geometry ? geometry : fence.geometry }))} selectedId={selected ? String(selected.id) : null} fit={!!selected && !drawing} />
          {drawing && <FenceDrawTool kind={drawing} onChange={onDrawn} />}
        </MapView>
      </div>
    </div>
  );
}

/** lineFence: the same editor, routes only. */
export function LineFenceScreen(props: ScreenProps) {
  return <FenceManageScreen {...props} routes />;
}
