import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmbedPlayer } from './embed/EmbedPlayer';
import { embedToken, h5PlayerParams } from './h5-params';
import { useVehicleChannelsQuery } from './videoApi';
import { VideoTile } from './VideoTile';
import './video.css';

/**
 * /videoJsH5?vehicleId=&channel=&streamType=: one live channel in the whole window, no menu frame
 * (embedding, phones). The access guard has already sent a visitor without a session to sign in,
 * unless the URL carries an embed `token` (a third-party page): then the token alone opens the channel.
 */
export default function VideoJsH5Page() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = h5PlayerParams(search);
  const token = embedToken(search);
  const { data, isLoading } = useVehicleChannelsQuery(params?.vehicleId ?? '', { skip: !params || token !== null });
  if (params && token) return <EmbedPlayer vehicleId={params.vehicleId} channel={params.channel} streamType={params.streamType} token={token} />;
  if (!params) return <NonIdealState className="of-video-h5" icon="video" title={t('page.videoJsH5.title')} description={t('media.h5.badParams')} />;
  if (isLoading) return <Spinner className="of-page-state" />;
  if (!data) return <NonIdealState className="of-video-h5" icon="error" title={t('page.videoJsH5.title')} description={t('media.tile.openFailed')} />;
  if (!data.hasVideo) return <NonIdealState className="of-video-h5" icon="video" title={data.plateCode} description={t('media.noDevice')} />;
  return (
    <div className="of-video-h5">
      <VideoTile index={0} source={{ vehicleId: data.vehicleId, plateCode: data.plateCode, channel: params.channel }} initialStreamType={params.streamType} selected={false} onSelect={() => undefined} onClose={() => window.history.back()} />
    </div>
  );
}
