import { Button, Callout, Tag } from '@blueprintjs/core';
import type { VehicleChannelsView } from '@openfleet/contracts/video';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { useMonitorData } from '../monitor/useMonitorData';
import { VehicleTree } from '../monitor/VehicleTree';
import { LiveWall } from './LiveWall';
import { videoAlarmTags } from '../monitor/video-alarm-tags';
import { useLiveTiles } from './useLiveTiles';
import { useLazyVehicleChannelsQuery } from './videoApi';
import { BroadcastButton } from './talk/BroadcastButton';
import '../monitor/monitor.css';
import './video.css';

/** videoPlay: a vehicle's channels fill the free tiles of a 1/4/6/9/16 split; a channel can also go into the selected tile. */
export default function VideoPlayScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const english = useAppSelector((state) => state.settings.language) === 'en_US';
  const vehicles = useAppSelector((state) => state.live.vehicles);
  const { rows } = useMonitorData();
  const [fetchChannels] = useLazyVehicleChannelsQuery();
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [channels, setChannels] = useState<VehicleChannelsView | null>(null);
  const wall = useLiveTiles(4);

  const pick = async (id: string) => {
    setVehicleId(id);
    setChannels(null);
    const result = await fetchChannels(id);
    const view = result.data;
    if (!view) return;
    setChannels(view);
    if (!view.hasVideo) return;
    const overflow = wall.fill(view.channels.map((channel) => ({ vehicleId: view.vehicleId, plateCode: view.plateCode, channel })));
    if (overflow > 0) notify('warning', t('media.tilesFull', { count: overflow }));
  };
  // The video alarms (0x14-0x18) come with the vehicle's live position, kept by the monitor's live state.
  const alarms = videoAlarmTags((vehicleId ? vehicles[vehicleId]?.videoAlarms : null) ?? null).map(({ label, detail }) => {
    const [zh, en] = label;
    const text = english ? en : zh;
    return detail ? `${text}: ${english ? detail[1] : detail[0]}` : text;
  });

  return (
    <div className="of-video-screen">
      <aside className="of-video-aside">
        <VehicleTree rows={rows} vehicles={vehicles} selected={vehicleId} onSelect={(id) => void pick(id)} checkLimit={0} onLimit={() => undefined} />
      </aside>
      <div className="of-video-content">
        <div className="of-video-vehicle">
          <BroadcastButton vehicleIds={wall.tiles.flatMap((tile) => (tile ? [tile.vehicleId] : []))} />
          {!vehicleId && <Callout intent="primary" className="of-video-hint">{t('media.selectVehicle')}</Callout>}
          {channels && !channels.hasVideo && <Callout intent="warning" className="of-video-no-device">{t('media.noDevice')}</Callout>}
          {channels?.hasVideo && (
            <div className="of-video-channels">
              <strong>{channels.plateCode}</strong>
              <Tag minimal intent={channels.online ? 'success' : 'none'}>{t(channels.online ? 'media.online' : 'media.offline')}</Tag>
              {channels.channels.map((channel) => (
                <Button
                  key={channel}
                  size="small"
                  className="of-video-channel"
                  text={t('media.channelN', { channel })}
                  title={t('media.openInSelected')}
                  onClick={() => wall.place(wall.selected, { vehicleId: channels.vehicleId, plateCode: channels.plateCode, channel })}
                />
              ))}
              {alarms.map((label) => (
                <Tag key={label} intent="danger" className="of-video-alarm">
                  {label}
                </Tag>
              ))}
            </div>
          )}
        </div>
        <LiveWall tiles={wall.tiles} split={wall.split} onSplit={wall.changeSplit} selected={wall.selected} onSelect={wall.setSelected} onClose={wall.close} />
      </div>
    </div>
  );
}
