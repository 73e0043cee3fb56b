import type { VehicleParameterAnswer } from '@openfleet/contracts/energy';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { EnergyAlarmPanel } from './EnergyAlarmPanel';

// Blueprint's first render is slow on a loaded machine.
jest.setTimeout(30_000);

type Seen = { url: string; body: unknown };
const mockSeen: Seen[] = [];
const mockAnswers = new Map<string, unknown>();
jest.mock('../../app/base-query', () => ({
  consoleBaseQuery: async (args: RequestArgs) => {
    mockSeen.push({ url: args.url, body: args.body });
    const answer = mockAnswers.get(args.url);
    return answer && typeof answer === 'object' && 'envelope' in answer ? { error: answer } : { data: answer };
  },
}));

const queried: VehicleParameterAnswer = {
  vehicleId: '7',
  vin: 'LSJMEV0000000P001',
  command: 0x80,
  response: 1,
  parameters: [
    { id: 2, key: 'reportPeriodS', value: 10 },
    { id: 3, key: 'alarmReportPeriodMs', value: 500 },
  ],
};

beforeEach(() => {
  mockSeen.length = 0;
  mockAnswers.clear();
  mockAnswers.set('energy/vehicle-params/query', queried);
  mockAnswers.set('energy/vehicle-params/set', { envelope: { flag: false, errorCode: 7103, msg: 'The terminal failed to execute the instruction', data: null } });
  mockAnswers.set('energy/vehicle-params/control', { ...queried, command: 0x82, parameters: [] });
});

describe('the energy alarm dialog (GB/T 32960 0x80-0x82)', () => {
  it("shows the vehicle's answered values, sends only changed parameters and shows a refusal", async () => {
    renderWithProviders(<EnergyAlarmPanel vehicleId="7" />);
    fireEvent.click(screen.getByRole('button', { name: 'Query parameters' }));
    await screen.findByText('The vehicle answered: success');
    expect(mockSeen[0]).toEqual({ url: 'energy/vehicle-params/query', body: { vehicleId: '7', ids: [1, 2, 3, 9, 10, 11, 12, 16] } });
    const row = document.querySelector('[data-parameter="2"]')!;
    expect(row.textContent).toContain('10');
    expect(screen.getByRole('button', { name: 'Set parameters' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(row.querySelector('input')!, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set parameters' }));
    await screen.findByText('The terminal failed to execute the instruction (7103)');
    expect(mockSeen[1]).toEqual({ url: 'energy/vehicle-params/set', body: { vehicleId: '7', parameters: [{ id: 2, value: 5 }] } });
  });

  it('sends an alarm/warning with its level and text', async () => {
    renderWithProviders(<EnergyAlarmPanel vehicleId="7" />);
    fireEvent.change(screen.getByLabelText('Alarm level'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Alarm text'), { target: { value: 'Battery hot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send control' }));
    await waitFor(() => expect(mockSeen).toHaveLength(1));
    expect(mockSeen[0]).toEqual({ url: 'energy/vehicle-params/control', body: { vehicleId: '7', command: 6, alarmLevel: 3, text: 'Battery hot' } });
    await screen.findByText('The vehicle answered: success');
  });
});
