import type { InsuranceRecord } from '@openfleet/contracts/vehicle-service';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { PowerProvider } from '../access/power-context';
import { FakeVideoHttp } from '../video/testing/fake-video-http';
import { insurance } from './record-kinds';
import { RecordScreen } from './RecordScreen';

// The console's HTTP layer faked by "METHOD url" (the video screens' fake: it is not video-specific).
const mockHttp = new FakeVideoHttp();
jest.mock('../../app/base-query', () => ({ consoleBaseQuery: (args: RequestArgs) => mockHttp.answer(args) }));

const policy: InsuranceRecord = {
  id: 7, vehicleId: '101', plateCode: '京A12345', companyId: '1', remark: '', attachmentCount: 2, createdBy: '1', createdAt: 1_764_000_000_000, updatedAt: 1_764_000_000_000,
  policyNo: 'PL-0007', insuranceType: 2, insurer: 'PICC', premium: 950, insuredAmount: 500_000, startDate: '2025-12-04', endDate: '2026-12-04', status: 'active',
};

function renderInsurance(power: string[]) {
  return renderWithProviders(
    <PowerProvider power={power}>
      <RecordScreen config={insurance} />
    </PowerProvider>,
  );
}

const lists = () => mockHttp.requests('GET', 'vehicleService/insurance');

beforeEach(() => {
  mockHttp.reset();
  mockHttp.on('GET', 'basic/tree/findVehicleTreeInfoList', { data: [] }).on('GET', 'basic/driver/findDriverList', { data: [] });
  mockHttp.on('GET', 'basic/sysEnterprise/getEnterpriseTreeList', { data: [] }).on('GET', 'basic/sysEnterprise/findEnterpriseOrganizationTreeList', { data: [] });
});

describe('RecordScreen (insurance)', () => {
  it('lists the policies with their words, and shows only the buttons of the power list', async () => {
    mockHttp.on('GET', 'vehicleService/insurance', { data: { records: [policy], total: 1, current: 1, size: 20 } });
    renderInsurance(['insuranceManage:search', 'insuranceManage:delete', 'insuranceManage:export']);
    expect(await screen.findByText('PL-0007')).toBeTruthy();
    expect(screen.getByText('Commercial')).toBeTruthy();
    expect(screen.getByText('In force')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('says "no data" over an empty list, and asks nothing without the search code', async () => {
    mockHttp.on('GET', 'vehicleService/insurance', { data: { records: [], total: 0, current: 1, size: 20 } });
    const { unmount } = renderInsurance(['insuranceManage:search']);
    expect(await screen.findByText('No data')).toBeTruthy();
    unmount();
    mockHttp.reset();
    renderInsurance(['insuranceManage:add']);
    await screen.findByRole('button', { name: 'Add' });
    expect(lists()).toHaveLength(0);
  });

  it('asks again with the filter bar: window as whole China days, status', async () => {
    mockHttp.on('GET', 'vehicleService/insurance', { data: { records: [policy], total: 1, current: 1, size: 20 } });
    renderInsurance(['insuranceManage:search']);
    await screen.findByText('PL-0007');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'expired' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(lists().at(-1)?.params).toMatchObject({ startTime: '2026-11-01 00:00:00', endTime: '2026-11-30 23:59:59', status: 'expired', current: 1, size: 20 }));
    expect(lists().at(-1)?.params).not.toHaveProperty('companyId');
  });

  it('refuses a window that ends before it starts, without asking', async () => {
    mockHttp.on('GET', 'vehicleService/insurance', { data: { records: [], total: 0, current: 1, size: 20 } });
    renderInsurance(['insuranceManage:search']);
    await screen.findByText('No data');
    const asked = lists().length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('The end date is before the start date')).toBeTruthy();
    expect(lists()).toHaveLength(asked);
  });
});
