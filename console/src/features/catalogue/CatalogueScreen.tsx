import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { listHook, useLookupQuery, useResourceMutations, type Resource } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import type { FieldOption, FieldSpec, FormValues } from '../table-screen/table-model';
import { emptyForm, formToBody, referenceOptions, rowToForm, type CatalogueConfig, type CatalogueRow } from './catalogue';

interface CatalogueScreenProps {
  readonly config: CatalogueConfig;
  /** Fixed list filter and body fields (the dictionary of the items, the brand of the models). */
  readonly fixed?: Readonly<Record<string, number>>;
  readonly toolbar?: (selected: readonly CatalogueRow[]) => ReactNode;
}

/** Options of every reference field, in field order (the config is constant, so is the hook count). */
function useReferences(config: CatalogueConfig): ReadonlyMap<string, FieldOption[]> {
  const pages = useAppSelector((state) => state.access.pages);
  const answers = config.fields.map((field) => {
    const reference = field.reference;
    const granted = !reference?.needs || pages.some((page) => page.power.includes(reference.needs ?? ''));
    // One hook per field: the field list of a screen never changes.
    return useLookupQuery({ url: reference?.url ?? '', tag: 'Catalogue' }, { skip: !reference || !granted }).data;
  });
  return useMemo(
    () =>
      new Map(
        config.fields.flatMap((field, index) =>
          field.reference ? [[field.name, referenceOptions(field.reference, answers[index])] as const] : [],
        ),
      ),
    // The answers are RTK Query results, stable until refetched.
    [config, ...answers],
  );
}

/** A catalogue on the shared table screen: fields, columns and body all come from its config. */
export function CatalogueScreen({ config, fixed, toolbar }: CatalogueScreenProps) {
  const { t } = useTranslation();
  const resource: Resource = useMemo(() => ({ path: config.path, tag: config.tag ?? 'Catalogue', paged: true }), [config]);
  const useList = useMemo(() => listHook<CatalogueRow>(resource, fixed), [resource, fixed]);
  const references = useReferences(config);
  const { save, remove } = useResourceMutations(resource);
  // Stable identities: the dialog resets its form when these change.
  const empty = useMemo(() => emptyForm(config), [config]);
  const toForm = useCallback((row: CatalogueRow) => rowToForm(config, row), [config]);

  const fields: FieldSpec<FormValues>[] = useMemo(
    () =>
      config.fields
        .filter((field) => !(fixed && field.name in fixed))
        .map((field) => (field.reference ? { ...field, kind: 'select', options: references.get(field.name) ?? [] } : field)),
    [config, fixed, references],
  );

  const columns: ColumnSpec<CatalogueRow>[] = config.fields
    .filter((field) => field.column !== false && !(fixed && field.name in fixed))
    .map((field) => {
      const labels = new Map((field.reference ? (references.get(field.name) ?? []) : (field.options ?? [])).map((o) => [o.value, o.label ?? t(o.labelKey ?? '')]));
      return {
        key: field.name,
        titleKey: field.labelKey,
        sortable: field.sortable,
        width: field.width,
        render: (row: CatalogueRow) => {
          const value = row[field.name] == null ? '' : String(row[field.name]);
          return labels.get(value) ?? value;
        },
      };
    });

  return (
    <TableScreen<CatalogueRow, FormValues>
      screen={config.screen}
      searchPlaceholderKey={`${config.i18n}.searchPlaceholder`}
      columns={columns}
      useList={useList}
      fields={fields}
      emptyForm={empty}
      toForm={toForm}
      dialogWidth={config.width}
      addTitleKey={`${config.i18n}.add`}
      editTitleKey={`${config.i18n}.edit`}
      save={(form, editing) => save(formToBody(config, form, editing !== null, fixed), editing?.id)}
      remove={(rows) => remove(rows.map((row) => row.id))}
      toolbar={toolbar}
    />
  );
}
