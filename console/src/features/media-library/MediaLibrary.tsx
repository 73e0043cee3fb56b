import { AnchorButton, Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedUrl } from '../../app/use-authorized-url';
import { cstTime } from '../instruction/command-form';
import { useMonitorData } from '../monitor/useMonitorData';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { vehicleIdsFor } from '../video/vehicle-lookup';
import { MEDIA_EXTENSIONS, useTerminalMediaQuery, type TerminalMedia } from './mediaLibraryApi';
import './media-library.css';
import { DateTimePicker } from '../formats/DateTimePicker';

const dayStart = () => `${cstTime(Date.now()).slice(0, 10)} 00:00:00`;
const dayEnd = () => `${cstTime(Date.now()).slice(0, 10)} 23:59:59`;

const fileName = (media: TerminalMedia) => `${media.terminalPhone || media.vehicleId}-${media.mediaId}.${MEDIA_EXTENSIONS[media.format] ?? 'bin'}`;

/** The item itself, fetched with the session token: a thumbnail, an audio player, or nothing the browser cannot play (WMV, TIF). */
function Preview({ media }: { media: TerminalMedia }) {
  const playable = (media.mediaType === 0 && media.format === 0) || (media.mediaType === 1 && (media.format === 2 || media.format === 3));
  const url = useAuthorizedUrl(playable ? media.url : null);
  if (!playable) return <span className="of-media-noPreview">—</span>;
  if (!url) return <span className="of-media-thumb of-media-thumb-empty" />;
  if (media.mediaType === 1) return <audio className="of-media-audio" src={url} controls preload="none" />;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img className="of-media-thumb" src={url} alt={fileName(media)} data-media={media.id} />
    </a>
  );
}

/** A download of the item (the bytes come behind the token, so the link is an object URL). */
function Download({ media }: { media: TerminalMedia }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const url = useAuthorizedUrl(wanted ? `${media.url}?download=1` : null);
  if (!wanted) return <Button small minimal icon="download" text={t('mediaLibrary.download')} onClick={() => setWanted(true)} />;
  return <AnchorButton small minimal icon="download" href={url ?? undefined} download={fileName(media)} loading={!url} text={t('mediaLibrary.save')} />;
}

/**
 * Every photo, recording and video terminals uploaded (0x0801, kept by the instruction service's
 * media store): by vehicle (plate), type and receive time, with a preview and a download. `photosOnly`
 * shows the photos alone (拍照查询: a photo taken from the console lands here).
 */
export function MediaLibrary({ screen, titleKey, photosOnly = false }: { screen: string; titleKey: string; photosOnly?: boolean }) {
  const { t } = useTranslation();
  const { rows } = useMonitorData();
  const [draft, setDraft] = useState(() => ({ startTime: dayStart(), endTime: dayEnd(), mediaType: photosOnly ? '0' : '' }));
  const [filter, setFilter] = useState(draft);
  const plates = useMemo(() => new Map(rows.flatMap((row) => (row.vehicleId ? [[row.vehicleId, row.name] as const] : []))), [rows]);
  const useList = useMemo(
    () =>
      function useMediaList(query: PageQuery, skip: boolean) {
        const vehicleId = query.keyword ? vehicleIdsFor(query.keyword, rows)[0] : undefined;
        return useTerminalMediaQuery(
          { startTime: filter.startTime, endTime: filter.endTime, mediaType: filter.mediaType === '' ? undefined : Number(filter.mediaType), vehicleId, current: query.pageNo, size: query.pageSize },
          { skip },
        );
      },
    [filter, rows],
  );
  const columns: ColumnSpec<TerminalMedia>[] = [
    { key: 'preview', titleKey: 'mediaLibrary.preview', width: 130, render: (row) => <Preview media={row} /> },
    { key: 'plateCode', titleKey: 'media.plate', width: 110, render: (row) => plates.get(row.vehicleId) || row.vehicleId || row.terminalPhone },
    { key: 'type', titleKey: 'mediaLibrary.type', width: 80, render: (row) => <Tag minimal>{t(`mediaLibrary.type.${row.mediaType}`)}</Tag> },
    { key: 'event', titleKey: 'mediaLibrary.event', width: 130, render: (row) => t(`mediaLibrary.event.${row.event}`, { defaultValue: String(row.event) }) },
    { key: 'channel', titleKey: 'media.channel', width: 60, render: (row) => row.channel },
    { key: 'receivedAt', titleKey: 'mediaLibrary.receivedAt', width: 160, render: (row) => cstTime(row.receivedAt) },
    { key: 'takenAt', titleKey: 'mediaLibrary.takenAt', width: 160, render: (row) => (row.takenAt ? cstTime(row.takenAt) : '—') },
    { key: 'size', titleKey: 'media.fileSize', width: 80, render: (row) => `${(row.size / 1024).toFixed(0)} KB` },
    { key: 'download', titleKey: 'mediaLibrary.download', width: 110, render: (row) => <Download media={row} /> },
  ];
  return (
    <TableScreen<TerminalMedia, Record<string, string>>
      screen={screen}
      searchPlaceholderKey="media.plate"
      columns={columns}
      useList={useList}
      cellData={plates}
      {...readOnlyTable(titleKey)}
      toolbar={() => (
        <div className="of-video-filters of-media-filters">
          <DateTimePicker aria-label={t('media.startTime')} value={draft.startTime} onChange={(startTime) => setDraft({ ...draft, startTime })} />
          <DateTimePicker aria-label={t('media.endTime')} value={draft.endTime} onChange={(endTime) => setDraft({ ...draft, endTime })} />
          {!photosOnly && (
            <HTMLSelect aria-label={t('mediaLibrary.type')} value={draft.mediaType} onChange={(event) => setDraft({ ...draft, mediaType: event.currentTarget.value })}>
              <option value="">{t('mediaLibrary.type.all')}</option>
              <option value="0">{t('mediaLibrary.type.0')}</option>
              <option value="1">{t('mediaLibrary.type.1')}</option>
              <option value="2">{t('mediaLibrary.type.2')}</option>
            </HTMLSelect>
          )}
          <Button className="of-media-query" icon="search" text={t('media.query')} onClick={() => setFilter(draft)} />
        </div>
      )}
    />
  );
}
