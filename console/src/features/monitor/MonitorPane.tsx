import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoFit, defaultMapTypeFor, FenceLayer, fitToPositions, formatDistance, MapToolbar, MapView, MeasureTool, TrackLayer, useMap, VehicleLayer, type MapLayerChoice, type TrackPosition, type VehicleMarker } from '../../map';

import { useGranted } from '../access/granted';
import { useFencesQuery } from '../fence/fenceApi';

const MAP_TYPE_KEY = 'monitorMapType';

/** The user's map type, kept in local storage; before a choice Gaode in Chinese, OpenStreetMap in English. */
export function storedMapType(language: string): number {
  const stored = Number(globalThis.localStorage?.getItem(MAP_TYPE_KEY));
  return [0, 1, 3, 4, 5].includes(stored) && globalThis.localStorage?.getItem(MAP_TYPE_KEY) !== null ? stored : defaultMapTypeFor(language);
}

function FitButtonBridge({ markers, children }: { markers: Readonly<Record<string, VehicleMarker>>; children: (fit: () => void) => React.ReactNode }) {
  const { map, mapType } = useMap();
  const fit = useCallback(() => fitToPositions(map, mapType, Object.values(markers).flatMap((m) => (m.lng === null || m.lat === null ? [] : [[m.lng, m.lat] as const]))), [map, mapType, markers]);
  return <>{children(fit)}</>;
}

export interface MonitorPaneProps {
  readonly markers: Readonly<Record<string, VehicleMarker>>;
  readonly onPick?: (vehicleId: string) => void;
  /** Single-vehicle tracking: the trail behind the vehicle and its current place. */
  readonly trail?: readonly TrackPosition[];
  readonly head?: TrackPosition | null;
  /** The followed vehicle (singleCar): a new one zooms the map to street level. */
  readonly followKey?: string | null;
  /** Fit the map to the vehicles as they are checked (multiCar). */
  readonly autoFit?: boolean;
}

/**
 * The checked vehicles' positions for AutoFit. The object changes with every live tick, but
 * AutoFit only moves the map when a vehicle with a position joins (view-fit.ts shouldFit).
 */
function markerPositions(markers: Readonly<Record<string, VehicleMarker>>): Record<string, readonly [number, number] | null> {
  const positions: Record<string, readonly [number, number] | null> = {};
  for (const id in markers) {
    const marker = markers[id]!;
    positions[id] = marker.lng === null || marker.lat === null ? null : [marker.lng, marker.lat];
  }
  return positions;
}

/** The fences of the user's scope on the monitoring maps, for users whose screens may read them. */
function MonitorFences() {
  const multiCar = useGranted('multiCar');
  const singleCar = useGranted('singleCar');
  const fenceManage = useGranted('fenceManage:search');
  const granted = multiCar || singleCar || fenceManage;
  const { data } = useFencesQuery({}, { skip: !granted });
  const fences = useMemo(() => (data?.records ?? []).map((fence) => ({ id: String(fence.id), name: fence.name, geometry: fence.geometry })), [data]);
  return fences.length ? <FenceLayer fences={fences} /> : null;
}

/** One map pane of the monitor: vehicles, toolbox, ranging, optional trail that the map follows. */
export function MonitorPane({ markers, onPick, trail, head, followKey = null, autoFit = false }: MonitorPaneProps) {
  const { t, i18n } = useTranslation();
  const [choice, setChoice] = useState<MapLayerChoice>(() => ({ mapType: storedMapType(i18n.language), base: 'road', traffic: false }));
  const [measuring, setMeasuring] = useState(false);
  const [measured, setMeasured] = useState<number | null>(null);
  const positions = useMemo(() => markerPositions(markers), [markers]);
  const choose = (next: MapLayerChoice) => {
    setChoice(next);
    globalThis.localStorage?.setItem(MAP_TYPE_KEY, String(next.mapType));
  };
  return (
    <div className="of-monitor-pane">
      <MapView mapType={choice.mapType} base={choice.base} traffic={choice.traffic}>
        <MonitorFences />
        <VehicleLayer vehicles={markers} onPick={onPick} />
        {trail && <TrackLayer path={trail} head={head} follow followKey={followKey} />}
        {autoFit && <AutoFit positions={positions} />}
        {measuring && <MeasureTool onMeasured={setMeasured} />}
        <FitButtonBridge markers={markers}>
          {(fit) => <MapToolbar choice={choice} onChoice={choose} measuring={measuring} onMeasuring={(on) => { setMeasuring(on); setMeasured(null); }} onFit={fit} />}
        </FitButtonBridge>
        {measured !== null && <div className="of-map-overlay-note of-measure-result">{t('monitor.map.measured', { distance: formatDistance(measured) })}</div>}
      </MapView>
    </div>
  );
}
