import { Dialog, DialogBody, Tag } from '@blueprintjs/core';
import type { InboxNotice } from '@openfleet/contracts/admin';
import { useTranslation } from 'react-i18next';
import { cstTime } from '../instruction/command-form';

const LEVEL_INTENT = ['none', 'warning', 'danger'] as const;

/** One press release as its reader sees it. */
export function NoticeReadDialog({ notice, onClose }: { notice: InboxNotice | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={notice !== null} onClose={onClose} title={notice?.title ?? ''} style={{ width: 600 }} className="of-notice-dialog">
      {notice && (
        <DialogBody>
          <p className="of-notice-meta">
            <Tag minimal intent={LEVEL_INTENT[notice.level] ?? 'none'}>{t(`notices.level.${notice.level}`)}</Tag> {notice.author} · {cstTime(notice.publishedAt)}
          </p>
          <div className="of-notice-body">{notice.content}</div>
        </DialogBody>
      )}
    </Dialog>
  );
}
