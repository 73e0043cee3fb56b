import { Button, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLSelect, InputGroup, Menu, MenuItem, Popover, Tag, TextArea } from '@blueprintjs/core';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGE_MAX_BYTES } from '@openfleet/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { MyFeedbackDialog } from './MyFeedbackDialog';
import { useMyFeedbackQuery, useSubmitFeedbackMutation } from './feedbackApi';

/** The header's help menu: any signed-in user submits feedback and reads the replies (unread ones marked). */
export function HelpMenu() {
  const { t } = useTranslation();
  const signedIn = useAppSelector((state) => Boolean(state.session.token));
  const { data } = useMyFeedbackQuery(undefined, { pollingInterval: 300_000, skip: !signedIn });
  const [submitting, setSubmitting] = useState(false);
  const [mine, setMine] = useState(false);
  if (!signedIn) return null;
  const unread = data?.unread ?? 0;
  const menu = (
    <Menu>
      <MenuItem icon="comment" className="of-feedback-submit" text={t('feedback.submit')} onClick={() => setSubmitting(true)} />
      <MenuItem icon="inbox" className="of-feedback-mine" text={t('feedback.mine')} labelElement={unread > 0 ? <Tag round intent="danger">{unread}</Tag> : undefined} onClick={() => setMine(true)} />
    </Menu>
  );
  return (
    <>
      <Popover content={menu} placement="bottom-end">
        <Button variant="minimal" icon="help" className="of-help-menu" aria-label={t('feedback.help')} title={t('feedback.help')}>
          {unread > 0 && <Tag round intent="danger" className="of-badge" data-count={unread}>{unread}</Tag>}
        </Button>
      </Popover>
      <SubmitFeedbackDialog isOpen={submitting} onClose={() => setSubmitting(false)} />
      <MyFeedbackDialog isOpen={mine} onClose={() => setMine(false)} />
    </>
  );
}

function SubmitFeedbackDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState('1');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [submit, { isLoading }] = useSubmitFeedbackMutation();
  const send = async () => {
    if (!content.trim()) return notify('warning', t('feedback.contentRequired'));
    if (image && image.size > FEEDBACK_IMAGE_MAX_BYTES) return notify('warning', t('feedback.imageTooLarge'));
    const body = new FormData();
    body.append('type', type);
    body.append('content', content.trim());
    if (contact.trim()) body.append('contact', contact.trim());
    if (image) body.append('image', image);
    if (!('error' in (await submit(body)))) {
      notify('success', t('feedback.submitted'));
      setContent('');
      setContact('');
      setImage(null);
      onClose();
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('feedback.submit')} style={{ width: 600 }} className="of-feedback-dialog">
      <DialogBody>
        <FormGroup label={t('feedback.type')} labelFor="feedback-type">
          <HTMLSelect id="feedback-type" fill value={type} onChange={(e) => setType(e.currentTarget.value)}>
            {[1, 2, 3].map((v) => <option key={v} value={v}>{t(`feedback.type.${v}`)}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('feedback.content')} labelFor="feedback-content" labelInfo="*">
          <TextArea id="feedback-content" fill rows={5} maxLength={FEEDBACK_CONTENT_MAX} value={content} onChange={(e) => setContent(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('feedback.contact')} labelFor="feedback-contact">
          <InputGroup id="feedback-contact" maxLength={FEEDBACK_CONTACT_MAX} value={contact} onValueChange={setContact} />
        </FormGroup>
        <FormGroup label={t('feedback.image')} helperText={t('feedback.imageHint')}>
          <FileInput buttonText={t('common.browse')} fill text={image?.name ?? t('feedback.chooseImage')} inputProps={{ accept: 'image/png,image/jpeg,image/gif,image/webp' }} onInputChange={(e) => setImage(e.currentTarget.files?.[0] ?? null)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter actions={<><Button text={t('common.cancel')} onClick={onClose} /><Button intent="primary" className="of-feedback-send" loading={isLoading} text={t('feedback.send')} onClick={() => void send()} /></>} />
    </Dialog>
  );
}
