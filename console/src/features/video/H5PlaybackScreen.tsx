import { Button, Callout, HTMLSelect } from '@blueprintjs/core';
import { PlaybackControl, VIDEO_QUERY_MAX_DAYS, type MediaStreamView, type ResourceItem, type VehicleChannelsView } from '@openfleet/contracts/video';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { cstTime } from '../instruction/command-form';
import { useMonitorData } from '../monitor/useMonitorData';
import { VehicleTree } from '../monitor/VehicleTree';
import { DownloadTasksDrawer } from './DownloadTasksDrawer';
import { PlaybackControls, type PlaybackDirection } from './PlaybackControls';
import { PlaybackTimeline } from './PlaybackTimeline';
import { ResourceTable } from './ResourceTable';
import { itemAt, parseCst, timelineSegments, windowError } from './playback-window';
import { statusAfter, statusText, type TileStatus } from './tile-status';
import { errorCodeOf, useControlPlaybackMutation, useCreateDownloadMutation, useLazyVehicleChannelsQuery, useOpenPlaybackMutation, usePlaybackResourcesMutation } from './videoApi';
import { VideoPlayer } from './VideoPlayer';
import '../monitor/monitor.css';
import './video.css';
import { DateTimePicker } from '../formats/DateTimePicker';

const todayAt = (time: string) => `${cstTime(Date.now()).slice(0, 10)} ${time}`;

/** h5Playback: the terminal's recordings of a day window on a timeline; click plays from there, drag seeks, items download. */
export default function H5PlaybackScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const language = useAppSelector((state) => state.settings.language);
  const vehicles = useAppSelector((state) => state.live.vehicles);
  const { rows } = useMonitorData();
  const [fetchChannels] = useLazyVehicleChannelsQuery();
  const [queryResources, resources] = usePlaybackResourcesMutation();
  const [openPlayback] = useOpenPlaybackMutation();
  const [controlPlayback] = useControlPlaybackMutation();
  const [createDownload] = useCreateDownloadMutation();
  const [vehicle, setVehicle] = useState<VehicleChannelsView | null>(null);
  const [channel, setChannel] = useState(0);
  const [period, setPeriod] = useState({ startTime: todayAt('00:00:00'), endTime: todayAt('23:59:59') });
  const [searched, setSearched] = useState<{ start: number; end: number; items: ResourceItem[] } | null>(null);
  const [stream, setStream] = useState<MediaStreamView | null>(null);
  const [status, setStatus] = useState<TileStatus>({ kind: 'idle' });
  const [paused, setPaused] = useState(false);
  const [direction, setDirection] = useState<PlaybackDirection>('forward');
  const [speed, setSpeed] = useState(1);
  const [cursor, setCursor] = useState<number | null>(null);
  const [downloadsOpen, setDownloadsOpen] = useState(false);
  const video = useRef<HTMLVideoElement | null>(null);
  // Fast-forward: the terminal sends media n times faster than the wall clock, so the element plays it n times faster too.
  useEffect(() => {
    if (video.current) video.current.playbackRate = direction === 'forward' ? speed : 1;
  }, [speed, direction, stream]);
  const segments = useMemo(() => (searched ? timelineSegments(searched.items, searched.start, searched.end) : []), [searched]);

  const pickVehicle = async (id: string) => {
    const view = (await fetchChannels(id)).data ?? null;
    setVehicle(view);
    setChannel(view?.channels[0] ?? 0);
    setSearched(null);
  };
  const search = async () => {
    if (!vehicle) return notify('warning', t('media.selectVehicle'));
    const problem = windowError(period.startTime, period.endTime, VIDEO_QUERY_MAX_DAYS);
    if (problem) return notify('warning', t(problem, { days: VIDEO_QUERY_MAX_DAYS }));
    const result = await queryResources({ vehicleId: vehicle.vehicleId, channel, ...period });
    if ('data' in result && result.data) setSearched({ start: parseCst(period.startTime), end: parseCst(period.endTime), items: result.data });
  };
  const play = async (time: string) => {
    const item = searched ? itemAt(searched.items, parseCst(time)) : null;
    if (!vehicle || !item) return notify('warning', t('media.playback.noRecording'));
    const startTime = parseCst(item.startTime) > parseCst(time) ? item.startTime : time;
    setStream(null);
    setStatus({ kind: 'opening' });
    const result = await openPlayback({ vehicleId: vehicle.vehicleId, channel: item.channel, startTime, endTime: item.endTime, mediaType: item.mediaType, streamType: item.streamType, storageType: item.storageType, playbackMode: 0 });
    if ('data' in result && result.data) {
      setStream(result.data);
      setPaused(false);
      setDirection('forward');
      setSpeed(1);
      setCursor(parseCst(startTime));
    } else setStatus({ kind: 'error', code: errorCodeOf(result.error) });
  };
  const control = async (command: number, extra: { speed?: number; position?: string } = {}) => {
    if (!stream) return false;
    const result = await controlPlayback({ vehicleId: stream.vehicleId, channel: stream.channel, control: command, ...extra });
    return !('error' in result);
  };
  const seek = async (time: string) => {
    if (!stream) return void play(time);
    if (await control(PlaybackControl.SEEK, { position: time })) setCursor(parseCst(time));
  };
  const stop = async () => {
    await control(PlaybackControl.STOP);
    setStream(null);
    setStatus({ kind: 'idle' });
  };
  const download = async (item: ResourceItem) => {
    if (!vehicle) return;
    const result = await createDownload({ vehicleId: vehicle.vehicleId, channel: item.channel, startTime: item.startTime, endTime: item.endTime, mediaType: item.mediaType, streamType: item.streamType, storageType: item.storageType });
    if (!('error' in result)) notify('success', t('media.download.created'));
  };
  const text = statusText(status, t, language);

  return (
    <div className="of-video-screen">
      <aside className="of-video-aside">
        <VehicleTree rows={rows} vehicles={vehicles} selected={vehicle?.vehicleId ?? null} onSelect={(id) => void pickVehicle(id)} checkLimit={0} onLimit={() => undefined} />
      </aside>
      <div className="of-video-content of-playback">
        <div className="of-playback-form">
          <strong className="of-playback-plate">{vehicle?.plateCode ?? t('media.selectVehicle')}</strong>
          <HTMLSelect aria-label={t('media.channel')} value={channel} onChange={(event) => setChannel(Number(event.currentTarget.value))} disabled={!vehicle?.hasVideo}>
            <option value={0}>{t('media.allChannels')}</option>
            {(vehicle?.channels ?? []).map((value) => (
              <option key={value} value={value}>
                {t('media.channelN', { channel: value })}
              </option>
            ))}
          </HTMLSelect>
          <DateTimePicker aria-label={t('media.startTime')} value={period.startTime} onChange={(startTime) => setPeriod({ ...period, startTime })} />
          <DateTimePicker aria-label={t('media.endTime')} value={period.endTime} onChange={(endTime) => setPeriod({ ...period, endTime })} />
          <WithPower code="h5Playback:search">
            <Button icon="search" intent="primary" text={t('media.query')} loading={resources.isLoading} disabled={!vehicle?.hasVideo} onClick={() => void search()} />
          </WithPower>
          <Button icon="cloud-download" text={t('media.download.title')} onClick={() => setDownloadsOpen(true)} />
        </div>
        {vehicle && !vehicle.hasVideo && <Callout intent="warning">{t('media.noDevice')}</Callout>}
        {vehicle?.hasVideo && !vehicle.online && <Callout intent="warning" className="of-playback-offline">{t('media.playback.offline')}</Callout>}
        {searched && <PlaybackTimeline segments={segments} start={searched.start} end={searched.end} cursor={cursor} onPick={(time) => void play(time)} onSeek={(time) => void seek(time)} />}
        <div className="of-playback-stage">
          <div className="of-video-tile of-playback-tile" data-testid="video-tile" data-stream-key={stream?.streamKey ?? ''} data-status={status.kind}>
            <div className="of-video-tile-body">
              {stream && <VideoPlayer stream={stream} muted videoRef={video} onEvent={(event) => setStatus(statusAfter(event))} />}
              {text && <div className={`of-video-tile-status of-video-status-${status.kind}`}>{text}</div>}
            </div>
          </div>
          <PlaybackControls
            disabled={!stream}
            paused={paused}
            direction={direction}
            speed={speed}
            onControl={(command, code) => void control(command, code ? { speed: code } : {}).then((ok) => ok && (command === PlaybackControl.PAUSE || command === PlaybackControl.START) && setPaused(command === PlaybackControl.PAUSE))}
            onDirection={setDirection}
            onSpeed={setSpeed}
            onStop={() => void stop()}
          />
        </div>
        {searched && <ResourceTable items={searched.items} onPlay={(item) => void play(item.startTime)} onDownload={(item) => void download(item)} />}
      </div>
      <DownloadTasksDrawer isOpen={downloadsOpen} onClose={() => setDownloadsOpen(false)} />
    </div>
  );
}
