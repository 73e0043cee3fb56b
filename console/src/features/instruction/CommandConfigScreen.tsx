import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useResourceCallMutation, listHook, useResourceMutations, type Resource } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { FieldSpec } from '../table-screen/table-model';
import type { ScreenProps } from '../access/screen-props';
import { notify } from '../../app/toaster';

interface CommandConfigRow {
  id: number;
  name: string;
  method: string;
  url: string;
  params: Record<string, unknown>;
  remark: string;
}

type ConfigForm = { name: string; method: string; url: string; params: string; remark: string };

const resource: Resource = { path: 'gps/commandConfig', tag: 'CommandConfig', paged: true };
const useConfigList = listHook<CommandConfigRow>(resource);

const isJsonObject = (value: string) => {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? null : 'commandConfig.paramsObject';
  } catch {
    return 'commandConfig.paramsObject';
  }
};

const fields: readonly FieldSpec<ConfigForm>[] = [
  { name: 'name', labelKey: 'commandConfig.name', required: true, maxLength: 64 },
  { name: 'method', labelKey: 'commandConfig.method', kind: 'select', required: true, options: ['POST', 'GET', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m })) },
  { name: 'url', labelKey: 'commandConfig.url', required: true, maxLength: 255, validate: (value) => (/^\/[A-Za-z0-9/_.-]*$/.test(value) ? null : 'commandConfig.urlOwnApi') },
  { name: 'params', labelKey: 'commandConfig.params', kind: 'textarea', validate: isJsonObject },
  { name: 'remark', labelKey: 'commandConfig.remark', maxLength: 255 },
];
const emptyForm: ConfigForm = { name: '', method: 'POST', url: '/gps/sendOrder/send', params: '{}', remark: '' };

/** commandConfig: stored instruction directives (method, our API path, parameters) and their execution (spec §7). */
export default function CommandConfigScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { save, remove } = useResourceMutations(resource);
  const [call] = useResourceCallMutation();
  const columns: readonly ColumnSpec<CommandConfigRow>[] = [
    { key: 'name', titleKey: 'commandConfig.name', width: 180, render: (row) => row.name },
    { key: 'method', titleKey: 'commandConfig.method', width: 80, render: (row) => row.method },
    { key: 'url', titleKey: 'commandConfig.url', width: 240, render: (row) => row.url },
    { key: 'params', titleKey: 'commandConfig.params', width: 300, render: (row) => JSON.stringify(row.params) },
    { key: 'remark', titleKey: 'commandConfig.remark', width: 180, render: (row) => row.remark },
  ];
  const execute = async (row: CommandConfigRow) => {
    const url = row.url.replace(/^\//, '');
    const request = row.method === 'GET' ? { url, method: 'GET', params: row.params } : { url, method: row.method, body: row.params };
    const result = await call({ request, invalidates: ['Order'] });
    // Spec §7: the success notice only on flag true (the base query unwraps it into data); failures are toasted by the base query.
    if ('data' in result) notify('success', t('commandConfig.executed'), 2000);
  };
  return (
    <TableScreen<CommandConfigRow, ConfigForm>
      screen="commandConfig"
      searchPlaceholderKey="commandConfig.search"
      columns={columns}
      useList={useConfigList}
      fields={fields}
      emptyForm={emptyForm}
      toForm={(row) => ({ name: row.name, method: row.method, url: row.url, params: JSON.stringify(row.params, null, 2), remark: row.remark })}
      dialogWidth={600}
      addTitleKey="commandConfig.add"
      editTitleKey="commandConfig.edit"
      save={(form, editing) => save({ name: form.name.trim(), method: form.method, url: form.url.trim(), params: JSON.parse(form.params || '{}') as unknown, remark: form.remark }, editing?.id)}
      remove={(rows) => remove(rows.map((row) => row.id))}
      toolbar={(selected) => <Button icon="play" text={t('commandConfig.execute')} disabled={selected.length !== 1} onClick={() => void execute(selected[0])} />}
    />
  );
}
