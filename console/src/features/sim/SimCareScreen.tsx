import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-registry';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { emptySimForm, formToSim, simFields, simToForm, type SimForm } from './sim-form';
import {
  useAddSimMutation,
  useDeleteSimsMutation,
  useGetSimPageQuery,
  useUpdateSimMutation,
  type SimCard,
} from './simApi';

/** /index/simCare: SIM card administration on the shared table-screen pattern. */
export default function SimCareScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [addSim] = useAddSimMutation();
  const [updateSim] = useUpdateSimMutation();
  const [deleteSims] = useDeleteSimsMutation();

  const columns: readonly ColumnSpec<SimCard>[] = [
    { key: 'simNo', titleKey: 'sim.simNo', sortable: true, width: 150, render: (sim) => sim.simNo },
    { key: 'iccid', titleKey: 'sim.iccid', width: 200, render: (sim) => sim.iccid ?? '' },
    {
      key: 'operator',
      titleKey: 'sim.operator',
      sortable: true,
      width: 120,
      render: (sim) => (sim.operator ? t(`sim.operator.${sim.operator}`) : ''),
    },
    {
      key: 'status',
      titleKey: 'sim.status',
      sortable: true,
      width: 90,
      render: (sim) => t(`sim.status.${sim.status === 1 ? 1 : 0}`),
    },
    { key: 'companyName', titleKey: 'sim.companyName', width: 180, render: (sim) => sim.companyName ?? '' },
    { key: 'terminalNo', titleKey: 'sim.terminalNo', width: 140, render: (sim) => sim.terminalNo ?? '' },
    {
      key: 'createTime',
      titleKey: 'sim.createTime',
      sortable: true,
      width: 170,
      render: (sim) => sim.createTime ?? '',
    },
  ];

  return (
    <TableScreen<SimCard, SimForm>
      screen="simCare"
      searchPlaceholderKey="sim.searchPlaceholder"
      columns={columns}
      useList={useGetSimPageQuery}
      fields={simFields}
      emptyForm={emptySimForm}
      toForm={simToForm}
      dialogWidth={600}
      addTitleKey="sim.add"
      editTitleKey="sim.edit"
      save={async (form: SimForm, editing: SimCard | null) => {
        const sim = formToSim(form);
        const result = editing ? await updateSim({ ...sim, id: editing.id }) : await addSim(sim);
        return !('error' in result);
      }}
      remove={async (rows) => !('error' in (await deleteSims(rows.map((sim) => sim.id))))}
    />
  );
}
