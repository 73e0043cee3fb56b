import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { PowerProvider } from '../access/power-context';
import { TableScreen, type ColumnSpec } from './TableScreen';
import type { FieldSpec, PageQuery } from './table-model';
import { rowErrorsOf } from './ExcelButtons';

type Row = { id: number; name: string };
type Form = { name: string };
const columns: ColumnSpec<Row>[] = [{ key: 'name', titleKey: 'common.keyword', render: (row) => row.name }];
const fields: FieldSpec<Form>[] = [{ name: 'name', labelKey: 'common.keyword', required: true }];
const emptyForm: Form = { name: '' };
const toForm = (row: Row): Form => ({ name: row.name });

function renderScreen(power: string[], useList: (query: PageQuery, skip: boolean) => { data?: { records: Row[]; total: number }; isFetching: boolean }, save = jest.fn(async () => true)) {
  return renderWithProviders(
    <PowerProvider power={power}>
      <TableScreen<Row, Form>
        screen="demo"
        searchPlaceholderKey="common.keyword"
        columns={columns}
        useList={useList}
        fields={fields}
        emptyForm={emptyForm}
        toForm={toForm}
        dialogWidth={440}
        addTitleKey="common.add"
        editTitleKey="common.edit"
        save={save}
        remove={async () => true}
        excel={{ path: 'basic/demo', tag: 'Sim' }}
      />
    </PowerProvider>,
  );
}

describe('TableScreen', () => {
  it('shows only the buttons of the power list and skips the list without <screen>:search', () => {
    const useList = jest.fn(() => ({ isFetching: false }));
    renderScreen(['demo:add', 'demo:export'], useList);
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(useList).toHaveBeenCalledWith(expect.objectContaining({ pageNo: 1 }), true);
  });

  it('validates the add dialog before saving and saves a valid form', async () => {
    const save = jest.fn(async () => true);
    renderScreen(['demo:add', 'demo:search'], () => ({ data: { records: [{ id: 1, name: 'a' }], total: 1 }, isFetching: false }), save);
    expect(screen.getByText('1 in total')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field cannot be empty')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(document.getElementById('field-name') as HTMLInputElement, { target: { value: 'fleet one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('1 in total');
    expect(save).toHaveBeenCalledWith({ name: 'fleet one' }, null);
  });
});

describe('import row errors', () => {
  it('reads 5005 answers and ignores other failures', () => {
    const envelope = { flag: false, errorCode: 5005, msg: '', data: [{ row: 3, reasons: ['bad SIM'] }] };
    expect(rowErrorsOf({ envelope, transport: false })).toEqual([{ row: 3, reasons: ['bad SIM'] }]);
    expect(rowErrorsOf({ envelope: { ...envelope, errorCode: 30022, data: null }, transport: false })).toBeNull();
  });
});
