import { act, screen, waitFor } from '@testing-library/react';
import type { DashboardPayload } from '@openfleet/contracts/live';
import { liveSocket } from '../../app/live-socket';
import { initialSessionState } from '../session/sessionSlice';
import { sockets } from '../../test/fake-socket';
import { renderWithProviders } from '../../test/render';
import { AlarmTicker } from './AlarmTicker';
import { useDashboardQuery } from './bigScreenApi';
import { KpiTiles } from './KpiTiles';

jest.mock('socket.io-client', () => require('../../test/fake-socket'));

const signedIn = { session: { ...initialSessionState, token: 't1', refreshToken: 'r1' } };

function payload(total: number, plate: string): DashboardPayload {
  return {
    at: Date.now(), day: '2026-11-27', vehicles: { total, online: 2, moving: 1, offline: total - 2 }, mileageKm: 12.5,
    alarms: { total: 1, byLevel: [1, 0, 0, 0], byType: [{ key: 'emergency', count: 1 }] }, onlineTrend: [], provinces: [{ key: '31', count: 2 }],
    topCompaniesByAlarms: [], topCompaniesByMileage: [], energy: { vehicles: 0, charging: 0, socBuckets: [0, 0, 0, 0, 0] },
    ticker: [{ alarmId: 'a1', plateCode: plate, type: 'emergency', level: 0, startedAt: Date.UTC(2026, 10, 27, 2, 3, 4), province: '31' }],
  };
}

function Wall() {
  const { data } = useDashboardQuery();
  return (
    <>
      <KpiTiles payload={data} format={String} />
      <AlarmTicker alarms={data?.ticker ?? []} />
    </>
  );
}

afterEach(() => {
  act(() => liveSocket.setToken(null));
  sockets.length = 0;
});

describe('the big screen’s live figures', () => {
  it('asks the hub for dashboard pushes once connected, shows each push, and stops following when it leaves', async () => {
    const view = renderWithProviders(<Wall />, { path: '/', state: signedIn });
    act(() => liveSocket.setToken('t1'));
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    act(() => socket.open());
    await waitFor(() => expect(socket.emitted).toContainEqual(['dashboard', { follow: true }]));
    expect(screen.getByTestId('kpi-total').textContent).toContain('—'); // nothing pushed yet

    act(() => socket.push('dashboard', payload(5, '沪B0DSH1')));
    await waitFor(() => expect(screen.getByTestId('kpi-total').textContent).toContain('5'));
    expect(screen.getByTestId('kpi-offline').textContent).toContain('3');
    expect(screen.getByText('沪B0DSH1')).toBeTruthy();
    expect(screen.getByText('10:03:04')).toBeTruthy(); // China time
    act(() => socket.push('dashboard', payload(7, '沪B0DSH2')));
    await waitFor(() => expect(screen.getByTestId('kpi-total').textContent).toContain('7'));
    expect(screen.queryByText('沪B0DSH1')).toBeNull();

    view.unmount();
    await waitFor(() => expect(socket.emitted).toContainEqual(['dashboard', { follow: false }]));
  });
});
