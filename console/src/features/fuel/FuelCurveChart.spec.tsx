import type { FuelCurve } from '@openfleet/contracts/vehicle-service';
import { screen } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { FakeVideoHttp } from '../video/testing/fake-video-http';
import { FuelCurveChart } from './FuelCurveChart';

const mockHttp = new FakeVideoHttp();
jest.mock('../../app/base-query', () => ({ consoleBaseQuery: (args: RequestArgs) => mockHttp.answer(args) }));
// Highcharts needs a layout jsdom has not: the chart itself is drawn in the e2e.
jest.mock('../../charts/HighChart', () => ({ HighChart: () => null }));

const curve: FuelCurve = {
  vehicleId: '9',
  points: [{ at: 1000, litres: 50 }, { at: 2000, litres: 120 }, { at: 3000, litres: 80 }],
  events: [
    { id: 1, vehicleId: '9', plateCode: '京A9', companyId: '1', kind: 'refuel', startedAt: 1500, endedAt: 2500, amountL: 70, litresBefore: 50, litresAfter: 120, latitude: 0, longitude: 0, whileStopped: true },
    { id: 2, vehicleId: '9', plateCode: '京A9', companyId: '1', kind: 'theft', startedAt: 2500, endedAt: 3500, amountL: 40, litresBefore: 120, litresAfter: 80, latitude: 0, longitude: 0, whileStopped: true },
  ],
};

const window = { vehicleId: '9', startTime: '2026-11-27 00:00:00', endTime: '2026-11-27 23:59:59' };

beforeEach(() => mockHttp.reset());

describe('FuelCurveChart', () => {
  it("asks the ledger for the window and counts the curve's points and markers", async () => {
    mockHttp.on('GET', 'vehicleService/fuel/curve', { data: curve });
    const { container } = renderWithProviders(<FuelCurveChart {...window} fallback={<p>tracking curve</p>} />);
    await screen.findByText((_, element) => element?.getAttribute('data-refuels') === '1');
    const chart = container.querySelector('.of-fuel-curve')!;
    expect([chart.getAttribute('data-points'), chart.getAttribute('data-thefts')]).toEqual(['3', '1']);
    expect(mockHttp.requests('GET', 'vehicleService/fuel/curve')[0]?.params).toEqual(window);
    expect(screen.queryByText('tracking curve')).toBeNull();
  });

  it('shows the fallback when the ledger is away (503, 504)', async () => {
    mockHttp.on('GET', 'vehicleService/fuel/curve', { errorCode: 503 });
    const { container } = renderWithProviders(<FuelCurveChart {...window} fallback={<p>tracking curve</p>} />);
    expect(await screen.findByText('tracking curve')).toBeTruthy();
    expect(container.querySelector('.of-fuel-curve-error')).toBeNull();
  });

  it('says a refusal in words instead of hiding it behind the fallback', async () => {
    mockHttp.on('GET', 'vehicleService/fuel/curve', { errorCode: 400 });
    const { container } = renderWithProviders(<FuelCurveChart {...window} fallback={<p>tracking curve</p>} />);
    expect(await screen.findByText('The fuel curve could not be loaded: Invalid parameter (code 400)')).toBeTruthy();
    expect(container.querySelector('.of-fuel-curve-error')?.getAttribute('data-error-code')).toBe('400');
    expect(screen.queryByText('tracking curve')).toBeNull();
  });

  it('says the ledger is away in words when the caller has no fallback', async () => {
    mockHttp.on('GET', 'vehicleService/fuel/curve', { errorCode: 504 });
    renderWithProviders(<FuelCurveChart {...window} />);
    expect(await screen.findByText('The fuel ledger is not available; try again later')).toBeTruthy();
  });
});
