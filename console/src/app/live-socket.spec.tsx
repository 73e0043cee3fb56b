import { act, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useAlarmToasts } from '../features/alarm/useAlarmToasts';
import { useFenceEvents } from '../features/fence/useFenceEvents';
import { useLiveSocket } from '../features/monitor/useLiveSocket';
import { initialSessionState } from '../features/session/sessionSlice';
import { sockets } from '../test/fake-socket';
import { renderWithProviders } from '../test/render';
import { App } from './App';
import { liveSocket } from './live-socket';

jest.mock('socket.io-client', () => require('../test/fake-socket'));

const signedIn = { session: { ...initialSessionState, token: 't1', refreshToken: 'r1' } };

// Each stands for one feature that follows the hub on its own.
function AlarmFeature() {
  useAlarmToasts();
  return null;
}
let fenceEvents: unknown[] = [];
function FenceFeature() {
  fenceEvents = useFenceEvents();
  return null;
}
function MonitorFeature({ vehicleIds }: { vehicleIds: string[] }) {
  useLiveSocket(vehicleIds);
  return null;
}

function renderSignedIn(features: ReactElement) {
  return renderWithProviders(
    <>
      <App loadMenuTree={() => new Promise(() => undefined)} />
      {features}
    </>,
    { path: '/404', state: signedIn },
  );
}

afterEach(() => {
  act(() => liveSocket.setToken(null));
  sockets.length = 0;
  fenceEvents = [];
});

describe('the tab live socket', () => {
  it('opens one socket for the tab however many features subscribe, and delivers each event to every subscriber', async () => {
    const view = renderSignedIn(
      <>
        <AlarmFeature />
        <FenceFeature />
        <FenceFeature />
        <MonitorFeature vehicleIds={['1', '2']} />
        <MonitorFeature vehicleIds={['2', '3']} />
      </>,
    );
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    expect(socket.options.auth).toEqual({ token: 't1' });
    act(() => socket.open());
    // One subscription for the tab: the union of what the monitors follow.
    expect(socket.emitted).toEqual([['subscribe', { vehicleIds: ['1', '2', '3'] }]]);
    const event = { eventId: 'e1', kind: 'enter', fenceId: '4', fenceName: 'Depot', vehicleId: '1', terminalPhone: '13800000001', at: 1, latitude: 0, longitude: 0, speedKmh: 0, blindArea: false };
    act(() => socket.push('fenceEvent', event));
    expect(fenceEvents).toEqual([event]);
    view.rerender(<></>);
    // Unmounted features leave the hub: the socket closes once nothing listens.
    await waitFor(() => expect(socket.disconnected).toBe(true), { timeout: 3000 });
    expect(sockets).toHaveLength(1);
  });

  it('connects again with the new token after a new sign-in, and not at all without one', async () => {
    renderWithProviders(<FenceFeature />);
    await act(async () => liveSocket.setToken(null));
    expect(sockets).toHaveLength(0);
    await act(async () => liveSocket.setToken('t1'));
    await waitFor(() => expect(sockets).toHaveLength(1));
    await act(async () => liveSocket.setToken('t2'));
    await waitFor(() => expect(sockets).toHaveLength(2));
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.options.auth).toEqual({ token: 't2' });
  });
});
