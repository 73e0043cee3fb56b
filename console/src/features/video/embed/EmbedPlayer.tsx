import { NonIdealState, Spinner } from '@blueprintjs/core';
import type { MediaStreamView } from '@openfleet/contracts/video';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { statusAfter, statusText, type TileStatus } from '../tile-status';
import { errorCodeOf } from '../videoApi';
import { VideoPlayer } from '../VideoPlayer';
import { useEmbedChannelsQuery, useOpenEmbedLiveMutation } from './embedApi';

interface EmbedPlayerProps {
  readonly vehicleId: string;
  readonly channel: number;
  readonly streamType: number;
  readonly token: string;
}

/**
 * /videoJsH5?token=: one live channel for a third-party page, opened with the embed token alone
 * (no session, no menu, no operator buttons: a click toggles the sound).
 */
export function EmbedPlayer({ vehicleId, channel, streamType, token }: EmbedPlayerProps) {
  const { t } = useTranslation();
  const language = useAppSelector((state) => state.settings.language);
  const { data, error, isLoading } = useEmbedChannelsQuery({ vehicleId, token });
  const [openLive] = useOpenEmbedLiveMutation();
  const [stream, setStream] = useState<MediaStreamView | null>(null);
  const [status, setStatus] = useState<TileStatus>({ kind: 'opening' });
  const [muted, setMuted] = useState(true);
  const video = useRef<HTMLVideoElement | null>(null);
  const allowed = data?.channels.includes(channel) ?? false;

  useEffect(() => {
    if (!allowed) return undefined;
    let current = true;
    void openLive({ token, vehicleId, channel, streamType }).then((result) => {
      if (!current) return;
      if ('data' in result && result.data) setStream(result.data);
      else setStatus({ kind: 'error', code: errorCodeOf(result.error) });
    });
    return () => {
      current = false;
    };
  }, [allowed, token, vehicleId, channel, streamType, openLive]);

  if (isLoading) return <Spinner className="of-page-state" />;
  if (!data) return <NonIdealState className="of-video-h5" icon="error" title={t('page.videoJsH5.title')} description={statusText({ kind: 'error', code: errorCodeOf(error) }, t, language)} />;
  if (!allowed) return <NonIdealState className="of-video-h5" icon="video" title={data.plateCode} description={t('media.h5.channelNotAllowed')} />;
  const text = statusText(status, t, language);
  return (
    <div className="of-video-h5" data-testid="video-embed">
      <div className="of-video-tile" data-testid="video-tile" data-stream-key={stream?.streamKey ?? ''} data-status={status.kind} onClick={() => setMuted(!muted)}>
        <div className="of-video-tile-bar">
          <span className="of-video-tile-label">{`${data.plateCode} ${t('media.channelN', { channel })}`}</span>
        </div>
        <div className="of-video-tile-body">
          {stream && <VideoPlayer stream={stream} muted={muted} videoRef={video} onEvent={(event) => setStatus(statusAfter(event))} />}
          {text && <div className={`of-video-tile-status of-video-status-${status.kind}`}>{text}</div>}
        </div>
      </div>
    </div>
  );
}
