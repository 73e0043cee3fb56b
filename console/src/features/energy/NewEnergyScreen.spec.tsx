import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import NewEnergyScreen from './NewEnergyScreen';

// Blueprint's first render is slow on a loaded machine.
jest.setTimeout(30_000);
jest.mock('socket.io-client', () => require('../../test/fake-socket'));
// Highcharts ships ES modules only; the charts are not what this spec is about.
jest.mock('./BatteryCharts', () => ({ BatteryCharts: () => null }));

const mockSeen: RequestArgs[] = [];
const found = { vehicleId: '41', plateCode: '京AD00001', plateColor: 5, vin: 'LSJMEV00000000001', latest: null };
const report = { vehicleId: '41', vin: 'LSJMEV00000000001', collectedAt: Date.UTC(2026, 10, 27, 2, 0, 0), soc: 63, voltage: 614.4, current: -12.5, chargeState: 3, speed: 42, alarmLevel: 0, units: [] };
jest.mock('../../app/base-query', () => ({
  consoleBaseQuery: async (args: RequestArgs) => {
    mockSeen.push(args);
    if (args.url === 'energy/vehicle-by-vin') return { data: found };
    if (args.url === 'energy/latest') return { data: report };
    if (args.url === 'energy/history') return { data: { t: [] } };
    // The tree is empty: the vehicle is only reachable through its VIN.
    return { data: [] };
  },
}));

describe('newEnergy VIN search', () => {
  beforeEach(() => mockSeen.splice(0));

  it('sits on the screen before any vehicle is picked, and shows the battery of the vehicle a typed VIN finds', async () => {
    renderWithProviders(<NewEnergyScreen power={['newEnergy', 'newEnergy:search']} />);
    expect(screen.getByText('Pick a new-energy vehicle on the left, or find it by VIN')).toBeTruthy();
    const box = screen.getByLabelText('VIN');
    fireEvent.change(box, { target: { value: ' lsjmev00000000001 ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(document.querySelector('.of-energy-live')?.getAttribute('data-state')).toBe('ready'));
    expect(mockSeen.find((args) => args.url === 'energy/vehicle-by-vin')?.params).toEqual({ vin: 'LSJMEV00000000001' });
    expect(mockSeen.find((args) => args.url === 'energy/latest')?.params).toEqual({ vehicleId: '41' });
    expect(mockSeen.find((args) => args.url === 'energy/history')?.params).toMatchObject({ vehicleId: '41' });
    // The plate the search answered, never the vehicle id, heads the card.
    expect(document.querySelector('.of-energy-live h5')?.textContent).toBe('京AD00001 VIN LSJMEV00000000001');
    expect(document.querySelector('.of-energy-soc dd')?.textContent).toBe('63 %');
  });

  it('asks nothing for text that cannot be a VIN', async () => {
    renderWithProviders(<NewEnergyScreen power={['newEnergy', 'newEnergy:search']} />);
    const box = screen.getByLabelText('VIN');
    fireEvent.change(box, { target: { value: 'LSJMEV0000000000O' } });
    fireEvent.click(screen.getByRole('button', { name: 'Query' }));
    await screen.findByText('Pick a new-energy vehicle on the left, or find it by VIN');
    expect(mockSeen.some((args) => args.url === 'energy/vehicle-by-vin')).toBe(false);
    expect(document.querySelector('.of-energy-live')).toBeNull();
  });
});
