import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Tag, TextArea } from '@blueprintjs/core';
import { FEEDBACK_REPLY_MAX, type FeedbackView } from '@openfleet/contracts/admin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { cstTime } from '../instruction/command-form';
import { downloadSheet } from '../table-screen/excel-download';
import { useResourceListQuery, type Resource } from '../table-screen/resource-api';
import type { PageQuery, PageResult } from '../table-screen/table-model';
import { readOnlyTable, TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { useCloseFeedbackMutation, useReplyFeedbackMutation } from './feedbackApi';

const feedback: Resource = { path: 'basic/feedback', tag: 'Feedback', paged: true };
const STATUS_INTENT = ['warning', 'primary', 'none'] as const;
const TYPE_INTENT = ['none', 'danger', 'success', 'warning'] as const;

/**
 * /monitor/feedback (意见反馈): the problems, suggestions and complaints users submit from the
 * header's help menu, filtered by status and type; the platform owner's operators reply and close
 * (feedback:modify), and the submitter sees the reply marked unread. Excel export.
 */
export default function FeedbackScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const token = useAppSelector((state) => state.session.token) ?? '';
  const [filter, setFilter] = useState({ status: '', type: '' });
  const [replying, setReplying] = useState<FeedbackView | null>(null);
  const [close] = useCloseFeedbackMutation();
  const query = useMemo(() => ({ status: filter.status || undefined, type: filter.type || undefined }) as Record<string, string>, [filter]);
  const useList = useMemo(
    () =>
      function useFeedbackList(page: PageQuery, skip: boolean): { data?: PageResult<FeedbackView>; isFetching: boolean } {
        const { data, isFetching } = useResourceListQuery({ resource: feedback, query: page, filter: query }, { skip });
        return { data: data as PageResult<FeedbackView> | undefined, isFetching };
      },
    [query],
  );
  const columns = useMemo<ColumnSpec<FeedbackView>[]>(
    () => [
      { key: 'createdAt', titleKey: 'feedback.createdAt', width: 150, sortable: true, render: (r) => cstTime(r.createdAt) },
      { key: 'account', titleKey: 'feedback.account', width: 100, render: (r) => r.account },
      { key: 'type', titleKey: 'feedback.type', width: 70, render: (r) => <Tag minimal intent={TYPE_INTENT[r.type] ?? 'none'}>{t(`feedback.type.${r.type}`)}</Tag> },
      { key: 'content', titleKey: 'feedback.content', width: 300, render: (r) => r.content },
      { key: 'contact', titleKey: 'feedback.contact', width: 120, render: (r) => r.contact },
      { key: 'image', titleKey: 'feedback.image', width: 70, render: (r) => (r.hasImage ? <a href="#" onClick={(e) => { e.preventDefault(); void openImage(token, r.id); }}>{t('feedback.view')}</a> : '') },
      { key: 'status', titleKey: 'feedback.statusTitle', width: 80, render: (r) => <Tag minimal intent={STATUS_INTENT[r.status] ?? 'none'}>{t(`feedback.status.${r.status}`)}</Tag> },
      { key: 'reply', titleKey: 'feedback.reply', width: 260, render: (r) => r.reply ?? '' },
      { key: 'repliedAt', titleKey: 'feedback.repliedAt', width: 150, render: (r) => (r.repliedAt ? `${cstTime(r.repliedAt)} ${r.repliedBy}` : '') },
    ],
    [t, token],
  );
  const exportSheet = async () => {
    if (!(await downloadSheet(token, 'basic/feedback/export', query, 'feedback-list.xlsx'))) notify('error', t('excel.exportFailed'));
  };
  return (
    <>
      <TableScreen<FeedbackView, Record<string, string>>
        screen="feedback"
        searchPlaceholderKey="feedback.searchPlaceholder"
        columns={columns}
        useList={useList}
        {...readOnlyTable('feedback.title')}
        canAdd={false}
        canDelete={false}
        toolbar={(selected, clear) => {
          const row = selected.length === 1 ? selected[0] : undefined;
          return (
            <>
              <HTMLSelect className="of-feedback-status-filter" value={filter.status} aria-label={t('feedback.statusTitle')} onChange={(e) => setFilter({ ...filter, status: e.currentTarget.value })}>
                <option value="">{t('feedback.status.all')}</option>
                {[0, 1, 2].map((s) => <option key={s} value={s}>{t(`feedback.status.${s}`)}</option>)}
              </HTMLSelect>
              <HTMLSelect value={filter.type} aria-label={t('feedback.type')} onChange={(e) => setFilter({ ...filter, type: e.currentTarget.value })}>
                <option value="">{t('feedback.type.all')}</option>
                {[1, 2, 3].map((s) => <option key={s} value={s}>{t(`feedback.type.${s}`)}</option>)}
              </HTMLSelect>
              <WithPower code="feedback:modify">
                <Button icon="comment" className="of-feedback-reply" intent="primary" text={t('feedback.replyAction')} disabled={!row || row.status === 2} onClick={() => row && setReplying(row)} />
                <Button icon="tick-circle" className="of-feedback-close" text={t('feedback.closeAction')} disabled={!row || row.status === 2}
                  onClick={() => row && void close(row.id).then((result) => { if (!('error' in result)) { notify('success', t('feedback.closed')); clear(); } })} />
              </WithPower>
              <WithPower code="feedback:export">
                <Button icon="export" text={t('excel.export')} onClick={() => void exportSheet()} />
              </WithPower>
            </>
          );
        }}
      />
      <ReplyDialog row={replying} onClose={() => setReplying(null)} />
    </>
  );
}

/** The screenshot opens in a new tab (the request carries the token, so it goes through a blob). */
async function openImage(token: string, id: number): Promise<void> {
  const response = await fetch(`/basic/feedback/${id}/image`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return;
  window.open(URL.createObjectURL(await response.blob()), '_blank', 'noopener');
}

function ReplyDialog({ row, onClose }: { row: FeedbackView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reply, setReply] = useState('');
  const [closeIt, setCloseIt] = useState(false);
  const [send, { isLoading }] = useReplyFeedbackMutation();
  const submit = async () => {
    if (!row || !reply.trim()) return notify('warning', t('feedback.replyRequired'));
    if (!('error' in (await send({ id: row.id, reply: reply.trim(), close: closeIt })))) {
      notify('success', t('feedback.replied'));
      setReply('');
      setCloseIt(false);
      onClose();
    }
  };
  return (
    <Dialog isOpen={row !== null} onClose={onClose} title={t('feedback.replyAction')} style={{ width: 600 }}>
      <DialogBody>
        <p style={{ whiteSpace: 'pre-wrap' }}>{row?.content}</p>
        <FormGroup label={t('feedback.reply')} labelFor="feedback-reply">
          <TextArea id="feedback-reply" fill rows={5} maxLength={FEEDBACK_REPLY_MAX} value={reply} onChange={(e) => setReply(e.currentTarget.value)} />
        </FormGroup>
        <Checkbox label={t('feedback.closeWithReply')} checked={closeIt} onChange={(e) => setCloseIt(e.currentTarget.checked)} />
      </DialogBody>
      <DialogFooter actions={<><Button text={t('common.cancel')} onClick={onClose} /><Button intent="primary" className="of-feedback-reply-send" loading={isLoading} text={t('feedback.send')} onClick={() => void submit()} /></>} />
    </Dialog>
  );
}
