import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import type { RequestArgs } from '../../app/base-query';
import type { StreamEvent } from './mse-ws-session';
import { FakeVideoHttp } from './testing/fake-video-http';
import { liveStream } from './testing/fixtures';
import { VideoTile } from './VideoTile';

const mockVideoHttp = new FakeVideoHttp();
jest.mock('../../app/base-query', () => ({ consoleBaseQuery: (args: RequestArgs) => mockVideoHttp.answer(args) }));
// jsdom has no Media Source Extensions: the player's events are played to the tile by hand.
jest.mock('./player-runtime', () => ({ createTilePlayer: () => ({ dispose: () => undefined }) }));
const mockListeners = new Map<string, (event: StreamEvent) => void>();
jest.mock('./fmp4-ws-source-handler', () => ({
  listenStream: (key: string, listener: (event: StreamEvent) => void) => {
    mockListeners.set(key, listener);
    return () => undefined;
  },
}));

const tile = () => document.querySelector('[data-testid="video-tile"]')!;
const emit = (event: StreamEvent) => act(() => mockListeners.get('013800000001-1')!(event));

describe('a live tile whose media connection drops (a video replica went away)', () => {
  beforeEach(() => {
    mockVideoHttp.reset();
    mockListeners.clear();
  });

  it('says it reconnects, opens the channel again after a short gap and plays on', async () => {
    let opens = 0;
    jest.spyOn(mockVideoHttp, 'answer').mockImplementation(async (args) => {
      const request = args as RequestArgs;
      mockVideoHttp.seen.push({ method: 'POST', url: request.url, params: {}, body: request.body });
      opens += 1;
      // Every open issues a fresh signed URL, so the tile makes a new player.
      return { data: { ...liveStream(1), wsUrl: `/video/ws/013800000001-1?token=${opens}` } };
    });
    renderWithProviders(<VideoTile index={0} source={{ vehicleId: '1', channel: 1, plateCode: '京A00001' }} selected={false} onSelect={() => undefined} onClose={() => undefined} />);
    await waitFor(() => expect(mockListeners.has('013800000001-1')).toBe(true));
    emit({ type: 'playing' });
    expect(tile().getAttribute('data-status')).toBe('playing');

    emit({ type: 'lost' });
    expect(tile().getAttribute('data-status')).toBe('reconnecting');
    expect(screen.getByText('The video connection dropped: reconnecting…')).toBeTruthy();
    expect(screen.queryByText('The video connection was lost')).toBeNull();
    await waitFor(() => expect(opens).toBe(2), { timeout: 2000 });
    expect(mockVideoHttp.seen.map((request) => request.body)).toEqual([
      { vehicleId: '1', channel: 1, streamType: 1 },
      { vehicleId: '1', channel: 1, streamType: 1 },
    ]);
    emit({ type: 'playing' });
    expect(tile().getAttribute('data-status')).toBe('playing');
  });

  it('gives up and says the connection is lost once every reopen failed to play', async () => {
    jest.useFakeTimers();
    try {
      jest.spyOn(mockVideoHttp, 'answer').mockImplementation(async () => ({ data: liveStream(1) }));
      renderWithProviders(<VideoTile index={0} source={{ vehicleId: '1', channel: 1, plateCode: '京A00001' }} selected={false} onSelect={() => undefined} onClose={() => undefined} />);
      await act(async () => undefined);
      for (let attempt = 0; attempt < 10; attempt++) {
        emit({ type: 'lost' });
        expect(tile().getAttribute('data-status')).toBe('reconnecting');
        await act(async () => void jest.advanceTimersByTime(3000));
      }
      emit({ type: 'lost' });
      expect(tile().getAttribute('data-status')).toBe('lost');
    } finally {
      jest.useRealTimers();
    }
  });
});
