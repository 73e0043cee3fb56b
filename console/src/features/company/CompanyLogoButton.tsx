import { Button, Dialog, DialogBody, DialogFooter, FileInput, FormGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../app/toaster';
import { useGranted } from '../access/granted';
import type { CompanyRow } from '../master-data/lookups';

/** Spec §5/§9: a picture upload is at most 2 MB; the server checks JPEG/PNG by the file's bytes too. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg'];

/** Why a picked file is refused before it is sent (an i18n key), or null. */
export function logoProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!LOGO_TYPES.includes(file.type)) return 'company.logoType';
  if (file.size > LOGO_MAX_BYTES) return 'company.logoTooLarge';
  return null;
}

const logoApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadCompanyLogo: build.mutation<{ id: number; hasLogo: boolean }, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: `basic/company/${id}/logo`, method: 'POST', body }),
    }),
    removeCompanyLogo: build.mutation<boolean, number>({
      query: (id) => ({ url: `basic/company/${id}/logo`, method: 'DELETE' }),
    }),
  }),
});

/** The toolbar's 企业Logo: shows the selected company's logo and replaces or removes it (newCompany:modify). */
export function CompanyLogoButton({ selected }: { selected: readonly CompanyRow[] }) {
  const { t } = useTranslation();
  const canModify = useGranted('newCompany:modify');
  const [open, setOpen] = useState(false);
  const company = selected.length === 1 ? selected[0] : null;
  if (!canModify) return null;
  return (
    <>
      <Button icon="media" className="of-company-logo" text={t('company.logo')} disabled={!company} onClick={() => setOpen(true)} />
      {company && open && <LogoDialog company={company} onClose={() => setOpen(false)} />}
    </>
  );
}

function LogoDialog({ company, onClose }: { company: CompanyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useAppSelector((state) => state.session.token) ?? '';
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [upload, { isLoading }] = logoApi.useUploadCompanyLogoMutation();
  const [remove] = logoApi.useRemoveCompanyLogoMutation();

  // The image request carries the token, so it goes through a blob URL.
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void fetch(`/basic/company/${company.id}/logo`, { headers: { Authorization: `Bearer ${token}` } }).then(async (response) => {
      if (!live || !response.ok || !response.headers.get('content-type')?.startsWith('image/')) return setPreview(null);
      url = URL.createObjectURL(await response.blob());
      if (live) setPreview(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [company.id, token, version]);

  const send = async () => {
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) return notify('warning', t(problem));
    const body = new FormData();
    body.append('logo', file);
    if (!('error' in (await upload({ id: company.id, body })))) {
      notify('success', t('company.logoSaved'));
      setFile(null);
      setVersion((v) => v + 1);
    }
  };
  const clear = async () => {
    if (!('error' in (await remove(company.id)))) setVersion((v) => v + 1);
  };

  return (
    <Dialog isOpen onClose={onClose} title={`${t('company.logo')} · ${company.name}`} style={{ width: 440 }} className="of-company-logo-dialog">
      <DialogBody>
        <div className="of-company-logo-preview">{preview ? <img src={preview} alt={t('company.logo')} style={{ maxWidth: 200, maxHeight: 120 }} /> : <span className="bp6-text-muted">{t('company.noLogo')}</span>}</div>
        <FormGroup label={t('company.logoFile')} helperText={t('company.logoHint')}>
          <FileInput fill text={file?.name ?? t('company.logoPick')} inputProps={{ accept: 'image/png,image/jpeg' }} onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {preview && <Button intent="danger" minimal text={t('company.logoRemove')} onClick={() => void clear()} />}
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="primary" className="of-company-logo-upload" text={t('company.logoUpload')} disabled={!file} loading={isLoading} onClick={() => void send()} />
          </>
        }
      />
    </Dialog>
  );
}
