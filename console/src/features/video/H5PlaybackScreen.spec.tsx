import type { MediaStreamView, ResourceItem } from '@openfleet/contracts/video';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { PowerProvider } from '../access/power-context';
import H5PlaybackScreen from './H5PlaybackScreen';
import { FakeVideoHttp } from './testing/fake-video-http';
import { answerTree, withVideo } from './testing/fixtures';

const mockVideoHttp = new FakeVideoHttp();
jest.mock('../../app/base-query', () => ({ consoleBaseQuery: (args: RequestArgs) => mockVideoHttp.answer(args) }));
jest.mock('./player-runtime', () => ({ createTilePlayer: () => ({ dispose: () => undefined }) }));

// jsdom has no PointerEvent: without one the pointer events carry no clientX.
window.PointerEvent ??= class extends MouseEvent {} as typeof PointerEvent;

const item = (startTime: string, endTime: string, alarmFlags = '0000000000000000'): ResourceItem => ({ channel: 1, startTime, endTime, alarmFlags, mediaType: 0, streamType: 1, storageType: 1, fileSize: 2_097_152 });
const items = [item('2026-11-25 08:00:00', '2026-11-25 09:00:00'), item('2026-11-25 10:00:00', '2026-11-25 10:30:00', '0000000100000000')];
const stream: MediaStreamView = { streamKey: '013800000001-1-pb1', vehicleId: '1', plateCode: '京A00001', channel: 1, kind: 'playback', wsUrl: '/video/ws/pb1', hlsUrl: '/video/hls/pb1.m3u8', expiresAt: 0 };

beforeEach(() => {
  mockVideoHttp.reset();
  answerTree(mockVideoHttp)
    .on('GET', 'video/vehicles/channels', { data: { ...withVideo, online: false } })
    .on('POST', 'video/playback/resources', { data: items })
    .on('POST', 'video/playback/open', { data: stream })
    .on('POST', 'video/playback/control', { data: null })
    .on('POST', 'video/downloads', { data: null });
});

async function searchDay() {
  renderWithProviders(
    <PowerProvider power={['h5Playback', 'h5Playback:search']}>
      <H5PlaybackScreen power={['h5Playback', 'h5Playback:search']} />
    </PowerProvider>,
  );
  fireEvent.click(await screen.findByText('Fleet one'));
  fireEvent.click(await screen.findByText('京A00001'));
  await screen.findByText('Device disconnected and playback may be abnormal');
  fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '2026-11-25 00:00:00' } });
  fireEvent.change(screen.getByLabelText('End time'), { target: { value: '2026-11-26 00:00:00' } });
  fireEvent.click(screen.getByRole('button', { name: 'Query' }));
  return screen.findByTestId('playback-timeline');
}

describe('h5Playback', () => {
  it('queries the day window and draws the recordings on the timeline, alarms coloured', async () => {
    const timeline = await searchDay();
    expect(mockVideoHttp.requests('POST', 'video/playback/resources')[0]!.body).toEqual({ vehicleId: '1', channel: 1, startTime: '2026-11-25 00:00:00', endTime: '2026-11-26 00:00:00' });
    const segments = [...timeline.querySelectorAll('.of-playback-segment')];
    expect(segments.map((s) => [s.getAttribute('data-start'), s.getAttribute('data-alarm')])).toEqual([['2026-11-25 08:00:00', '0'], ['2026-11-25 10:00:00', '1']]);
    expect((segments[0] as HTMLElement).style.left).toBe(`${(8 / 24) * 100}%`);
    expect(screen.getByText('Video signal loss')).toBeTruthy();
  });

  it('refuses a window over one day without asking the terminal', async () => {
    renderWithProviders(
      <PowerProvider power={['h5Playback:search']}>
        <H5PlaybackScreen power={['h5Playback:search']} />
      </PowerProvider>,
    );
    fireEvent.click(await screen.findByText('Fleet one'));
    fireEvent.click(await screen.findByText('京A00001'));
    await screen.findByText('Device disconnected and playback may be abnormal');
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '2026-11-24 00:00:00' } });
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '2026-11-26 00:00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Query' }));
    await waitFor(() => expect(mockVideoHttp.requests('GET', 'video/vehicles/channels')).toHaveLength(1));
    expect(mockVideoHttp.requests('POST', 'video/playback/resources')).toHaveLength(0);
  });

  it('opens playback where the timeline is clicked, then sends speeds and seeks as 0x9202 controls', async () => {
    const timeline = await searchDay();
    expect(screen.getByRole('button', { name: '4x' }).hasAttribute('disabled')).toBe(true);
    // jsdom lays nothing out: the click lands at the window start, before the first recording.
    fireEvent.pointerDown(timeline, { clientX: 0 });
    fireEvent.pointerUp(timeline, { clientX: 0 });
    await waitFor(() => expect(document.querySelector('[data-testid="video-tile"]')!.getAttribute('data-stream-key')).toBe('013800000001-1-pb1'));
    expect(mockVideoHttp.requests('POST', 'video/playback/open')[0]!.body).toEqual({ vehicleId: '1', channel: 1, startTime: '2026-11-25 08:00:00', endTime: '2026-11-25 09:00:00', mediaType: 0, streamType: 1, storageType: 1, playbackMode: 0 });
    fireEvent.click(screen.getByRole('button', { name: '4x' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rewind' }));
    fireEvent.pointerDown(timeline, { clientX: 0 });
    fireEvent.pointerMove(timeline, { clientX: 40 });
    fireEvent.pointerUp(timeline, { clientX: 40 });
    await waitFor(() => expect(mockVideoHttp.requests('POST', 'video/playback/control')).toHaveLength(3));
    expect(mockVideoHttp.requests('POST', 'video/playback/control').map((r) => r.body)).toEqual([
      { vehicleId: '1', channel: 1, control: 3, speed: 3 },
      { vehicleId: '1', channel: 1, control: 4, speed: 3 },
      { vehicleId: '1', channel: 1, control: 5, position: '2026-11-25 00:00:00' },
    ]);
  });

  it('creates a download task for a recording', async () => {
    await searchDay();
    fireEvent.click(screen.getAllByRole('button', { name: 'Download this recording' })[1]!);
    await waitFor(() => expect(mockVideoHttp.requests('POST', 'video/downloads')).toHaveLength(1));
    expect(mockVideoHttp.requests('POST', 'video/downloads')[0]!.body).toEqual({ vehicleId: '1', channel: 1, startTime: '2026-11-25 10:00:00', endTime: '2026-11-25 10:30:00', mediaType: 0, streamType: 1, storageType: 1 });
  });
});
