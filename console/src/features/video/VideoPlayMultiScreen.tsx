import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { useMonitorData } from '../monitor/useMonitorData';
import { VehicleTree } from '../monitor/VehicleTree';
import { LiveWall } from './LiveWall';
import { resizeTiles, splitFor, type TileSource } from './tile-grid';
import { useLiveTiles } from './useLiveTiles';
import { useLazyVehicleChannelsQuery } from './videoApi';
import '../monitor/monitor.css';
import './video.css';

/** At most this many vehicles at once: one tile each in a 16-split. */
export const MULTI_VEHICLE_LIMIT = 16;

/** videoPlayMulti: the first channel of up to 16 checked vehicles, one tile each. */
export default function VideoPlayMultiScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const vehicles = useAppSelector((state) => state.live.vehicles);
  const { rows } = useMonitorData();
  const [fetchChannels] = useLazyVehicleChannelsQuery();
  const [checked, setChecked] = useState<Record<string, true>>({});
  const [opening, setOpening] = useState(false);
  const wall = useLiveTiles(16);
  const ids = Object.keys(checked);

  const onCheck = (changed: readonly string[], on: boolean) => {
    const next = { ...checked };
    for (const id of changed) {
      if (on) next[id] = true;
      else delete next[id];
    }
    if (Object.keys(next).length > MULTI_VEHICLE_LIMIT) {
      notify('warning', t('media.multi.limit', { count: MULTI_VEHICLE_LIMIT }));
      return;
    }
    setChecked(next);
  };
  const open = async () => {
    setOpening(true);
    const views = await Promise.all(ids.map((id) => fetchChannels(id).then((result) => result.data ?? null)));
    setOpening(false);
    const sources: TileSource[] = views.flatMap((view) => (view?.hasVideo && view.channels.length ? [{ vehicleId: view.vehicleId, plateCode: view.plateCode, channel: view.channels[0]! }] : []));
    const without = views.length - sources.length;
    if (without > 0) notify('warning', t('media.multi.withoutVideo', { count: without }));
    const split = splitFor(sources.length);
    wall.changeSplit(split);
    wall.replaceAll(resizeTiles(sources, split).tiles);
  };

  return (
    <div className="of-video-screen">
      <aside className="of-video-aside">
        <VehicleTree rows={rows} vehicles={vehicles} checked={checked} onCheck={onCheck} selected={null} onSelect={(id) => onCheck([id], !checked[id])} checkLimit={MULTI_VEHICLE_LIMIT} onLimit={() => notify('warning', t('media.multi.limit', { count: MULTI_VEHICLE_LIMIT }))} />
      </aside>
      <div className="of-video-content">
        <div className="of-video-vehicle">
          {!ids.length ? (
            <Callout intent="primary" className="of-video-hint">{t('media.selectVehicle')}</Callout>
          ) : (
            <Button intent="primary" icon="video" className="of-video-open-multi" loading={opening} text={t('media.multi.open', { count: ids.length })} onClick={() => void open()} />
          )}
        </div>
        <LiveWall tiles={wall.tiles} split={wall.split} onSplit={wall.changeSplit} selected={wall.selected} onSelect={wall.setSelected} onClose={wall.close} />
      </div>
    </div>
  );
}
