import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, NumericInput, Switch, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useGranted } from '../access/granted';
import type { CompanyRow } from '../master-data/lookups';
import { entriesOf, OPEN_API_NAMES, openApiKeysApi, type IssuedSecret } from './openApiKeysApi';

/** The company toolbar's 开放接口: the selected company's app keys for third-party systems (docs/open-api.md). */
export function OpenApiKeysButton({ selected }: { selected: readonly CompanyRow[] }) {
  const { t } = useTranslation();
  const canSearch = useGranted('newCompany:search');
  const [open, setOpen] = useState(false);
  const company = selected.length === 1 ? selected[0] : null;
  if (!canSearch) return null;
  return (
    <>
      <Button icon="key" className="of-open-api-keys" text={t('openApi.keys')} disabled={!company} onClick={() => setOpen(true)} />
      {company && open && <OpenApiKeysDialog company={company} onClose={() => setOpen(false)} />}
    </>
  );
}

const EMPTY_FORM = { name: '', apis: ['positions'] as string[], vehicleIds: '', ipAllowList: '', ratePerSecond: 10, ratePerDay: 100_000, expiresOn: '' };

function OpenApiKeysDialog({ company, onClose }: { company: CompanyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const canAdd = useGranted('newCompany:add');
  const canModify = useGranted('newCompany:modify');
  const canDelete = useGranted('newCompany:delete');
  const { data, refetch } = openApiKeysApi.useOpenApiKeysQuery(String(company.id));
  const [add, { isLoading }] = openApiKeysApi.useAddOpenApiKeyMutation();
  const [modify] = openApiKeysApi.useModifyOpenApiKeyMutation();
  const [reset] = openApiKeysApi.useResetOpenApiSecretMutation();
  const [remove] = openApiKeysApi.useRemoveOpenApiKeyMutation();
  const [form, setForm] = useState(EMPTY_FORM);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);

  const done = async <T,>(answer: Promise<{ data?: T } | { error: unknown }>, message?: string): Promise<T | undefined> => {
    const result = await answer;
    if ('error' in result) return undefined;
    if (message) notify('success', t(message));
    refetch();
    return result.data;
  };
  const submit = async () => {
    if (!form.name.trim() || !form.apis.length) return notify('warning', t('openApi.nameAndApis'));
    // The expiry is the end of the chosen day, China time.
    const expiresAt = form.expiresOn ? Date.parse(`${form.expiresOn}T23:59:59+08:00`) : null;
    const secret = await done(add({ companyId: String(company.id), name: form.name.trim(), apis: form.apis, vehicleIds: entriesOf(form.vehicleIds), ipAllowList: entriesOf(form.ipAllowList), ratePerSecond: form.ratePerSecond, ratePerDay: form.ratePerDay, expiresAt }));
    if (!secret) return;
    setIssued(secret);
    setForm(EMPTY_FORM);
  };
  const toggleApi = (name: string, on: boolean) => setForm((f) => ({ ...f, apis: on ? [...f.apis, name] : f.apis.filter((api) => api !== name) }));

  return (
    <Dialog isOpen onClose={onClose} title={`${t('openApi.keys')} — ${company.name}`} style={{ width: 1000 }}>
      <DialogBody>
        {issued && (
          <Callout intent="warning" className="of-open-api-secret" title={t('openApi.secretOnce')}>
            <div>App ID: <code>{issued.appId}</code></div>
            <div>Secret: <code>{issued.secret}</code></div>
          </Callout>
        )}
        <HTMLTable compact striped style={{ width: '100%' }}>
          <thead>
            <tr>{['openApi.name', 'openApi.appId', 'openApi.apis', 'openApi.vehicles', 'openApi.ipAllowList', 'openApi.limits', 'openApi.expiresAt', 'openApi.enabled', 'common.actions'].map((key) => <th key={key}>{t(key)}</th>)}</tr>
          </thead>
          <tbody>
            {(data?.records ?? []).map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td><code>{key.appId}</code></td>
                <td>{key.apis.map((api) => t(`openApi.api.${api}`)).join(', ')}</td>
                <td>{key.vehicleIds.length || t('openApi.allVehicles')}</td>
                <td>{key.ipAllowList.join(', ') || t('openApi.anyAddress')}</td>
                <td>{t('openApi.limitValue', { second: key.ratePerSecond, day: key.ratePerDay })}</td>
                <td>{key.expiresAt === null ? t('openApi.never') : new Date(key.expiresAt).toLocaleDateString()}</td>
                <td><Switch checked={key.enabled} disabled={!canModify} onChange={(e) => void done(modify({ id: key.id, body: { enabled: e.currentTarget.checked } }), 'common.saved')} /></td>
                <td>
                  {canModify && <Button small minimal icon="refresh" text={t('openApi.resetSecret')} onClick={async () => setIssued((await done(reset(key.id))) ?? null)} />}
                  {canDelete && <Button small minimal intent="danger" icon="trash" text={t('common.delete')} onClick={() => void done(remove(key.id), 'common.deleted')} />}
                </td>
              </tr>
            ))}
            {!data?.records.length && <tr><td colSpan={9}>{t('openApi.none')}</td></tr>}
          </tbody>
        </HTMLTable>
        {canAdd && (
          <div className="of-open-api-add" style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8, marginTop: 16 }}>
            <FormGroup label={t('openApi.name')}><InputGroup value={form.name} maxLength={64} onChange={(e) => setForm({ ...form, name: e.target.value })} /></FormGroup>
            <FormGroup label={t('openApi.apis')}>
              {OPEN_API_NAMES.map((name) => <Checkbox key={name} inline label={t(`openApi.api.${name}`)} checked={form.apis.includes(name)} onChange={(e) => toggleApi(name, e.currentTarget.checked)} />)}
            </FormGroup>
            <FormGroup label={t('openApi.expiresAt')} helperText={t('openApi.neverHint')}><InputGroup type="date" value={form.expiresOn} onChange={(e) => setForm({ ...form, expiresOn: e.target.value })} /></FormGroup>
            <FormGroup label={t('openApi.perSecond')}><NumericInput fill min={1} max={1000} value={form.ratePerSecond} onValueChange={(value) => setForm({ ...form, ratePerSecond: value })} /></FormGroup>
            <FormGroup label={t('openApi.perDay')}><NumericInput fill min={1} max={100_000_000} value={form.ratePerDay} onValueChange={(value) => setForm({ ...form, ratePerDay: value })} /></FormGroup>
            <FormGroup label={t('openApi.ipAllowList')} helperText={t('openApi.ipHint')}><TextArea fill value={form.ipAllowList} onChange={(e) => setForm({ ...form, ipAllowList: e.target.value })} /></FormGroup>
            <FormGroup label={t('openApi.vehicleIds')} helperText={t('openApi.vehicleHint')}><TextArea fill value={form.vehicleIds} onChange={(e) => setForm({ ...form, vehicleIds: e.target.value })} /></FormGroup>
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<>{canAdd && <Button intent="primary" loading={isLoading} text={t('openApi.add')} onClick={() => void submit()} />}<Button text={t('common.cancel')} onClick={onClose} /></>} />
    </Dialog>
  );
}
