import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { PowerProvider } from '../access/power-context';
import AlarmHandleScreen from './AlarmHandleScreen';

// Blueprint's first render is slow on a loaded machine.
jest.setTimeout(30_000);
jest.mock('socket.io-client', () => require('../../test/fake-socket'));
// The detail (a map) and the statistics (charts) stay closed here; their ES-module libraries stay out.
jest.mock('./AlarmDetail', () => ({ AlarmDetail: () => null }));
jest.mock('../alarm-report/HandlingStatsDialog', () => ({ HandlingStatsDialog: () => null }));

const mockSeen: RequestArgs[] = [];
jest.mock('../../app/base-query', () => ({
  consoleBaseQuery: async (args: RequestArgs) => {
    mockSeen.push(args);
    if (args.url === 'gps/alarm/page') return { data: { records: [], total: 0 } };
    return { data: [] };
  },
}));

const pageRequests = () => mockSeen.filter((args) => args.url === 'gps/alarm/page').map((args) => args.params as Record<string, unknown>);
const CHINA_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('alarmHandle time filters', () => {
  it('are the house date-time pickers: typed or picked China time filters the alarms, text that is no time does not', async () => {
    const power = ['alarmHandle', 'alarmHandle:search'];
    renderWithProviders(
      <PowerProvider power={power}>
        <AlarmHandleScreen power={power} />
      </PowerProvider>,
    );
    await waitFor(() => expect(pageRequests().length).toBeGreaterThan(0));
    // The last day by default, in the picker's own shape.
    expect(pageRequests()[0].startTime).toMatch(CHINA_TIME);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.closest('.of-datetime.of-alarm-from')).not.toBeNull();
    expect(from.value).toBe(pageRequests()[0].startTime);

    fireEvent.change(from, { target: { value: '2026-11-20 8:05' } });
    await waitFor(() => expect(pageRequests().at(-1)).toMatchObject({ startTime: '2026-11-20 08:05:00' }));
    const asked = pageRequests().length;
    fireEvent.change(from, { target: { value: '2026-13-45 25:00' } });
    expect(from.getAttribute('data-invalid')).toBe('true');

    // The end picker's calendar keeps the time of day and changes the day.
    const endBefore = String(pageRequests().at(-1)?.endTime);
    const to = document.querySelector('.of-alarm-to') as HTMLElement;
    fireEvent.click(within(to).getByRole('button', { name: 'Pick a time' }));
    const day = (await screen.findAllByRole('button', { name: '15' }))[0];
    fireEvent.click(day);
    const picked = `${day.getAttribute('data-date')} ${endBefore.slice(11)}`;
    await waitFor(() => expect(pageRequests().at(-1)).toMatchObject({ startTime: '2026-11-20 08:05:00', endTime: picked }));
    // The bad text in the start box was never sent.
    expect(pageRequests().slice(asked).every((params) => params.startTime === '2026-11-20 08:05:00')).toBe(true);
  });
});
