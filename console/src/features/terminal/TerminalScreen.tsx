import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { labelMap, useCompanyOptions } from '../master-data/lookups';
import { resources } from '../master-data/resources';
import { listHook, useResourceMutations } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { emptyTerminalForm, formToTerminal, shownAddress, terminalFields, terminalToForm, type Terminal, type TerminalForm } from './terminal-form';

const useTerminalList = listHook<Terminal>(resources.terminal);

/** /index/terminalM: terminals (binding happens on the vehicle and SIM screens). */
export default function TerminalScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const companyName = labelMap(companies);
  const fields = useMemo(() => terminalFields(companies), [companies]);
  const { save, remove } = useResourceMutations(resources.terminal);

  const columns: readonly ColumnSpec<Terminal>[] = [
    { key: 'terminalCode', titleKey: 'terminal.code', sortable: true, width: 130, render: (row) => row.terminalCode },
    { key: 'terminalPhone', titleKey: 'terminal.phone', sortable: true, width: 140, render: (row) => row.terminalPhone },
    { key: 'manufacturer', titleKey: 'terminal.manufacturer', sortable: true, width: 150, render: (row) => row.manufacturer ?? '' },
    { key: 'model', titleKey: 'terminal.model', width: 120, render: (row) => row.model ?? '' },
    { key: 'protocolVersion', titleKey: 'terminal.protocol', width: 110, render: (row) => (row.protocolVersion ? t(`terminal.protocol.${row.protocolVersion}`) : '') },
    { key: 'companyId', titleKey: 'common.company', width: 160, render: (row) => companyName.get(String(row.companyId)) ?? '' },
    { key: 'vehicleId', titleKey: 'terminal.bound', width: 90, render: (row) => t(row.vehicleId ? 'common.yes' : 'common.no') },
    { key: 'registrationState', titleKey: 'terminal.state', sortable: true, width: 110, render: (row) => t(`terminal.state.${row.registrationState ?? 0}`) },
    { key: 'firmwareVersion', titleKey: 'terminal.firmwareVersion', width: 120, render: (row) => row.firmwareVersion ?? '' },
    {
      key: 'ip',
      titleKey: 'terminal.address',
      width: 190,
      render: (row) => {
        const address = shownAddress(row);
        return address.live ? `${address.text} (${t('terminal.addressLive')})` : address.text;
      },
    },
  ];

  return (
    <TableScreen<Terminal, TerminalForm>
      screen="terminalM"
      searchPlaceholderKey="terminal.searchPlaceholder"
      columns={columns}
      useList={useTerminalList}
      fields={fields}
      emptyForm={emptyTerminalForm}
      toForm={terminalToForm}
      dialogWidth={600}
      addTitleKey="terminal.add"
      editTitleKey="terminal.edit"
      save={(form, editing) => save(formToTerminal(form), editing?.id)}
      remove={(rows) => remove(rows.map((row) => row.id))}
      excel={{ path: resources.terminal.path, tag: resources.terminal.tag }}
    />
  );
}
