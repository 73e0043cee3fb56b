import { useMemo, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import type { ScreenProps } from '../access/screen-props';
import { WithPower } from '../access/power-context';
import { labelMap, useCompanyOptions } from '../master-data/lookups';
import type { Resource } from '../table-screen/resource-api';
import { listHook, useLookupQuery, useResourceMutations } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { ForwardGroupDialog } from './ForwardGroupDialog';
import { LinkTags, useLinkStatus } from './link-status';
import { formToPlatform, newPlatformForm, platformFields, platformToForm, type PlatformForm, type SlaveLinkListener, type UpperPlatform } from './platform-form';

const resource: Resource = { path: 'platform809/platforms', tag: 'UpperPlatform', paged: false, searchFields: ['name', 'mainIp'] };
const usePlatformList = listHook<UpperPlatform>(resource);

/** /index/superiorPlatformM: superior (JT/T 809) platforms, their links and forwarding groups. */
export default function SuperiorPlatformScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const companyName = labelMap(companies);
  const fields = useMemo(() => platformFields(companies), [companies]);
  const { save, remove } = useResourceMutations(resource);
  const status = useLinkStatus();
  const [group, setGroup] = useState<number | null>(null);
  // The slave-link port the superior connects back to is this server's, not a guess (7809).
  const listener = useLookupQuery({ url: 'platform809/slave-link', tag: 'UpperPlatform' });
  const emptyForm = useMemo(() => newPlatformForm(listener.data as SlaveLinkListener | undefined), [listener.data]);

  const columns: readonly ColumnSpec<UpperPlatform>[] = [
    { key: 'name', titleKey: 'platform809.name', sortable: true, width: 180, render: (p) => p.name },
    { key: 'edition', titleKey: 'platform809.edition', width: 90, render: (p) => p.edition },
    { key: 'mainIp', titleKey: 'platform809.mainLink', width: 170, render: (p) => `${p.mainIp}:${p.mainPort}` },
    { key: 'accessCode', titleKey: 'platform809.accessCode', width: 110, render: (p) => String(p.accessCode) },
    { key: 'companyId', titleKey: 'common.company', width: 150, render: (p) => companyName.get(p.companyId) ?? p.companyId },
    { key: 'link', titleKey: 'platform809.link', width: 220, render: (p) => (p.enabled ? <LinkTags status={status.get(p.id)} /> : t('platform809.disabled')) },
    { key: 'backlog', titleKey: 'platform809.backlog', width: 90, render: (p) => String(status.get(p.id)?.backlog ?? '') },
    { key: 'lastError', titleKey: 'platform809.lastError', width: 220, render: (p) => status.get(p.id)?.lastError ?? '' },
  ];

  return (
    <>
      <TableScreen<UpperPlatform, PlatformForm>
        screen="superiorPlatformM"
        searchPlaceholderKey="platform809.search"
        columns={columns}
        useList={usePlatformList}
        fields={fields}
        emptyForm={emptyForm}
        toForm={platformToForm}
        dialogWidth={600}
        addTitleKey="platform809.add"
        editTitleKey="platform809.edit"
        save={(form, editing) => save(formToPlatform(form), editing?.id)}
        remove={(rows) => remove(rows.map((p) => p.id))}
        cellData={status}
        toolbar={(selected) => (
          <WithPower code="superiorPlatformM:modify">
            <Button
              icon="group-objects"
              text={t('platform809.group')}
              onClick={() => (selected.length === 1 ? setGroup(selected[0].id) : notify('warning', t('common.selectOneRow')))}
            />
          </WithPower>
        )}
      />
      {group !== null && <ForwardGroupDialog platformId={group} onClose={() => setGroup(null)} />}
    </>
  );
}
