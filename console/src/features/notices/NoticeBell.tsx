import { Button, Menu, MenuDivider, MenuItem, Popover, Tag } from '@blueprintjs/core';
import type { InboxNotice } from '@openfleet/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { cstTime } from '../instruction/command-form';
import { NoticeReadDialog } from './NoticeReadDialog';
import { useMarkNoticesReadMutation, useNoticeInboxQuery } from './noticesApi';
import './notices.css';

const LEVEL_INTENT = ['none', 'warning', 'danger'] as const;

/**
 * The header's bell: the press releases published to the signed-in user, the unread count raised
 * at once by the live `notice` event and polled now and then. Opening one marks it read.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const signedIn = useAppSelector((state) => Boolean(state.session.token));
  const { data } = useNoticeInboxQuery(undefined, { pollingInterval: 300_000, skip: !signedIn });
  const [markRead] = useMarkNoticesReadMutation();
  const [open, setOpen] = useState<InboxNotice | null>(null);
  if (!signedIn) return null;
  const unread = data?.unread ?? 0;
  const notices = data?.notices ?? [];

  const show = (notice: InboxNotice) => {
    setOpen(notice);
    if (notice.readAt === null) void markRead({ ids: [notice.id] });
  };

  const list = (
    <Menu className="of-notice-menu">
      <MenuDivider title={t('notices.bell.title')} />
      {notices.length === 0 && <MenuItem disabled text={t('notices.bell.empty')} />}
      {notices.map((notice) => (
        <MenuItem
          key={notice.id}
          className={`of-notice-item${notice.readAt === null ? ' of-notice-unread' : ''}`}
          icon={notice.readAt === null ? 'dot' : 'blank'}
          text={notice.title}
          label={cstTime(notice.publishedAt).slice(5, 16)}
          intent={LEVEL_INTENT[notice.level] ?? 'none'}
          onClick={() => show(notice)}
        />
      ))}
      {unread > 0 && (
        <>
          <MenuDivider />
          <MenuItem icon="tick" className="of-notice-read-all" text={t('notices.bell.readAll')} onClick={() => void markRead({})} />
        </>
      )}
    </Menu>
  );

  return (
    <>
      <Popover content={list} placement="bottom-end">
        <Button variant="minimal" icon="notifications-updated" className="of-notice-bell" aria-label={t('notices.bell.title')} title={t('notices.bell.title')}>
          {unread > 0 && (
            <Tag round intent="danger" className="of-badge of-notice-count" data-count={unread}>
              {unread > 99 ? '99+' : unread}
            </Tag>
          )}
        </Button>
      </Popover>
      <NoticeReadDialog notice={open} onClose={() => setOpen(null)} />
    </>
  );
}
