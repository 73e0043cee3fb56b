import { Button, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import type { RecordKind } from '@openfleet/contracts/vehicle-service';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { formatCst } from '../monitor/liveSlice';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_MB, attachmentProblem, formatBytes } from './attachment-check';
import { attachmentUrl, useDeleteRecordAttachmentMutation, useRecordAttachmentsQuery, useUploadRecordAttachmentMutation } from './recordsApi';

interface AttachmentsDialogProps {
  readonly kind: RecordKind;
  readonly screen: string;
  readonly record: { readonly id: number; readonly name: string } | null;
  readonly onClose: () => void;
}

/** Opens a file the API serves behind the session token in a new tab. */
async function openAuthorized(url: string, token: string): Promise<boolean> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, credentials: 'include' });
  if (!response.ok) return false;
  window.open(URL.createObjectURL(await response.blob()), '_blank', 'noopener');
  return true;
}

/** A record's photos and PDFs: list, open, upload and delete (the two behind `<screen>:modify`). */
export function AttachmentsDialog({ kind, screen, record, onClose }: AttachmentsDialogProps) {
  const { t } = useTranslation();
  const store = useAppStore();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const recordId = record?.id ?? 0;
  const { data: files = [] } = useRecordAttachmentsQuery({ kind, recordId }, { skip: !record });
  const [upload] = useUploadRecordAttachmentMutation();
  const [remove] = useDeleteRecordAttachmentMutation();

  const pick = async (file: File) => {
    const problem = attachmentProblem(file);
    if (problem) return notify('warning', t(problem, { mb: ATTACHMENT_MAX_MB }));
    setBusy(true);
    const result = await upload({ kind, recordId, file });
    setBusy(false);
    if (!('error' in result)) notify('success', t('vehicleService.uploaded'));
  };

  const open = async (attachmentId: number) => {
    if (!(await openAuthorized(attachmentUrl(kind, recordId, attachmentId), store.getState().session.token ?? ''))) notify('error', t('vehicleService.openFailed'));
  };

  return (
    <Dialog isOpen={record !== null} title={t('vehicleService.attachmentsOf', { record: record?.name ?? '' })} onClose={onClose} style={{ width: 750 }}>
      <DialogBody>
        <WithPower code={`${screen}:modify`}>
          <div className="of-vs-upload">
            <Button icon="upload" intent="primary" loading={busy} text={t('vehicleService.upload')} onClick={() => input.current?.click()} />
            <span className="bp6-text-muted">{t('vehicleService.uploadHint', { mb: ATTACHMENT_MAX_MB })}</span>
            <input
              ref={input}
              type="file"
              hidden
              accept={ATTACHMENT_ACCEPT}
              data-testid={`${screen}-attachment-file`}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) void pick(file);
              }}
            />
          </div>
        </WithPower>
        <HTMLTable compact striped className="of-vs-attachments">
          <thead>
            <tr>
              <th>{t('vehicleService.fileName')}</th>
              <th>{t('vehicleService.fileSize')}</th>
              <th>{t('vehicleService.uploadedAt')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {files.length === 0 && (
              <tr>
                <td colSpan={4}>{t('common.noData')}</td>
              </tr>
            )}
            {files.map((file) => (
              <tr key={file.id} data-attachment={file.fileName}>
                <td>{file.fileName}</td>
                <td>{formatBytes(file.size)}</td>
                <td>{formatCst(Math.floor(file.createdAt / 1000))}</td>
                <td>
                  <Button small minimal icon="document-open" text={t('vehicleService.open')} onClick={() => void open(file.id)} />
                  <WithPower code={`${screen}:modify`}>
                    <Button small minimal intent="danger" icon="trash" aria-label={t('vehicleService.deleteAttachment')} onClick={() => void remove({ kind, recordId, attachmentId: file.id })} />
                  </WithPower>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
    </Dialog>
  );
}
