import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { useGranted } from '../access/granted';
import { BindActions } from '../master-data/BindActions';
import { labelMap, useCompanyOptions } from '../master-data/lookups';
import { resources } from '../master-data/resources';
import { listHook, useLookup, useResourceMutations } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { emptySimForm, formToSim, simFields, simToForm, type SimCard, type SimForm } from './sim-form';

const useSimList = listHook<SimCard>(resources.sim);

interface TerminalRef {
  readonly id: number;
  readonly terminalCode: string;
  readonly terminalPhone: string;
}

/** /index/simCare: SIM cards: add, edit (a bound card keeps its number: 4231), delete, bind to a terminal, Excel. */
export default function SimCareScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const allTerminals = useGranted('terminalM:search');
  // Without the terminal screen's code only the unbound list (§7, no code needed) may be asked.
  const listed = useLookup<{ records: TerminalRef[] }>('basic/terminal?size=1000', 'Terminal', !allTerminals);
  const unbound = useLookup<TerminalRef[]>('basic/terminal/findUnbindTerminalList', 'Terminal', allTerminals);
  const terminals = (allTerminals ? listed?.records : unbound) ?? [];
  const { save, remove } = useResourceMutations(resources.sim);
  const companyName = labelMap(companies);
  const terminalOptions = terminals.map((term) => ({ value: String(term.id), label: `${term.terminalCode} (${term.terminalPhone})` }));
  const terminalName = labelMap(terminalOptions);
  const fields = useMemo(() => simFields(companies), [companies]);

  const columns: readonly ColumnSpec<SimCard>[] = [
    { key: 'number', titleKey: 'sim.simNo', sortable: true, width: 150, render: (sim) => sim.number },
    { key: 'operator', titleKey: 'sim.operator', sortable: true, width: 120, render: (sim) => t(`sim.operator.${sim.operator}`) },
    { key: 'city', titleKey: 'sim.city', width: 120, render: (sim) => sim.city ?? '' },
    { key: 'companyId', titleKey: 'common.company', width: 180, render: (sim) => companyName.get(String(sim.companyId)) ?? '' },
    { key: 'terminalId', titleKey: 'sim.terminalNo', width: 200, render: (sim) => (sim.terminalId ? (terminalName.get(String(sim.terminalId)) ?? '') : '') },
  ];

  return (
    <TableScreen<SimCard, SimForm>
      screen="simCare"
      searchPlaceholderKey="sim.searchPlaceholder"
      columns={columns}
      useList={useSimList}
      fields={fields}
      emptyForm={emptySimForm}
      toForm={simToForm}
      dialogWidth={600}
      addTitleKey="sim.add"
      editTitleKey="sim.edit"
      save={(form, editing) => save(formToSim(form), editing?.id)}
      remove={(rows) => remove(rows.map((sim) => sim.id))}
      excel={{ path: resources.sim.path, tag: resources.sim.tag }}
      toolbar={(selected) => (
        <BindActions<SimCard>
          screen="simCare"
          selected={selected}
          options={terminalOptions}
          bind={(sim, terminalId) => ({ url: `basic/sim-card/${sim.id}/bind`, method: 'POST', body: { terminalId } })}
          unbind={(sim) => ({ url: `basic/sim-card/${sim.id}/unbind`, method: 'POST' })}
          invalidates={['Sim', 'Terminal']}
        />
      )}
    />
  );
}
