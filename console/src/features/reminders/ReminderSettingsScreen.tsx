import { Button, Card, Checkbox, FormGroup, InputGroup, NumericInput, Switch } from '@blueprintjs/core';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@openfleet/contracts/vehicle-service';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useGranted } from '../access/granted';
import type { ScreenProps } from '../access/screen-props';
import { useLookup } from '../table-screen/resource-api';
import { parseDaysBefore } from './reminder-counts';
import { useReminderSettingsQuery, useSaveReminderSettingsMutation } from './remindersApi';
import './reminders.css';

type Form = Omit<ReminderSettings, 'companyId' | 'daysBefore'> & { daysText: string };

const formOf = (settings: Omit<ReminderSettings, 'companyId'>): Form => ({ ...settings, daysText: settings.daysBefore.join(', ') });

/** /vehicleService/reminderSettings: the company's reminder kinds, how early, the maintenance margin and who receives them. */
export default function ReminderSettingsScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { data } = useReminderSettingsQuery();
  const [save, { isLoading }] = useSaveReminderSettingsMutation();
  const canModify = useGranted('reminderSettings:modify');
  // The role list needs roleManage:search; without it the receivers stay as saved.
  const roles = useLookup<{ id: number | string; name: string }[]>('basic/role', 'Role', !useGranted('roleManage:search')) ?? [];
  const [form, setForm] = useState<Form>(formOf(DEFAULT_REMINDER_SETTINGS));
  useEffect(() => {
    if (data) setForm(formOf(data));
  }, [data]);
  const days = parseDaysBefore(form.daysText);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const toggleRole = (id: string) => set('roleIds', form.roleIds.includes(id) ? form.roleIds.filter((r) => r !== id) : [...form.roleIds, id]);

  const submit = async () => {
    if (!days) return;
    const { daysText: _text, ...rest } = form;
    const answer = await save({ ...rest, daysBefore: days });
    if ('data' in answer) notify('success', t('reminders.saved'));
  };

  return (
    <Card className="of-reminder-settings">
      <FormGroup label={t('reminders.settings.kinds')}>
        <Switch label={t('reminders.kind.insurance')} checked={form.insurance} onChange={(e) => set('insurance', e.currentTarget.checked)} />
        <Switch label={t('reminders.kind.inspection')} checked={form.inspection} onChange={(e) => set('inspection', e.currentTarget.checked)} />
        <Switch label={t('reminders.kind.maintenance')} checked={form.maintenance} onChange={(e) => set('maintenance', e.currentTarget.checked)} />
      </FormGroup>
      <FormGroup label={t('reminders.settings.daysBefore')} helperText={days ? t('reminders.settings.daysHelp') : t('reminders.settings.daysInvalid')} intent={days ? 'none' : 'danger'}>
        <InputGroup aria-label={t('reminders.settings.daysBefore')} value={form.daysText} intent={days ? 'none' : 'danger'} onChange={(e) => set('daysText', e.currentTarget.value)} />
      </FormGroup>
      <Switch label={t('reminders.settings.overdue')} checked={form.overdue} onChange={(e) => set('overdue', e.currentTarget.checked)} />
      <FormGroup label={t('reminders.settings.marginKm')}>
        <NumericInput aria-label={t('reminders.settings.marginKm')} min={0} max={100_000} stepSize={100} majorStepSize={1000} value={form.maintenanceMarginKm} onValueChange={(value) => set('maintenanceMarginKm', Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0)} />
      </FormGroup>
      <FormGroup label={t('reminders.settings.roles')} helperText={t('reminders.settings.rolesHelp')}>
        {roles.map((role) => (
          <Checkbox key={String(role.id)} label={role.name} checked={form.roleIds.includes(String(role.id))} onChange={() => toggleRole(String(role.id))} />
        ))}
      </FormGroup>
      {canModify && <Button intent="primary" icon="floppy-disk" text={t('common.save')} loading={isLoading} disabled={!days} onClick={() => void submit()} />}
    </Card>
  );
}
