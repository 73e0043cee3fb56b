import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { messageFor } from '@openfleet/errors';
import { renderWithProviders } from '../../test/render';
import type { RequestArgs } from '../../app/base-query';
import { PowerProvider } from '../access/power-context';
import { FakeVideoHttp } from './testing/fake-video-http';
import { answerTree, liveStream, withoutVideo, withVideo } from './testing/fixtures';
import VideoPlayScreen from './VideoPlayScreen';
import VideoPlayMultiScreen from './VideoPlayMultiScreen';

const mockVideoHttp = new FakeVideoHttp();
jest.mock('../../app/base-query', () => ({ consoleBaseQuery: (args: RequestArgs) => mockVideoHttp.answer(args) }));
// jsdom has no Media Source Extensions: the player itself is exercised in Chromium (e2e).
jest.mock('./player-runtime', () => ({ createTilePlayer: () => ({ dispose: () => undefined }) }));

const tiles = () => [...document.querySelectorAll('[data-testid="video-tile"]')];

function renderPlay() {
  answerTree(mockVideoHttp)
    .on('GET', 'video/vehicles/channels', { data: withVideo })
    .on('POST', 'video/live/open', { data: null })
    .on('POST', 'video/ptz', { data: null });
  renderWithProviders(
    <PowerProvider power={['videoPlay']}>
      <VideoPlayScreen power={['videoPlay']} />
    </PowerProvider>,
  );
}

async function pickVehicle(plate: string) {
  fireEvent.click(await screen.findByText('Fleet one'));
  fireEvent.click(await screen.findByText(plate));
}

beforeEach(() => mockVideoHttp.reset());
afterEach(() => jest.restoreAllMocks());

describe('videoPlay', () => {
  it('asks for a vehicle first and offers the 1/4/6/9/16 splits', async () => {
    renderPlay();
    expect(screen.getByText('Please select a video vehicle')).toBeTruthy();
    expect(tiles()).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: '9 split' }));
    expect(tiles()).toHaveLength(9);
    fireEvent.click(screen.getByRole('button', { name: '6 split' }));
    expect(tiles()).toHaveLength(6);
  });

  it("fills the free tiles with the vehicle's channels on the sub stream and tags each with its stream key", async () => {
    renderPlay();
    let opened = 0;
    jest.spyOn(mockVideoHttp, 'answer').mockImplementation(async (args) => {
      const request = args as RequestArgs;
      if (request.url === 'video/live/open') {
        mockVideoHttp.seen.push({ method: 'POST', url: request.url, params: {}, body: request.body });
        opened += 1;
        return { data: liveStream((request.body as { channel: number }).channel) };
      }
      return FakeVideoHttp.prototype.answer.call(mockVideoHttp, args);
    });
    await pickVehicle('京A00001');
    await waitFor(() => expect(opened).toBe(2));
    expect(mockVideoHttp.requests('POST', 'video/live/open').map((r) => r.body)).toEqual([
      { vehicleId: '1', channel: 1, streamType: 1 },
      { vehicleId: '1', channel: 2, streamType: 1 },
    ]);
    await waitFor(() => expect(tiles().map((tile) => tile.getAttribute('data-stream-key'))).toEqual(['013800000001-1', '013800000001-2', '', '']));
    expect(document.querySelector('video[data-stream-key="013800000001-1"]')).toBeTruthy();
    expect(screen.getByText('京A00001 Channel 1')).toBeTruthy();
  });

  it('says when the vehicle has no video device and opens nothing', async () => {
    renderPlay();
    mockVideoHttp.on('GET', 'video/vehicles/channels', { data: withoutVideo });
    await pickVehicle('京A00002');
    expect(await screen.findByText('The vehicle is not equipped with a video device')).toBeTruthy();
    expect(mockVideoHttp.requests('POST', 'video/live/open')).toHaveLength(0);
  });

  it("shows the terminal's refusal on the tile from its error code", async () => {
    renderPlay();
    mockVideoHttp.on('POST', 'video/live/open', { errorCode: 2001 });
    await pickVehicle('京A00001');
    await waitFor(() => expect(tiles()[0]!.getAttribute('data-status')).toBe('error'));
    expect(tiles()[0]!.textContent).toContain(messageFor(2001, 'en_US'));
  });

  it('turns the camera while a direction is pressed and stops on release', async () => {
    renderPlay();
    await pickVehicle('京A00001');
    await waitFor(() => expect(mockVideoHttp.requests('POST', 'video/live/open')).toHaveLength(2));
    const up = screen.getByRole('button', { name: 'PTZ up' });
    await act(async () => {
      fireEvent.pointerDown(up);
      fireEvent.pointerUp(up);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Zoom +' }));
    await waitFor(() => expect(mockVideoHttp.requests('POST', 'video/ptz')).toHaveLength(3));
    expect(mockVideoHttp.requests('POST', 'video/ptz').map((r) => r.body)).toEqual([
      { vehicleId: '1', channel: 1, action: 'rotate', value: 1, speed: 128 },
      { vehicleId: '1', channel: 1, action: 'rotate', value: 0, speed: 128 },
      { vehicleId: '1', channel: 1, action: 'zoom', value: 0 },
    ]);
  });
});

describe('videoPlayMulti', () => {
  it('opens the first channel of each checked vehicle with video, one tile each', async () => {
    answerTree(mockVideoHttp).on('POST', 'video/live/open', { errorCode: 2001 });
    jest.spyOn(mockVideoHttp, 'answer').mockImplementation(async (args) => {
      const request = args as RequestArgs;
      if (request.url === 'video/vehicles/channels') return { data: (request.params as { vehicleId: string }).vehicleId === '1' ? withVideo : withoutVideo };
      return FakeVideoHttp.prototype.answer.call(mockVideoHttp, args);
    });
    renderWithProviders(<VideoPlayMultiScreen power={['videoPlayMulti']} />);
    expect(tiles()).toHaveLength(16);
    fireEvent.click(await screen.findByText('Fleet one'));
    fireEvent.click(document.querySelector('[data-key="f1"] input[type=checkbox]')!);
    fireEvent.click(await screen.findByRole('button', { name: 'Open the video of 2 vehicles' }));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    await waitFor(() => expect(mockVideoHttp.requests('POST', 'video/live/open').map((r) => r.body)).toEqual([{ vehicleId: '1', channel: 1, streamType: 1 }]));
  });
});
