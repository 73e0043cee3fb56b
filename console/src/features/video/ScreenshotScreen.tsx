import { Button, Tab, Tabs } from '@blueprintjs/core';
import type { SnapshotView } from '@openfleet/contracts/video';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedUrl } from '../../app/use-authorized-url';
import type { ScreenProps } from '../access/screen-props';
import { cstTime } from '../instruction/command-form';
import { MediaLibrary } from '../media-library/MediaLibrary';
import { useMonitorData } from '../monitor/useMonitorData';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { vehicleIdsFor } from './vehicle-lookup';
import { useSnapshotsQuery } from './videoApi';
import './video.css';
import { DateTimePicker } from '../formats/DateTimePicker';

const dayStart = () => `${cstTime(Date.now()).slice(0, 10)} 00:00:00`;
const dayEnd = () => `${cstTime(Date.now()).slice(0, 10)} 23:59:59`;

/** A snapshot's image, fetched with the session token. */
function Thumbnail({ snapshot }: { snapshot: SnapshotView }) {
  const url = useAuthorizedUrl(snapshot.fileUrl);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer">
      <img className="of-snapshot-thumb" src={url} alt={`${snapshot.plateCode} ${snapshot.channel}`} />
    </a>
  ) : (
    <span className="of-snapshot-thumb of-snapshot-thumb-empty" />
  );
}

/**
 * screenshot (拍照查询): the photos terminals took (0x0801 uploads: a photo taken from the console's
 * 拍照 instruction, timed and alarm photos), the snapshots taken from live video tiles, and the whole
 * media library (photos, recordings, videos) with preview and download.
 */
export default function ScreenshotScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  return (
    <Tabs id="of-screenshot-tabs" className="of-screenshot-tabs" renderActiveTabPanelOnly>
      <Tab id="photos" title={t('mediaLibrary.tab.photos')} panel={<MediaLibrary screen="screenshot" titleKey="menu.screenshot" photosOnly />} />
      <Tab id="snapshots" title={t('mediaLibrary.tab.snapshots')} panel={<VideoSnapshots />} />
      <Tab id="library" title={t('mediaLibrary.tab.library')} panel={<MediaLibrary screen="screenshot" titleKey="menu.screenshot" />} />
    </Tabs>
  );
}

/** The snapshots taken from live tiles (video service), by plate and time window, with thumbnails. */
function VideoSnapshots() {
  const { t } = useTranslation();
  const { rows } = useMonitorData();
  const [draft, setDraft] = useState(() => ({ startTime: dayStart(), endTime: dayEnd() }));
  const [filter, setFilter] = useState(draft);
  const useList = useMemo(
    () =>
      function useSnapshotList(query: PageQuery, skip: boolean) {
        const vehicleId = query.keyword ? vehicleIdsFor(query.keyword, rows)[0] : undefined;
        return useSnapshotsQuery({ ...filter, vehicleId, current: query.pageNo, size: query.pageSize }, { skip });
      },
    [filter, rows],
  );
  const columns: ColumnSpec<SnapshotView>[] = [
    { key: 'image', titleKey: 'media.snapshot.image', width: 120, render: (row) => <Thumbnail snapshot={row} /> },
    { key: 'plateCode', titleKey: 'media.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
    { key: 'channel', titleKey: 'media.channel', width: 70, render: (row) => row.channel },
    { key: 'takenAt', titleKey: 'media.snapshot.takenAt', width: 160, render: (row) => cstTime(row.takenAt) },
    { key: 'size', titleKey: 'media.fileSize', width: 90, render: (row) => `${(row.size / 1024).toFixed(0)} KB` },
    { key: 'takenBy', titleKey: 'media.snapshot.takenBy', width: 110, render: (row) => row.takenBy },
  ];
  return (
    <TableScreen<SnapshotView, Record<string, string>>
      screen="screenshot"
      searchPlaceholderKey="media.plate"
      columns={columns}
      useList={useList}
      {...readOnlyTable('menu.screenshot')}
      toolbar={() => (
        <div className="of-video-filters">
          <DateTimePicker aria-label={t('media.startTime')} value={draft.startTime} onChange={(startTime) => setDraft({ ...draft, startTime })} />
          <DateTimePicker aria-label={t('media.endTime')} value={draft.endTime} onChange={(endTime) => setDraft({ ...draft, endTime })} />
          <Button icon="search" text={t('media.query')} onClick={() => setFilter(draft)} />
        </div>
      )}
    />
  );
}
