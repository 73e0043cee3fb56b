import { VEHICLE_TRACKS_MAX_VEHICLES } from '@openfleet/contracts/live';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector, useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { MapToolbar, MapView, MultiTrackLayer, type MapLayerChoice } from '../../map';
import type { ScreenProps } from '../access/screen-props';
import { PlaybackBar } from '../history/PlaybackBar';
import { usePlayback } from '../history/usePlayback';
import { selectLiveVehicles } from '../monitor/monitor-selectors';
import { storedMapType } from '../monitor/MonitorPane';
import { useMonitorData } from '../monitor/useMonitorData';
import { VehicleTree } from '../monitor/VehicleTree';
import { downloadSheet } from '../table-screen/excel-download';
import { VehicleTrackForm, type VehicleTrackWindow } from './VehicleTrackForm';
import { VehicleTrackLegend } from './VehicleTrackLegend';
import { VehicleTrackPoints } from './VehicleTrackPoints';
import { useLazyVehicleTracksQuery, vehicleTracksParams, type VehicleTracksArgs } from './vehicleTrackApi';
import { colouredTracks, positionsAt, sharedSpan, withChecked } from './vehicle-track-model';
import '../monitor/monitor.css';
import '../history/history.css';
import './vehicle-track.css';

/**
 * /monitor/vehicleTrack: up to ten vehicles' tracks of one day (or a window up to 24 h) on one
 * map, compared: a colour each with start and end, the figures per vehicle, one shared clock that
 * moves every vehicle to where it was at that time, the points of a vehicle, the summary in Excel.
 */
export default function VehicleTrackScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const store = useAppStore();
  const { rows } = useMonitorData();
  const vehicles = useAppSelector(selectLiveVehicles);
  const [picked, setPicked] = useState<string[]>([]);
  const [choice, setChoice] = useState<MapLayerChoice>(() => ({ mapType: storedMapType(i18n.language), base: 'road', traffic: false }));
  const [load, result] = useLazyVehicleTracksQuery();
  const [asked, setAsked] = useState<VehicleTracksArgs | null>(null);
  const [shown, setShown] = useState<string | null>(null);

  const checked = useMemo(() => Object.fromEntries(picked.map((id) => [id, true as const])), [picked]);
  const tracks = useMemo(() => result.data ?? [], [result.data]);
  const coloured = useMemo(() => colouredTracks(tracks), [tracks]);
  // The shared clock runs over every track's span: two points, the earliest start and the latest end.
  const span = useMemo(() => {
    const both = sharedSpan(coloured);
    return both ? [{ time: both.start, lng: 0, lat: 0, direction: 0 }, { time: both.end, lng: 0, lat: 0, direction: 0 }] : [];
  }, [coloured]);
  const playback = usePlayback(span);
  const heads = useMemo(
    () => positionsAt(coloured, playback.state.at).map((head) => ({ id: head.vehicleId, label: head.plate, colour: head.colour, lng: head.point.lng, lat: head.point.lat, direction: head.point.direction, reporting: head.reporting })),
    [coloured, playback.state.at],
  );
  const paths = useMemo(() => coloured.map((track) => ({ id: track.vehicleId, label: track.plate, colour: track.colour, path: track.points })), [coloured]);
  const shownTrack = tracks.find((track) => track.vehicleId === shown) ?? tracks[0] ?? null;

  const check = (ids: readonly string[], on: boolean) => {
    const next = withChecked(picked, ids, on);
    if (next.refused) notify('warning', t('vehicleTrack.problem.tooMany', { max: VEHICLE_TRACKS_MAX_VEHICLES }), 3000);
    else setPicked(next.ids);
  };
  const query = (window: VehicleTrackWindow) => {
    const args = { vehicleIds: picked, ...window };
    setAsked(args);
    setShown(null);
    void load(args);
  };
  const exportSummary = async () => {
    if (!asked) return;
    const ok = await downloadSheet(store.getState().session.token ?? '', 'gps/vtrack/vehicleTracks/export', vehicleTracksParams(asked), 'vehicle-tracks.xlsx');
    if (!ok) notify('error', t('excel.exportFailed'));
  };

  return (
    <div className="of-monitor of-vehicle-track">
      <aside className="of-monitor-tree">
        <VehicleTree
          rows={rows}
          vehicles={vehicles}
          checked={checked}
          onCheck={check}
          selected={null}
          onSelect={(id) => check([id], !checked[id])}
          checkLimit={VEHICLE_TRACKS_MAX_VEHICLES}
          onLimit={() => notify('warning', t('vehicleTrack.problem.tooMany', { max: VEHICLE_TRACKS_MAX_VEHICLES }), 3000)}
        />
      </aside>
      <section className="of-monitor-main">
        <VehicleTrackForm vehicleIds={picked} busy={result.isFetching} canExport={!!asked && !!result.data} onQuery={query} onExport={() => void exportSummary()} />
        <div className="of-history-map of-vehicle-track-map" data-tracks={tracks.length} data-state={result.isFetching ? 'loading' : result.data ? 'ready' : 'idle'}>
          <MapView mapType={choice.mapType} base={choice.base} traffic={choice.traffic}>
            <MultiTrackLayer tracks={paths} heads={heads} startMark={t('vehicleTrack.startMark')} endMark={t('vehicleTrack.endMark')} />
            <MapToolbar choice={choice} onChoice={setChoice} measuring={false} onMeasuring={() => undefined} />
          </MapView>
          {result.data && !tracks.some((track) => track.points.length) && <div className="of-map-overlay-note">{t('history.noTrack')}</div>}
        </div>
        <PlaybackBar state={playback.state} onPlay={playback.play} onPause={playback.pause} onStop={playback.stop} onSpeed={playback.setSpeed} onSeek={playback.seek} />
        <div className="of-vehicle-track-bottom">
          <div className="of-vehicle-track-side">
            <VehicleTrackLegend tracks={tracks} picked={shownTrack?.vehicleId ?? null} onPick={setShown} />
          </div>
          {shownTrack && <VehicleTrackPoints plate={shownTrack.plateCode || shownTrack.vehicleId} points={shownTrack.points} at={playback.state.at} onSeek={playback.seek} />}
        </div>
      </section>
    </div>
  );
}
