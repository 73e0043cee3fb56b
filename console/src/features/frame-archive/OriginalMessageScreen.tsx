import { Button, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import type { ArchivedFrame } from '@openfleet/contracts/frame-archive';
import { useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import type { ScreenProps } from '../access/screen-props';
import { downloadSheet } from '../table-screen/excel-download';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { defaultFilters, frameQuery, frameTime, msgIdText, type FrameFilters } from './frame-format';
import { FrameDetailPanel } from './FrameDetailPanel';
import { useArchivedFramesQuery } from './frameArchiveApi';
import './frame-archive.css';
import { DateTimePicker } from '../formats/DateTimePicker';

/** The list's hook; `searched` keeps the terminal of the search bar for the export. */
function frameListHook(filters: FrameFilters, searched: MutableRefObject<string>) {
  return function useFrameList(query: PageQuery, skip: boolean) {
    // The terminal is required: the archive is searched one terminal at a time.
    const terminal = query.keyword.trim();
    searched.current = terminal;
    const { data, isFetching } = useArchivedFramesQuery(frameQuery(terminal, filters, query), { skip: skip || !terminal });
    return { data: terminal ? data : undefined, isFetching };
  };
}

/**
 * /index/originalMessageQuery: every frame a gateway saw for one terminal (phone or VIN), with
 * direction, protocol, message and status; a frame opens with its hex and its decoding side by
 * side, a bad one with why. The page an integrator opens first when a terminal misbehaves.
 */
export default function OriginalMessageScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const store = useAppStore();
  const [draft, setDraft] = useState<FrameFilters>(() => defaultFilters());
  const [filters, setFilters] = useState<FrameFilters>(draft);
  const searched = useRef('');
  const [shown, setShown] = useState<ArchivedFrame | null>(null);
  const useList = useMemo(() => frameListHook(filters, searched), [filters]);
  const set = <K extends keyof FrameFilters>(key: K, value: FrameFilters[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const exportSheet = async () => {
    if (!searched.current) return notify('warning', t('frames.terminalFirst'));
    const ok = await downloadSheet(store.getState().session.token ?? '', 'frameArchive/frames/export', frameQuery(searched.current, filters), 'original-messages.xlsx');
    if (!ok) notify('error', t('excel.exportFailed'));
  };
  const columns: readonly ColumnSpec<ArchivedFrame>[] = [
    { key: 'at', titleKey: 'frames.time', width: 190, render: (f) => frameTime(f.at) },
    { key: 'direction', titleKey: 'frames.directionTitle', width: 70, render: (f) => <Tag minimal intent={f.direction === 'up' ? 'primary' : 'success'}>{t(`frames.direction.${f.direction}`)}</Tag> },
    { key: 'protocol', titleKey: 'frames.protocolTitle', width: 110, render: (f) => t(`frames.protocol.${f.protocol}`) },
    { key: 'msgId', titleKey: 'frames.msgId', width: 80, render: (f) => msgIdText(f) },
    { key: 'msgName', titleKey: 'frames.msgName', width: 200, render: (f) => f.msgName },
    { key: 'length', titleKey: 'frames.length', width: 70, render: (f) => f.length },
    {
      key: 'status',
      titleKey: 'frames.status',
      width: 190,
      render: (f) => (f.error ? <Tag intent="danger" className="of-frame-bad" title={f.errorDetail ?? f.error}>{t('frames.bad', { reason: f.error })}</Tag> : <Tag minimal intent="success">{t('frames.ok')}</Tag>),
    },
    { key: 'detail', titleKey: 'frames.detail', width: 70, render: (f) => <Button small minimal icon="document-open" aria-label={t('frames.detail')} className="of-frame-open" onClick={() => setShown(f)} /> },
  ];
  return (
    <div className="of-frame-archive">
      <TableScreen<ArchivedFrame, Record<string, string>>
        screen="originalMessageQuery"
        searchPlaceholderKey="frames.terminalPlaceholder"
        columns={columns}
        useList={useList}
        cellData={t}
        {...readOnlyTable('menu.originalMessageQuery')}
        canDelete={false}
        canAdd={false}
        toolbar={() => (
          <div className="of-frame-filters">
            <DateTimePicker className="of-frame-start" aria-label={t('frames.start')} value={draft.startTime} onChange={(value) => set('startTime', value)} />
            <DateTimePicker className="of-frame-end" aria-label={t('frames.end')} value={draft.endTime} onChange={(value) => set('endTime', value)} />
            <HTMLSelect aria-label={t('frames.directionTitle')} value={draft.direction} onChange={(e) => set('direction', e.currentTarget.value as FrameFilters['direction'])}>
              <option value="">{t('frames.allDirections')}</option>
              <option value="up">{t('frames.direction.up')}</option>
              <option value="down">{t('frames.direction.down')}</option>
            </HTMLSelect>
            <InputGroup className="of-frame-msgid" aria-label={t('frames.msgId')} placeholder={t('frames.msgIdPlaceholder')} value={draft.msgId} onValueChange={(value) => set('msgId', value)} />
            <HTMLSelect aria-label={t('frames.status')} value={draft.status} onChange={(e) => set('status', e.currentTarget.value as FrameFilters['status'])}>
              <option value="">{t('frames.allStatuses')}</option>
              <option value="ok">{t('frames.ok')}</option>
              <option value="bad">{t('frames.badOnly')}</option>
            </HTMLSelect>
            <Button icon="filter" className="of-frame-apply" text={t('frames.apply')} onClick={() => setFilters(draft)} />
            <WithPower code="originalMessageQuery:export">
              <Button icon="export" className="of-frame-export" text={t('excel.export')} onClick={() => void exportSheet()} />
            </WithPower>
          </div>
        )}
      />
      <FrameDetailPanel frame={shown} onClose={() => setShown(null)} />
    </div>
  );
}
