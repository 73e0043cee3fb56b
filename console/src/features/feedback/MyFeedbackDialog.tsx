import { Callout, Dialog, DialogBody, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cstTime } from '../instruction/command-form';
import { useMarkMyFeedbackReadMutation, useMyFeedbackQuery } from './feedbackApi';

/** The user's own feedback with the platform's replies; opening it marks the replies seen. */
export function MyFeedbackDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useMyFeedbackQuery(undefined, { skip: !isOpen, refetchOnMountOrArgChange: true });
  const [markRead] = useMarkMyFeedbackReadMutation();
  const unread = data?.unread ?? 0;
  useEffect(() => {
    if (isOpen && unread > 0) void markRead();
  }, [isOpen, unread, markRead]);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('feedback.mine')} style={{ width: 750 }}>
      <DialogBody className="of-feedback-mine-list">
        {(data?.records ?? []).length === 0 && <p>{t('feedback.none')}</p>}
        {(data?.records ?? []).map((row) => (
          <Callout key={row.id} className="of-feedback-entry" intent={row.replyUnread ? 'primary' : 'none'} title={`${t(`feedback.type.${row.type}`)} · ${cstTime(row.createdAt)}`}>
            <p style={{ whiteSpace: 'pre-wrap' }}>{row.content}</p>
            <Tag minimal>{t(`feedback.status.${row.status}`)}</Tag>
            {row.reply && (
              <p className="of-feedback-reply">
                {row.replyUnread && <Tag intent="danger" round>{t('feedback.newReply')}</Tag>} {t('feedback.replyBy', { who: row.repliedBy, at: row.repliedAt ? cstTime(row.repliedAt) : '' })}: {row.reply}
              </p>
            )}
          </Callout>
        ))}
      </DialogBody>
    </Dialog>
  );
}
