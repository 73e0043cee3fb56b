import { Button, InputGroup, Tag } from '@blueprintjs/core';
import type { VideoFluxRow } from '@openfleet/contracts/video';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { downloadSheet } from '../table-screen/excel-download';
import { cstTime } from '../instruction/command-form';
import { useMonitorData } from '../monitor/useMonitorData';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { dayWindowError, FLUX_MAX_DAYS, fluxTotals, pageOfFlux, toMegabytes } from './flux-report';
import { vehicleIdsFor } from './vehicle-lookup';
import { useVideoFluxQuery } from './videoApi';
import './video.css';
import { DateTimePicker } from '../formats/DateTimePicker';

const DAY_MS = 86_400_000;
const day = (offset: number) => cstTime(Date.now() - offset * DAY_MS).slice(0, 10);

/** videoflux: media traffic per vehicle, channel and day over at most 31 days, with the window's totals. */
export default function VideoFluxScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const store = useAppStore();
  const { rows: tree } = useMonitorData();
  const [draft, setDraft] = useState({ startDay: day(6), endDay: day(0), plates: '' });
  const [filter, setFilter] = useState({ startDay: draft.startDay, endDay: draft.endDay, vehicleIds: '' });
  const { data } = useVideoFluxQuery(filter);
  const totals = useMemo(() => fluxTotals(data ?? []), [data]);
  const useList = useMemo(
    () =>
      function useFluxList(query: PageQuery, skip: boolean) {
        const { data: rows, isFetching } = useVideoFluxQuery(filter, { skip });
        const keyword = query.keyword.trim().toLowerCase();
        const matching = (rows ?? []).filter((row) => !keyword || row.plateCode.toLowerCase().includes(keyword));
        return { data: rows ? pageOfFlux(matching, query) : undefined, isFetching };
      },
    [filter],
  );
  const query = () => {
    const problem = dayWindowError(draft.startDay, draft.endDay);
    if (problem) return notify('warning', t(problem, { days: FLUX_MAX_DAYS }));
    setFilter({ startDay: draft.startDay, endDay: draft.endDay, vehicleIds: vehicleIdsFor(draft.plates, tree).join(',') });
  };
  // The sheet holds the rows of the window last queried (the server applies the same scope and caps).
  const exportSheet = () =>
    void downloadSheet(store.getState().session.token ?? '', 'video/flux/export', filter, `videoflux-${filter.startDay}-${filter.endDay}.xlsx`).then((ok) => ok || notify('error', t('excel.exportFailed')));
  const columns: ColumnSpec<VideoFluxRow>[] = [
    { key: 'day', titleKey: 'media.flux.day', width: 110, render: (row) => row.day },
    { key: 'plateCode', titleKey: 'media.plate', width: 110, render: (row) => row.plateCode || row.vehicleId },
    { key: 'channel', titleKey: 'media.channel', width: 70, render: (row) => row.channel },
    { key: 'bytes', titleKey: 'media.flux.megabytes', width: 110, render: (row) => toMegabytes(row.bytes).toFixed(2) },
    { key: 'seconds', titleKey: 'media.flux.minutes', width: 110, render: (row) => (row.seconds / 60).toFixed(1) },
    { key: 'sessions', titleKey: 'media.flux.sessions', width: 90, render: (row) => row.sessions },
  ];
  return (
    <TableScreen<VideoFluxRow, Record<string, string>>
      screen="videoflux"
      searchPlaceholderKey="media.plate"
      columns={columns}
      useList={useList}
      {...readOnlyTable('menu.videoflux')}
      toolbar={() => (
        <div className="of-video-filters">
          <DateTimePicker mode="date" aria-label={t('media.flux.startDay')} value={draft.startDay} onChange={(startDay) => setDraft({ ...draft, startDay })} />
          <DateTimePicker mode="date" aria-label={t('media.flux.endDay')} value={draft.endDay} onChange={(endDay) => setDraft({ ...draft, endDay })} />
          <InputGroup aria-label={t('media.flux.plates')} placeholder={t('media.flux.plates')} value={draft.plates} onValueChange={(plates) => setDraft({ ...draft, plates })} />
          <Button icon="search" text={t('media.query')} onClick={query} />
          <WithPower code="videoflux:export">
            <Button icon="export" text={t('excel.export')} onClick={exportSheet} />
          </WithPower>
          <Tag minimal large className="of-video-flux-total">
            {t('media.flux.total', { megabytes: totals.megabytes.toFixed(2), hours: totals.hours.toFixed(1), sessions: totals.sessions })}
          </Tag>
        </div>
      )}
    />
  );
}
