import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, ButtonGroup, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import {
  Cell,
  Column,
  ColumnHeaderCell,
  RenderMode,
  SelectionModes,
  Table,
  TableLoadingOption,
  type Region,
} from '@blueprintjs/table';
import '@blueprintjs/table/lib/css/table.css';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { usePower, WithPower } from '../access/power-context';
import { hasPower } from '../access/menu-tree';
import { FormDialog } from './FormDialog';
import { ExcelButtons } from './ExcelButtons';
import { Pager } from './Pager';
import { keysOfRegions, regionsOfKeys } from './keyed-selection';
import type { ResourceTag } from './resource-api';
import {
  columnWidthFor,
  firstPage,
  selectedRowIndexes,
  withKeyword,
  withSort,
  type DialogWidth,
  type FieldSpec,
  type FormValues,
  type PageQuery,
  type PageResult,
} from './table-model';

export interface ColumnSpec<Row> {
  readonly key: string;
  readonly titleKey: string;
  readonly width?: number;
  readonly sortable?: boolean;
  readonly render: (row: Row) => ReactNode;
}

export interface TableScreenProps<Row, Form extends FormValues> {
  /** Screen name: action codes are `<screen>:add|modify|delete`. */
  readonly screen: string;
  readonly searchPlaceholderKey: string;
  readonly columns: readonly ColumnSpec<Row>[];
  /** `skip` is true without `<screen>:search`: the list call would be refused. */
  readonly useList: (query: PageQuery, skip: boolean) => { data?: PageResult<Row>; isFetching: boolean };
  readonly fields: readonly FieldSpec<Form>[];
  readonly emptyForm: Form;
  readonly toForm: (row: Row) => Form;
  readonly dialogWidth: DialogWidth;
  readonly addTitleKey: string;
  readonly editTitleKey: string;
  /** Resolves true when saved. */
  readonly save: (form: Form, editing: Row | null) => Promise<boolean>;
  /** Resolves true when deleted. */
  readonly remove: (rows: readonly Row[]) => Promise<boolean>;
  /** False when the API has no update call (no edit button). */
  readonly canEdit?: boolean;
  /** False when rows are never deleted (a log): no delete button. */
  readonly canDelete?: boolean;
  /** False when rows come another way than the add dialog (an upload): no add button. */
  readonly canAdd?: boolean;
  /** Excel import/export under `<path>/import|export`, gated by `<screen>:import|export`. */
  readonly excel?: { readonly path: string; readonly tag: ResourceTag; readonly template?: boolean };
  /** Screen-specific buttons (bind, reset password ...) acting on the selected rows. */
  readonly toolbar?: (selected: readonly Row[], clearSelection: () => void) => ReactNode;
  /** A panel left of the table (organisation tree). */
  readonly aside?: ReactNode;
  /** Data the cells show besides the rows (live link states ...): cells re-render when it changes. */
  readonly cellData?: unknown;
  /** A record key: the selection follows the records across refreshes instead of the row indexes. */
  readonly rowKey?: (row: Row) => string;
}

const noRows: readonly never[] = [];

/** The props of a list that only shows and searches (logs, reports): no form, no add, edit or delete. */
export function readOnlyTable(titleKey: string) {
  return {
    fields: [],
    emptyForm: {},
    toForm: () => ({}),
    dialogWidth: 600,
    addTitleKey: titleKey,
    editTitleKey: titleKey,
    canEdit: false,
    save: async () => false,
    remove: async () => false,
  } satisfies Partial<TableScreenProps<unknown, Record<string, string>>>;
}

/** Search bar, sortable paged Blueprint table, add/edit dialog and confirmed delete. */
export function TableScreen<Row, Form extends FormValues>(props: TableScreenProps<Row, Form>) {
  const { screen, columns, useList, fields, emptyForm, toForm, dialogWidth, save, remove } = props;
  const { t } = useTranslation();
  const [query, setQuery] = useState<PageQuery>(firstPage);
  const [keyword, setKeyword] = useState('');
  const [regionSelection, setRegionSelection] = useState<Region[]>([]);
  const [keySelection, setKeySelection] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<{ editing: Row | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { data, isFetching } = useList(query, !hasPower(usePower(), `${screen}:search`));
  const rows: readonly Row[] = data?.records ?? noRows;
  const total = data?.total ?? 0;
  const { rowKey } = props;
  const selection: Region[] = rowKey ? regionsOfKeys(keySelection, rows, rowKey) : regionSelection;
  const setSelection = (regions: Region[]): void => {
    if (rowKey) setKeySelection(new Set(keysOfRegions(regions, rows, rowKey)));
    else setRegionSelection(regions);
  };
  const selectedRows = selectedRowIndexes(selection, rows.length).map((index) => rows[index] as Row);

  const initialForm = useMemo(
    () => (dialog?.editing ? toForm(dialog.editing) : emptyForm),
    [dialog, toForm, emptyForm],
  );

  const headerRenderer = (column: ColumnSpec<Row>) => () => (
    <ColumnHeaderCell
      name={t(column.titleKey)}
      menuRenderer={
        column.sortable
          ? () => (
              <Menu>
                <MenuItem
                  icon="sort-asc"
                  text={t('common.sortAsc')}
                  onClick={() => setQuery((q) => withSort(q, column.key, 'asc'))}
                />
                <MenuItem
                  icon="sort-desc"
                  text={t('common.sortDesc')}
                  onClick={() => setQuery((q) => withSort(q, column.key, 'desc'))}
                />
              </Menu>
            )
          : undefined
      }
    />
  );

  const submit = async (form: Form): Promise<void> => {
    setSaving(true);
    const ok = await save(form, dialog?.editing ?? null);
    setSaving(false);
    if (ok) {
      notify('success', t('common.saved'));
      setDialog(null);
    }
  };

  const confirmRemove = async (): Promise<void> => {
    setConfirmDelete(false);
    if (await remove(selectedRows)) {
      notify('success', t('common.deleted'));
      setSelection([]);
    }
  };

  const requireSelection = (then: () => void): void => {
    if (selectedRows.length === 0) notify('warning', t('common.selectRowFirst'));
    else then();
  };

  return (
    <div className="of-table-screen">
      <form
        className="of-search-bar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery((q) => withKeyword(q, keyword));
        }}
      >
        <InputGroup
          leftIcon="search"
          placeholder={t(props.searchPlaceholderKey)}
          aria-label={t('common.keyword')}
          value={keyword}
          onValueChange={setKeyword}
        />
        <Button type="submit" intent="primary" icon="search" text={t('common.search')} />
        <Button
          icon="reset"
          text={t('common.reset')}
          onClick={() => {
            setKeyword('');
            setQuery(firstPage);
          }}
        />
        <ButtonGroup>
          {props.canAdd !== false && (
            <WithPower code={`${screen}:add`}>
              <Button
                icon="add"
                intent="success"
                text={t('common.add')}
                onClick={() => setDialog({ editing: null })}
              />
            </WithPower>
          )}
          {props.canEdit !== false && (
            <WithPower code={`${screen}:modify`}>
              <Button
              icon="edit"
              text={t('common.edit')}
              onClick={() => requireSelection(() => setDialog({ editing: selectedRows[0] as Row }))}
              />
            </WithPower>
          )}
          {props.canDelete !== false && (
            <WithPower code={`${screen}:delete`}>
              <Button
                icon="trash"
                intent="danger"
                text={t('common.delete')}
                onClick={() => requireSelection(() => setConfirmDelete(true))}
              />
            </WithPower>
          )}
          {props.toolbar?.(selectedRows, () => setSelection([]))}
          {props.excel && <ExcelButtons screen={screen} {...props.excel} />}
        </ButtonGroup>
      </form>
      <div className="of-table-body">
      {props.aside}
      <div className="of-table-wrap">
        <Table
          numRows={rows.length}
          loadingOptions={isFetching ? [TableLoadingOption.CELLS] : []}
          selectionModes={SelectionModes.ROWS_AND_CELLS}
          selectedRegions={selection}
          onSelection={setSelection}
          cellRendererDependencies={[rows, props.cellData]}
          columnWidths={columns.map((column) => columnWidthFor(t(column.titleKey), column.width ?? 160, column.sortable))}
          enableRowHeader
          renderMode={RenderMode.NONE}
        >
          {columns.map((column) => (
            <Column
              key={column.key}
              id={column.key}
              columnHeaderCellRenderer={headerRenderer(column)}
              cellRenderer={(rowIndex) => (
                <Cell>{rows[rowIndex] ? column.render(rows[rowIndex] as Row) : null}</Cell>
              )}
            />
          ))}
        </Table>
        {!isFetching && rows.length === 0 && <div className="of-table-empty">{t('common.noData')}</div>}
      </div>
      </div>
      <Pager query={query} total={total} onChange={setQuery} />
      <FormDialog<Form>
        isOpen={dialog !== null}
        title={t(dialog?.editing ? props.editTitleKey : props.addTitleKey)}
        width={dialogWidth}
        fields={fields}
        initial={initialForm}
        editing={Boolean(dialog?.editing)}
        saving={saving}
        onClose={() => setDialog(null)}
        onSubmit={(form) => void submit(form)}
      />
      <Alert
        isOpen={confirmDelete}
        intent="danger"
        icon="trash"
        confirmButtonText={t('common.confirm')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void confirmRemove()}
      >
        {t('common.deleteConfirm', { count: selectedRows.length })}
      </Alert>
    </div>
  );
}
