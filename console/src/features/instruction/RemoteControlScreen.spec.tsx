import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { PowerProvider } from '../access/power-context';
import RemoteControlScreen from './RemoteControlScreen';

// Blueprint's first render is slow on a loaded machine.
jest.setTimeout(30_000);

const mockSeen: { url: string; body: unknown }[] = [];
const tree = [{ type: 'company', id: 1, name: 'Fleet one', children: [{ type: 'vehicle', id: 7, name: '京A00007', plateCode: '京A00007', children: [] }] }];
jest.mock('../../app/base-query', () => ({
  consoleBaseQuery: async (args: RequestArgs) => {
    mockSeen.push({ url: args.url, body: args.body });
    if (args.url === 'basic/tree/findVehicleTreeInfoList') return { data: tree };
    // The server's check refused the start: a door is open.
    return { error: { envelope: { flag: false, errorCode: 3050, msg: 'A door is open', data: { vehicleId: '7', operation: 'engineStart', check: 'doors', known: true } }, transport: false } };
  },
}));

describe('remoteControl', () => {
  it("keeps the server's refusal in view with the operation it refused", async () => {
    const power = ['remoteControl', 'remoteControl:send'];
    renderWithProviders(
      <PowerProvider power={power}>
        <RemoteControlScreen power={power} />
      </PowerProvider>,
    );
    await screen.findByRole('option', { name: '京A00007' });
    fireEvent.change(screen.getByLabelText('Vehicle'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start engine' }));
    await waitFor(() => expect(document.querySelector('.of-remote-refusal')?.textContent).toBe('Start engine: A door is open (3050)'));
    expect(mockSeen.find((seen) => seen.url === 'gps/remoteControl/send')?.body).toEqual({ vehicleId: '7', operation: 'engineStart' });
  });
});
