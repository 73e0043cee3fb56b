import { Alert, Button, Tag } from '@blueprintjs/core';
import type { LiveSessionView } from '@openfleet/contracts/video';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { cstTime } from '../instruction/command-form';
import type { PageQuery } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { useCloseLiveSessionMutation, useLiveSessionsQuery } from './videoApi';
import { pageOfSessions } from './session-table';
import './video.css';

/** Spec: the session list refreshes every 5 s. */
export const SESSIONS_POLL_MS = 5000;

/** realvideoTable: the media server's open sessions, refreshed every 5 s; an administrator can end one. */
export default function RealVideoTableScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [closeSession] = useCloseLiveSessionMutation();
  const [ending, setEnding] = useState<LiveSessionView | null>(null);
  const useList = useMemo(
    () =>
      function useSessionList(query: PageQuery, skip: boolean) {
        const { data, isFetching } = useLiveSessionsQuery(undefined, { skip, pollingInterval: SESSIONS_POLL_MS });
        return { data: data ? pageOfSessions(data, query) : undefined, isFetching };
      },
    [],
  );
  const columns: ColumnSpec<LiveSessionView>[] = [
    { key: 'plateCode', titleKey: 'media.plate', width: 110, render: (s) => s.plateCode || s.vehicleId },
    { key: 'channel', titleKey: 'media.channel', width: 60, render: (s) => s.channel },
    { key: 'kind', titleKey: 'media.session.kind', width: 80, render: (s) => t(`media.session.${s.kind}`) },
    { key: 'connected', titleKey: 'media.session.connected', width: 80, render: (s) => <Tag minimal intent={s.connected ? 'success' : 'warning'}>{t(s.connected ? 'media.session.yes' : 'media.session.no')}</Tag> },
    { key: 'viewers', titleKey: 'media.session.viewers', width: 70, render: (s) => s.viewers },
    { key: 'codec', titleKey: 'media.session.codec', width: 110, render: (s) => [s.videoCodec, s.audioCodec].filter(Boolean).join(' / ') || '—' },
    { key: 'resolution', titleKey: 'media.session.resolution', width: 100, render: (s) => (s.width ? `${s.width}×${s.height}` : '—') },
    { key: 'bytesIn', titleKey: 'media.session.bytes', width: 100, render: (s) => `${(s.bytesIn / 1_048_576).toFixed(2)} MB` },
    { key: 'framesIn', titleKey: 'media.session.frames', width: 80, render: (s) => s.framesIn },
    { key: 'lost', titleKey: 'media.session.lost', width: 80, render: (s) => s.framesLost + s.malformed },
    { key: 'startedAt', titleKey: 'media.session.started', width: 160, render: (s) => cstTime(s.startedAt) },
    { key: 'lastPacketAt', titleKey: 'media.session.lastPacket', width: 160, render: (s) => (s.lastPacketAt ? cstTime(s.lastPacketAt) : '—') },
  ];
  const end = async () => {
    if (!ending) return;
    const result = await closeSession(ending.streamKey);
    setEnding(null);
    if (!('error' in result)) notify('success', t('media.session.ended'));
  };
  return (
    <>
      <TableScreen<LiveSessionView, Record<string, string>>
        screen="realvideoTable"
        searchPlaceholderKey="media.plate"
        columns={columns}
        useList={useList}
        {...readOnlyTable('menu.realvideoTable')}
        toolbar={(selected) => <Button icon="stop" intent="danger" className="of-video-end-session" text={t('media.session.end')} disabled={selected.length !== 1} onClick={() => setEnding(selected[0] ?? null)} />}
      />
      <Alert isOpen={ending !== null} intent="danger" icon="stop" confirmButtonText={t('media.session.end')} cancelButtonText={t('common.cancel')} onConfirm={() => void end()} onCancel={() => setEnding(null)}>
        {ending && t('media.session.confirmEnd', { plate: ending.plateCode, channel: ending.channel })}
      </Alert>
    </>
  );
}
