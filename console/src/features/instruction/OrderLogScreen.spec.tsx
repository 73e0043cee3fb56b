import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { PowerProvider } from '../access/power-context';
import OrderLogScreen from './OrderLogScreen';

// Blueprint's first render is slow on a loaded machine.
jest.setTimeout(30_000);
jest.mock('socket.io-client', () => require('../../test/fake-socket'));

const mockSeen: RequestArgs[] = [];
jest.mock('../../app/base-query', () => ({
  consoleBaseQuery: async (args: RequestArgs) => {
    mockSeen.push(args);
    if (args.url === 'gps/sendOrder/page') return { data: { records: [], total: 0 } };
    return { data: [] };
  },
}));

const pageRequests = () => mockSeen.filter((args) => args.url === 'gps/sendOrder/page').map((args) => args.params as Record<string, unknown>);

describe('controlInstruction time filters', () => {
  it('are the house date-time pickers, and what they hold filters the orders as China time', async () => {
    const power = ['controlInstruction', 'controlInstruction:search'];
    renderWithProviders(
      <PowerProvider power={power}>
        <OrderLogScreen power={power} />
      </PowerProvider>,
    );
    await waitFor(() => expect(pageRequests().length).toBeGreaterThan(0));
    expect(pageRequests()[0]).not.toHaveProperty('startTime');
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.closest('.of-datetime.of-order-from')).not.toBeNull();
    expect(from.placeholder).toBe('YYYY-MM-DD HH:mm:ss');

    // Typed in any usual shape, sent as the API writes it.
    fireEvent.change(from, { target: { value: '2026/11/20 8:00' } });
    await waitFor(() => expect(pageRequests().at(-1)).toMatchObject({ startTime: '2026-11-20 08:00:00' }));

    // The calendar of the end picker sets a day (at midnight: the box was empty).
    const to = document.querySelector('.of-order-to') as HTMLElement;
    fireEvent.click(within(to).getByRole('button', { name: 'Pick a time' }));
    const day = (await screen.findAllByRole('button', { name: '15' }))[0];
    fireEvent.click(day);
    const picked = `${day.getAttribute('data-date')} 00:00:00`;
    await waitFor(() => expect(pageRequests().at(-1)).toMatchObject({ startTime: '2026-11-20 08:00:00', endTime: picked }));
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(picked);
  });
});
