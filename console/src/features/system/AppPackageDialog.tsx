import { Button, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { useResourceCallMutation } from '../table-screen/resource-api';

/**
 * appVersion's "upload and publish": the package goes to the platform first, then the release is
 * created with the download URL the upload answered (absolute, as the app needs it).
 */
export function AppPackageDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [form, setForm] = useState({ platform: 'android', versionName: '', versionCode: '', forceUpdate: '0', changelog: '' });
  const [call, { isLoading }] = useResourceCallMutation();
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const submit = async () => {
    if (!file || !/^\d{1,4}(\.\d{1,4}){1,3}$/.test(form.versionName) || !/^\d+$/.test(form.versionCode)) return notify('warning', t('appVersion.fillRequired'));
    const body = new FormData();
    body.append('platform', form.platform);
    body.append('file', file);
    const uploaded = await call({ request: { url: 'basic/app-version-package', method: 'POST', body }, invalidates: [] });
    if ('error' in uploaded) return;
    const { downloadUrl } = uploaded.data as { downloadUrl: string };
    const release = { platform: form.platform, versionName: form.versionName, versionCode: Number(form.versionCode), forceUpdate: Number(form.forceUpdate), downloadUrl: `${window.location.origin}${downloadUrl}`, ...(form.changelog.trim() ? { changelog: form.changelog.trim() } : {}) };
    const created = await call({ request: { url: 'basic/app-version', method: 'POST', body: release }, invalidates: ['Catalogue'] });
    if (!('error' in created)) {
      notify('success', t('appVersion.published'));
      setOpen(false);
    }
  };
  return (
    <WithPower code="appVersion:add">
      <Button icon="upload" intent="success" className="of-app-upload" text={t('appVersion.upload')} onClick={() => setOpen(true)} />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={t('appVersion.upload')} style={{ width: 520 }}>
        <DialogBody>
          <FormGroup label={t('appVersion.file')}><FileInput buttonText={t('common.browse')} fill text={file?.name ?? t('appVersion.chooseFile')} inputProps={{ accept: '.apk,.ipa', 'data-testid': 'app-package-file' } as object} onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} /></FormGroup>
          <FormGroup label={t('appVersion.platform')}>
            <HTMLSelect fill value={form.platform} onChange={(e) => set('platform')(e.currentTarget.value)} options={[{ value: 'android', label: 'Android' }, { value: 'ios', label: 'iOS' }]} />
          </FormGroup>
          <FormGroup label={t('appVersion.versionName')}><InputGroup className="of-app-version-name" value={form.versionName} onValueChange={set('versionName')} placeholder="2.3.1" /></FormGroup>
          <FormGroup label={t('appVersion.versionCode')}><InputGroup className="of-app-version-code" value={form.versionCode} onValueChange={set('versionCode')} placeholder="231" /></FormGroup>
          <FormGroup label={t('appVersion.forceUpdate')}>
            <HTMLSelect fill value={form.forceUpdate} onChange={(e) => set('forceUpdate')(e.currentTarget.value)} options={[{ value: '0', label: t('appVersion.no') }, { value: '1', label: t('appVersion.yes') }]} />
          </FormGroup>
          <FormGroup label={t('appVersion.changelog')}><TextArea fill value={form.changelog} maxLength={1000} onChange={(e) => set('changelog')(e.currentTarget.value)} /></FormGroup>
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" className="of-app-upload-submit" text={t('appVersion.publish')} loading={isLoading} onClick={() => void submit()} />} />
      </Dialog>
    </WithPower>
  );
}
