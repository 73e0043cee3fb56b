import { screen, waitFor } from '@testing-library/react';
import type { RequestArgs } from '../../../app/base-query';
import { renderWithProviders } from '../../../test/render';
import { embedToken, isEmbedVisit } from '../h5-params';
import { FakeVideoHttp } from '../testing/fake-video-http';
import VideoJsH5Page from '../VideoJsH5Page';

const mockVideoHttp = new FakeVideoHttp();
jest.mock('../../../app/base-query', () => ({ consoleBaseQuery: (args: RequestArgs) => mockVideoHttp.answer(args) }));
jest.mock('../player-runtime', () => ({ createTilePlayer: () => ({ dispose: () => undefined }) }));

const channels = { vehicleId: '7', plateCode: '京A00007', online: true, channels: [1, 2], expiresAt: Date.now() + 60_000 };

beforeEach(() => mockVideoHttp.reset());

describe('/videoJsH5?token= (embedded in a third-party page)', () => {
  it('is a token-carrying visit of the player page only', () => {
    expect(isEmbedVisit('/videoJsH5', '?vehicleId=7&token=abc')).toBe(true);
    expect(isEmbedVisit('/videoJsH5/', '?token=abc')).toBe(true);
    expect(isEmbedVisit('/videoJsH5', '?vehicleId=7&token=')).toBe(false);
    expect(isEmbedVisit('/monitor/videoPlay', '?token=abc')).toBe(false);
    expect(embedToken('?token=a.b.c')).toBe('a.b.c');
  });

  it('opens the channel with the token, never with the session APIs', async () => {
    mockVideoHttp.on('GET', 'video/embed/channels', { data: channels }).on('POST', 'video/embed/live/open', { errorCode: 2001 });
    renderWithProviders(<VideoJsH5Page />, { path: '/videoJsH5?vehicleId=7&channel=2&token=tok.en' });
    await waitFor(() => expect(mockVideoHttp.requests('POST', 'video/embed/live/open')).toHaveLength(1));
    expect(mockVideoHttp.requests('POST', 'video/embed/live/open')[0]!.body).toEqual({ token: 'tok.en', vehicleId: '7', channel: 2, streamType: 1 });
    expect(mockVideoHttp.requests('GET', 'video/vehicles/channels')).toHaveLength(0);
    expect(mockVideoHttp.requests('POST', 'video/live/open')).toHaveLength(0);
    expect(await screen.findByText('京A00007 Channel 2')).toBeTruthy();
  });

  it('opens nothing for a channel the token does not allow, and says so', async () => {
    mockVideoHttp.on('GET', 'video/embed/channels', { data: channels });
    renderWithProviders(<VideoJsH5Page />, { path: '/videoJsH5?vehicleId=7&channel=3&token=tok.en' });
    expect(await screen.findByText('This embed link does not allow this channel')).toBeTruthy();
    expect(mockVideoHttp.requests('POST', 'video/embed/live/open')).toHaveLength(0);
  });
});
