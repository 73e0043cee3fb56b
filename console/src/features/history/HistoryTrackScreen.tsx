import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@openfleet/errors';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import type { ApiError } from '../session/error-mapping';
import { MapToolbar, MapView, TrackLayer, type MapLayerChoice } from '../../map';
import type { ScreenProps } from '../access/screen-props';
import { formatReading } from '../monitor/field-format';
import { TRACK_WINDOW_DAYS } from '../monitor/monitor-config';
import { selectLiveVehicles } from '../monitor/monitor-selectors';
import { storedMapType } from '../monitor/MonitorPane';
import { useMonitorData } from '../monitor/useMonitorData';
import { VehicleTree } from '../monitor/VehicleTree';
import { useLazyDailyMileageQuery, useLazyHistoryTrackQuery } from './historyApi';
import { PlaybackBar } from './PlaybackBar';
import { pointIndexAt } from './playback-clock';
import { cstToEpoch, playbackPoints } from './track-archive';
import { TrackCharts } from './TrackCharts';
import { TrackExportButton } from './TrackExportButton';
import { useCanCurves } from './useCanCurves';
import { useHistoryFuel } from '../fuel/useHistoryFuel';
import { useHistoryColdChain } from '../cold-chain/useHistoryColdChain';
import { TrackQueryForm, type TrackQuery } from './TrackQueryForm';
import { formatDuration, TripsTable } from './TripsTable';
import { usePlayback } from './usePlayback';
import { useGranted } from '../access/granted';
import { useLazyFenceEventsQuery } from '../fence/fenceApi';
import '../monitor/monitor.css';
import './history.css';

/** /monitor/historyTrack: query a window, play it back by time, charts and trips in step with the icon. */
export default function HistoryTrackScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const { rows } = useMonitorData();
  const vehicles = useAppSelector(selectLiveVehicles);
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [choice, setChoice] = useState<MapLayerChoice>(() => ({ mapType: storedMapType(i18n.language), base: 'road', traffic: false }));
  const [loadDaily, daily] = useLazyDailyMileageQuery();
  const [loadHistory, history] = useLazyHistoryTrackQuery();
  const [queriedAt, setQueriedAt] = useState<number | null>(null);
  const [window, setWindow] = useState<{ vehicleId: string; startTime: string; endTime: string } | null>(null);

  const points = useMemo(() => playbackPoints(daily.data?.points ?? []), [daily.data]);
  const playback = usePlayback(points);
  const chartEpochs = useMemo(() => (daily.data?.charts.gpsTime ?? []).map(cstToEpoch), [daily.data]);
  const cursor = pointIndexAt(chartEpochs, playback.state.at);
  const canCurves = useCanCurves(window, chartEpochs);
  const fuel = useHistoryFuel(window, points.length ? playback.state.at : null);
  const coldChain = useHistoryColdChain(window, points.length ? playback.state.at : null);
  const [loadFenceEvents, fenceEvents] = useLazyFenceEventsQuery();
  const fenceHistory = useGranted('historyTrack');
  const stops = useMemo(
    () => [
      ...(history.data?.stops ?? []).map((stop) => ({ lng: stop.longitude, lat: stop.latitude, label: t('history.stopAt', { duration: formatDuration(stop.durationS) }) })),
      // Fence entries and exits on the track (fence.event.v1 kept by the fence service).
      ...(fenceEvents.data ?? []).filter((event) => event.kind === 'enter' || event.kind === 'exit').map((event) => ({ lng: event.longitude, lat: event.latitude, label: `${t(`fence.event.${event.kind}`)} ${event.fenceName}` })),
    ],
    [history.data, fenceEvents.data, t],
  );

  const query = (form: TrackQuery) => {
    if (!vehicleId) return;
    const args = { vehicleId, startTime: form.startTime, endTime: form.endTime, allLocations: form.allLocations, mapType: choice.mapType === 0 ? 3 : choice.mapType };  // the API knows 1, 3, 4, 5; playback draws the WGS-84 fields anyway
    performance.mark('history-query');
    setQueriedAt(performance.now());
    setWindow({ vehicleId, startTime: form.startTime, endTime: form.endTime });
    void loadDaily(args);
    void loadHistory({ ...args, mode: form.mode });
    if (fenceHistory) void loadFenceEvents({ vehicleId, startTime: form.startTime, endTime: form.endTime });
  };

  // Query -> first frame: measured when the track is on the map (bench and docs/console-monitoring.md).
  useEffect(() => {
    if (queriedAt === null || !daily.data) return;
    requestAnimationFrame(() => {
      performance.measure('history-first-frame', { start: queriedAt, end: performance.now() });
      setQueriedAt(null);
    });
  }, [daily.data, queriedAt]);

  // Spec §7/§8: this call shows no popup by itself; the screen reports the code it got back.
  useEffect(() => {
    const code = (daily.error as ApiError | undefined)?.envelope.errorCode;
    if (code !== undefined) notify('warning', messageFor(code, i18n.language === 'en_US' ? 'en_US' : 'zh_CN'), 3000);
  }, [daily.error, i18n.language]);

  const totals = daily.data;
  const invalid = t('monitor.info.invalid');
  return (
    <div className="of-monitor of-history">
      <aside className="of-monitor-tree">
        <VehicleTree rows={rows} vehicles={vehicles} selected={vehicleId} onSelect={setVehicleId} checkLimit={Number.MAX_SAFE_INTEGER} onLimit={() => undefined} />
      </aside>
      <section className="of-monitor-main">
        <TrackQueryForm plate={vehicleId ? vehicles[vehicleId]?.plateCode || rows.find((row) => row.vehicleId === vehicleId)?.name || vehicleId : ''} disabled={!vehicleId || daily.isFetching} windowDays={TRACK_WINDOW_DAYS} onQuery={query} />
        <div className="of-history-map" data-points={points.length} data-state={daily.isFetching ? 'loading' : daily.data ? 'ready' : 'idle'}>
          <MapView mapType={choice.mapType} base={choice.base} traffic={choice.traffic}>
            <TrackLayer path={points} head={playback.head} stops={stops} fitOnChange />
            <MapToolbar choice={choice} onChoice={setChoice} measuring={false} onMeasuring={() => undefined} />
          </MapView>
          {daily.data && !points.length && <div className="of-map-overlay-note">{t('history.noTrack')}</div>}
        </div>
        <PlaybackBar state={playback.state} onPlay={playback.play} onPause={playback.pause} onStop={playback.stop} onSpeed={playback.setSpeed} onSeek={playback.seek} />
        <div className="of-history-bottom">
          <div className="of-history-charts">
            <div className="of-history-chart-tools">
              {canCurves.picker}
              {fuel.toggle}
              {coldChain.toggle}
              <TrackExportButton window={window} />
            </div>
            {fuel.chart ?? coldChain.chart ?? <TrackCharts charts={daily.data?.charts ?? null} cursor={cursor} onSeekIndex={(index) => chartEpochs[index] !== undefined && playback.seek(chartEpochs[index]!)} extra={canCurves.curves} />}
          </div>
          <div className="of-history-side">
            <dl className="of-info-fields of-history-totals">
              <div className="of-info-field"><dt>{t('history.total.mileage')}</dt><dd>{formatReading(totals?.mileageTotal, invalid, 'km', 1).text}</dd></div>
              <div className="of-info-field"><dt>{t('history.total.averageSpeed')}</dt><dd>{formatReading(totals?.averageSpeed, invalid, 'km/h', 1).text}</dd></div>
              <div className="of-info-field"><dt>{t('history.total.averageOil')}</dt><dd>{formatReading(totals?.averageOil, invalid, 'L/100km', 2).text}</dd></div>
              <div className="of-info-field"><dt>{t('history.total.oil')}</dt><dd>{formatReading(totals?.oilTotal, invalid, 'L', 1).text}</dd></div>
            </dl>
            <TripsTable trips={history.data?.trips} stops={history.data?.stops ?? []} onJump={playback.seek} />
          </div>
        </div>
      </section>
    </div>
  );
}
