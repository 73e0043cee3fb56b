import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { PowerProvider } from '../access/power-context';
import { FakeVideoHttp } from './testing/fake-video-http';
import { answerTree } from './testing/fixtures';
import VideoFluxScreen from './VideoFluxScreen';

const mockVideoHttp = new FakeVideoHttp();
jest.mock('../../app/base-query', () => ({ consoleBaseQuery: (args: RequestArgs) => mockVideoHttp.answer(args) }));

beforeEach(() => {
  mockVideoHttp.reset();
  answerTree(mockVideoHttp);
  mockVideoHttp.on('GET', 'video/flux', { data: [] });
});

describe('videoflux export', () => {
  it('offers the sheet only with videoflux:export', async () => {
    renderWithProviders(
      <PowerProvider power={['videoflux:search']}>
        <VideoFluxScreen power={['videoflux:search']} />
      </PowerProvider>,
    );
    await screen.findByRole('button', { name: 'Query' });
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it("downloads the queried window's sheet", async () => {
    const fetched: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      fetched.push(String(url));
      // Not a sheet: the screen says the export failed, the URL is what is checked here.
      return { ok: false, headers: { get: () => 'application/json' } } as unknown as Response;
    }) as unknown as typeof fetch;
    try {
      renderWithProviders(
        <PowerProvider power={['videoflux:search', 'videoflux:export']}>
          <VideoFluxScreen power={['videoflux:search', 'videoflux:export']} />
        </PowerProvider>,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
      await waitFor(() => expect(fetched).toHaveLength(1));
      const url = new URL(fetched[0], 'http://console');
      expect(url.pathname).toBe('/video/flux/export');
      expect(url.searchParams.get('startDay')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(url.searchParams.get('endDay')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    } finally {
      globalThis.fetch = original;
    }
  });
});
