import type { ColdChainLiveRow } from '@openfleet/contracts/industry';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import type { MenuPage } from '../access/menu-tree';
import { initialAccessState } from '../access/accessSlice';
import type { LiveVehicle } from '../monitor/liveSlice';
import { InfoPanel } from '../monitor/InfoPanel';
import { hasProbeData } from './VehicleProbes';

// Highcharts ships ESM only; the panel's fuel tab is not opened here.
jest.mock('../../charts/HighChart', () => ({ HighChart: () => null }));

const ROW: ColdChainLiveRow = {
  vehicleId: 'v1', plateCode: '沪C00001', companyId: 'c1', at: Date.UTC(2026, 10, 27, 4, 0, 0), latitude: 31.2, longitude: 121.4, speedKmh: 40,
  temperatures: [-18.24, null, -20], humidities: [], doors: [true], active: ['coldChainTooWarm'], profileId: 'g10ls-0x51', place: '',
};
const VEHICLE = { vehicleId: 'v1', plateCode: '沪C00001', terminalPhone: '13911100001', videoAlarms: null, lng: null, lat: null } as unknown as LiveVehicle;
const page = (power: string[]): MenuPage => ({ id: '1', path: '/industry/coldChainMonitor', label: '', screen: 'coldChainMonitor', power, noCache: false });

/** What the panel asked for (url and params) and what the cold-chain monitor answers; everything else is empty. */
const mockHttp = { asked: [] as { url: string; params?: Record<string, unknown> }[], row: null as ColdChainLiveRow | null };
jest.mock('../../app/base-query', () => ({
  consoleBaseQuery: (args: string | { url: string; params?: Record<string, unknown> }) => {
    const request = typeof args === 'string' ? { url: args } : args;
    mockHttp.asked.push(request);
    const row = mockHttp.row;
    return { data: request.url === 'industry/coldChain/live' ? { records: row ? [row] : [], total: row ? 1 : 0 } : [] };
  },
}));

function serve(row: ColdChainLiveRow | null) {
  mockHttp.row = row;
  mockHttp.asked = [];
  return mockHttp.asked;
}

describe('the multiCar info panel’s cold-chain tab', () => {
  it('shows the vehicle’s probe values, doors and open excursions, asked for that one vehicle', async () => {
    const asked = serve(ROW);
    renderWithProviders(<InfoPanel vehicle={VEHICLE} />, { state: { access: { ...initialAccessState, pages: [page(['coldChainMonitor:search'])] } } });
    fireEvent.click(await screen.findByRole('tab', { name: 'Cold chain' }));
    expect(await screen.findByText('-18.2 / — / -20.0 °C')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    expect(document.querySelector('[data-cold-alarm="coldChainTooWarm"]')).not.toBeNull();
    expect(asked.find((request) => request.url === 'industry/coldChain/live')?.params).toMatchObject({ vehicleIds: 'v1', size: 1 });
  });

  it('has no tab for a vehicle without probe values', async () => {
    const asked = serve({ ...ROW, temperatures: [null], doors: [null] });
    renderWithProviders(<InfoPanel vehicle={VEHICLE} />, { state: { access: { ...initialAccessState, pages: [page(['coldChainMonitor:search'])] } } });
    await waitFor(() => expect(asked.some((request) => request.url === 'industry/coldChain/live')).toBe(true));
    await screen.findByRole('tab', { name: /basic/i });
    expect(screen.queryByRole('tab', { name: 'Cold chain' })).toBeNull();
  });

  it('never asks the monitor API without its grant (a 403 signs the user out)', async () => {
    const asked = serve(ROW);
    renderWithProviders(<InfoPanel vehicle={VEHICLE} />);
    await screen.findByRole('tab', { name: /basic/i });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.filter((request) => request.url.startsWith('industry/coldChain'))).toEqual([]);
    expect(screen.queryByRole('tab', { name: 'Cold chain' })).toBeNull();
  });

  it('counts a door alone as probe data, and nothing when every value is missing', () => {
    expect(hasProbeData({ temperatures: [null], humidities: [], doors: [false] })).toBe(true);
    expect(hasProbeData({ temperatures: [null, null], humidities: [null], doors: [] })).toBe(false);
  });
});
