import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { LiveControl, StreamType, type MediaStreamView } from '@openfleet/contracts/video';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { captureFrame } from './snapshot';
import type { StreamEvent } from './mse-ws-session';
import { reconnectDelay, statusAfter, statusText, type TileStatus } from './tile-status';
import type { TileSource } from './tile-grid';
import { errorCodeOf, useControlLiveMutation, useOpenLiveMutation, useTakeSnapshotMutation } from './videoApi';
import { TranscodedTag } from './TranscodedTag';
import { VideoPlayer } from './VideoPlayer';
import { LatencyBadge } from './latency/LatencyBadge';
import { useFullScreenStream } from './latency/useFullScreenStream';
import { TalkButton } from './talk/TalkButton';

interface VideoTileProps {
  readonly index: number;
  readonly source: TileSource | null;
  readonly selected: boolean;
  readonly onSelect: () => void;
  readonly onClose: () => void;
  readonly style?: CSSProperties;
  /** The stream opened first (default sub: less mobile data). */
  readonly initialStreamType?: number;
}

/** One live tile: opens its channel (sub stream unless told), plays it, and carries the tile's buttons. */
export function VideoTile({ index, source, selected, onSelect, onClose, style, initialStreamType = StreamType.SUB }: VideoTileProps) {
  const { t } = useTranslation();
  const language = useAppSelector((state) => state.settings.language);
  const [openLive] = useOpenLiveMutation();
  const [controlLive] = useControlLiveMutation();
  const [takeSnapshot] = useTakeSnapshotMutation();
  const [stream, setStream] = useState<MediaStreamView | null>(null);
  const [status, setStatus] = useState<TileStatus>({ kind: 'idle' });
  const [muted, setMuted] = useState(true);
  const [streamType, setStreamType] = useState<number>(StreamType.SUB);
  const [showLatency, setShowLatency] = useState(false);
  const tile = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const vehicleId = source?.vehicleId;
  const channel = source?.channel;

  // Bumped to open the channel again after its media connection dropped (reconnectDelay).
  const [reopen, setReopen] = useState(0);
  const reopening = useRef(false);
  const attempts = useRef(0);
  const reconnectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reconnectTimer.current), []);

  useEffect(() => {
    const again = reopening.current;
    reopening.current = false;
    if (!again) {
      clearTimeout(reconnectTimer.current);
      setStream(null);
    }
    if (!vehicleId || !channel) {
      setStatus({ kind: 'idle' });
      return undefined;
    }
    let current = true;
    if (!again) {
      attempts.current = 0;
      setStatus({ kind: 'opening' });
      setStreamType(initialStreamType);
    }
    void openLive({ vehicleId, channel, streamType: initialStreamType }).then((result) => {
      if (!current) return;
      if ('data' in result && result.data) setStream(result.data);
      else setStatus({ kind: 'error', code: errorCodeOf(result.error) });
    });
    return () => {
      current = false;
    };
  }, [vehicleId, channel, initialStreamType, openLive, reopen]);

  // A dropped media connection (the video replica went away, a network blip) reopens the stream
  // after a short gap, showing that it reconnects; only after RECONNECT_DELAYS_MS is it lost.
  const onStreamEvent = (event: StreamEvent) => {
    if (event.type === 'playing') attempts.current = 0;
    if (event.type !== 'lost') return setStatus(statusAfter(event));
    const delay = reconnectDelay(attempts.current);
    if (delay === null) return setStatus({ kind: 'lost' });
    attempts.current += 1;
    setStatus({ kind: 'reconnecting', attempt: attempts.current });
    clearTimeout(reconnectTimer.current);
    reconnectTimer.current = setTimeout(() => {
      reopening.current = true;
      setReopen((count) => count + 1);
    }, delay);
  };

  // Closing a tile only leaves the stream: other operators may be watching it, and the server
  // stops the terminal (0x9102) once nobody has watched for VIDEO_IDLE_S.
  const close = () => onClose();
  const switchStreamTo = async (next: number) => {
    if (!source) return false;
    const result = await controlLive({ vehicleId: source.vehicleId, channel: source.channel, command: LiveControl.SWITCH_STREAM, switchStreamType: next });
    if (!('error' in result)) setStreamType(next);
    return !('error' in result);
  };
  const switchStream = () => switchStreamTo(streamType === StreamType.MAIN ? StreamType.SUB : StreamType.MAIN);
  useFullScreenStream(tile, streamType, switchStreamTo);
  const snapshot = async () => {
    const image = video.current ? captureFrame(video.current) : null;
    if (!source || !image) {
      notify('warning', t('media.snapshot.noFrame'));
      return;
    }
    const result = await takeSnapshot({ vehicleId: source.vehicleId, channel: source.channel, image });
    if (!('error' in result)) notify('success', t('media.snapshot.saved'));
  };
  const fullScreen = () => void tile.current?.requestFullscreen?.().catch(() => undefined);
  const text = statusText(status, t, language);
  const label = source ? `${source.plateCode} ${t('media.channelN', { channel: source.channel })}` : t('media.tile.free', { index: index + 1 });

  return (
    <div
      ref={tile}
      data-testid="video-tile"
      data-stream-key={stream?.streamKey ?? ''}
      data-status={status.kind}
      className={`of-video-tile${selected ? ' of-video-tile-selected' : ''}`}
      style={style}
      onClick={onSelect}
    >
      <div className="of-video-tile-bar">
        <span className="of-video-tile-label">{label}</span>
        {source && (
          <ButtonGroup variant="minimal">
            <TranscodedTag streamKey={stream?.streamKey} />
            <Tag minimal round className="of-video-stream-type">{t(streamType === StreamType.MAIN ? 'media.stream.main' : 'media.stream.sub')}</Tag>
            <Button size="small" icon="exchange" aria-label={t('media.tile.switchStream')} title={t('media.tile.switchStream')} disabled={!stream} onClick={() => void switchStream()} />
            <Button size="small" icon={muted ? 'volume-off' : 'volume-up'} aria-label={t(muted ? 'media.tile.unmute' : 'media.tile.mute')} title={t(muted ? 'media.tile.unmute' : 'media.tile.mute')} onClick={() => setMuted(!muted)} />
            <Button size="small" icon="camera" aria-label={t('media.tile.snapshot')} title={t('media.tile.snapshot')} disabled={!stream} onClick={() => void snapshot()} />
            <Button size="small" icon="time" active={showLatency} aria-label={t('media.tile.latency')} title={t('media.tile.latency')} disabled={!stream} onClick={() => setShowLatency(!showLatency)} />
            <Button size="small" icon="fullscreen" aria-label={t('media.tile.fullScreen')} title={t('media.tile.fullScreen')} onClick={fullScreen} />
            <TalkButton vehicleId={source.vehicleId} channel={source.channel} />
            <Button size="small" icon="cross" aria-label={t('media.tile.close')} title={t('media.tile.close')} onClick={close} />
          </ButtonGroup>
        )}
      </div>
      <div className="of-video-tile-body">
        {stream && <VideoPlayer stream={stream} muted={muted} videoRef={video} onEvent={onStreamEvent} />}
        {stream && showLatency && <LatencyBadge streamKey={stream.streamKey} />}
        {text && <div className={`of-video-tile-status of-video-status-${status.kind}`}>{text}</div>}
      </div>
    </div>
  );
}
