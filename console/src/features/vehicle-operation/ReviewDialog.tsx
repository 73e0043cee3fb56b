import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { SpecialBusiness } from '@openfleet/contracts/vehicle-service';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useReviewSpecialBusinessMutation } from './operationApi';

/** 审核: approve (the vehicle's use state follows) or reject a pending case, with a comment. */
export function ReviewDialog({ item, onClose }: { item: SpecialBusiness | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [review, { isLoading }] = useReviewSpecialBusinessMutation();
  const [comment, setComment] = useState('');
  useEffect(() => setComment(''), [item]);

  const decide = async (approved: boolean): Promise<void> => {
    if (!item) return;
    const result = await review({ id: item.id, approved, comment: comment.trim() || undefined });
    if (!('error' in result)) {
      notify('success', t(approved ? 'operationPage.approvedDone' : 'operationPage.rejectedDone'));
      onClose();
    }
  };

  return (
    <Dialog isOpen={item !== null} title={t('operationPage.reviewTitle', { plate: item?.plateCode ?? '', type: item ? t(`operationPage.business.${item.businessType}`) : '' })} onClose={onClose} style={{ width: 600 }}>
      <DialogBody>
        <p>{item ? `${item.applicant} · ${item.applyDate} · ${item.reason}` : ''}</p>
        <FormGroup label={t('operationPage.reviewComment')} labelFor="of-review-comment">
          <TextArea id="of-review-comment" fill maxLength={255} value={comment} onChange={(event) => setComment(event.currentTarget.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="danger" text={t('operationPage.reject')} loading={isLoading} onClick={() => void decide(false)} />
            <Button intent="success" text={t('operationPage.approve')} loading={isLoading} onClick={() => void decide(true)} />
          </>
        }
      />
    </Dialog>
  );
}
