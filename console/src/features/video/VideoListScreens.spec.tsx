import type { LiveSessionView, SnapshotView, VideoFluxRow, VideoStorageView } from '@openfleet/contracts/video';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { PowerProvider } from '../access/power-context';
import { anyExecuting } from './DownloadTasksDrawer';
import { dayWindowError, fluxTotals, pageOfFlux } from './flux-report';
import { h5PlayerParams } from './h5-params';
import RealVideoTableScreen from './RealVideoTableScreen';
import ScreenshotScreen from './ScreenshotScreen';
import ServerStorageScreen, { storageState } from './ServerStorageScreen';
import { pageOfSessions } from './session-table';
import { dataUrlBytes } from './snapshot';
import { FakeVideoHttp } from './testing/fake-video-http';
import { answerTree, withoutVideo } from './testing/fixtures';
import { vehicleIdsFor } from './vehicle-lookup';
import VideoFluxScreen from './VideoFluxScreen';
import VideoJsH5Page from './VideoJsH5Page';
import { flattenVehicleTree } from '../monitor/vehicle-tree';
import { videoTree } from './testing/fixtures';

const mockVideoHttp = new FakeVideoHttp();
jest.mock('../../app/base-query', () => ({ consoleBaseQuery: (args: RequestArgs) => mockVideoHttp.answer(args) }));
jest.mock('./player-runtime', () => ({ createTilePlayer: () => ({ dispose: () => undefined }) }));

const session = (streamKey: string, plateCode: string, startedAt: number): LiveSessionView => ({
  streamKey, vehicleId: '1', plateCode, channel: 1, kind: 'live', streamType: 1, connected: true, viewers: 2, videoCodec: 'H.264', audioCodec: 'G.711A',
  width: 480, height: 270, bytesIn: 1_048_576, framesIn: 200, malformed: 1, framesLost: 2, startedAt, lastPacketAt: startedAt + 1000, openedBy: 'ann',
});
const flux = (day: string, plateCode: string, channel: number, bytes: number): VideoFluxRow => ({ day, vehicleId: plateCode, plateCode, channel, bytes, seconds: 1800, sessions: 1 });
const storage: VideoStorageView = { dataDir: '/data/video', totalBytes: 100 * 1024 ** 3, freeBytes: 10 * 1024 ** 3, usedByVideoBytes: 5 * 1024 ** 3, snapshotCount: 12, downloadCount: 3, thresholdPercent: 20, ftpPort: 2121, mediaTcpPort: 7611, mediaUdpPort: 7612 };

const withPower = (power: string[], ui: ReactElement) => <PowerProvider power={power}>{ui}</PowerProvider>;

beforeEach(() => {
  mockVideoHttp.reset();
  answerTree(mockVideoHttp);
});

describe('screenshot', () => {
  it('lists the snapshots of the window with thumbnails fetched with the token', async () => {
    const snapshot: SnapshotView = { id: 5, vehicleId: '1', plateCode: '京A00001', channel: 2, takenAt: 1_764_000_000_000, size: 40_960, fileUrl: '/video/snapshots/5/file', takenBy: 'ann' };
    mockVideoHttp.on('GET', 'video/snapshots', { data: { records: [snapshot], total: 1 } });
    const fetchFile = jest.fn(async () => ({ ok: true, blob: async () => new Blob(['jpeg']) }));
    Object.assign(globalThis, { fetch: fetchFile });
    URL.createObjectURL = jest.fn(() => 'blob:thumb');
    URL.revokeObjectURL = jest.fn();
    renderWithProviders(withPower(['screenshot:search'], <ScreenshotScreen power={['screenshot:search']} />));
    fireEvent.click(await screen.findByRole('tab', { name: 'Video snapshots' }));
    expect(await screen.findByText('1 in total')).toBeTruthy();
    const request = mockVideoHttp.requests('GET', 'video/snapshots')[0]!;
    expect(request.params).toMatchObject({ current: 1, size: 20, vehicleId: undefined });
    expect(String(request.params.startTime)).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    await waitFor(() => expect(fetchFile).toHaveBeenCalledWith('/video/snapshots/5/file', expect.objectContaining({ headers: expect.anything() })));
  });
});

describe('screenshot: terminal photos', () => {
  it('opens on the photos terminals uploaded (0x0801 images: a photo taken from the console), with a preview', async () => {
    const photo = { id: 9, mediaId: 3, mediaType: 0, format: 0, event: 0, channel: 1, size: 20_480, receivedAt: 1_764_000_000_000, takenAt: 0, latitude: 0, longitude: 0, terminalPhone: '13800000001', vehicleId: '1', url: '/gps/sendOrder/media/9/file' };
    mockVideoHttp.on('GET', 'gps/sendOrder/media/page', { data: { records: [photo], total: 1 } });
    const fetchFile = jest.fn(async () => ({ ok: true, blob: async () => new Blob(['jpeg']) }));
    Object.assign(globalThis, { fetch: fetchFile });
    URL.createObjectURL = jest.fn(() => 'blob:photo');
    URL.revokeObjectURL = jest.fn();
    renderWithProviders(withPower(['screenshot:search'], <ScreenshotScreen power={['screenshot:search']} />));
    expect(await screen.findByText('1 in total')).toBeTruthy();
    const request = mockVideoHttp.requests('GET', 'gps/sendOrder/media/page')[0]!;
    expect(request.params).toMatchObject({ mediaType: 0, current: 1, size: 20 });
    await waitFor(() => expect(fetchFile).toHaveBeenCalledWith('/gps/sendOrder/media/9/file', expect.objectContaining({ headers: expect.anything() })));
    expect(mockVideoHttp.requests('GET', 'video/snapshots')).toHaveLength(0);
  });
});

describe('realvideoTable', () => {
  it('polls the sessions and pages them newest first', async () => {
    mockVideoHttp.on('GET', 'video/live/sessions', { data: [session('a-1', '京A00001', 1), session('b-1', '京B00002', 2)] });
    renderWithProviders(withPower(['realvideoTable:search'], <RealVideoTableScreen power={['realvideoTable:search']} />));
    expect(await screen.findByText('2 in total')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End session' }).hasAttribute('disabled')).toBe(true);
    const page = pageOfSessions([session('a-1', '京A00001', 1), session('b-1', '京B00002', 2), session('c-1', '京A00003', 3)], { pageNo: 1, pageSize: 2, keyword: '京a' });
    expect(page.total).toBe(2);
    expect(page.records.map((s) => s.streamKey)).toEqual(['c-1', 'a-1']);
  });
});

describe('videoflux', () => {
  it('totals the window in MB and refuses more than 31 days', async () => {
    mockVideoHttp.on('GET', 'video/flux', { data: [flux('2026-11-24', '京A00001', 1, 3 * 1_048_576), flux('2026-11-25', '京A00001', 2, 1_048_576)] });
    renderWithProviders(withPower(['videoflux:search'], <VideoFluxScreen power={['videoflux:search']} />));
    expect(await screen.findByText('Total 4.00 MB, 1.0 h, 2 sessions')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Start day'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('End day'), { target: { value: '2026-11-25' } });
    const before = mockVideoHttp.requests('GET', 'video/flux').length;
    fireEvent.click(screen.getByRole('button', { name: 'Query' }));
    fireEvent.change(screen.getByLabelText('Start day'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Plates (comma-separated)'), { target: { value: '京A00001, 京A00002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Query' }));
    await waitFor(() => expect(mockVideoHttp.requests('GET', 'video/flux').length).toBeGreaterThan(before));
    expect(mockVideoHttp.requests('GET', 'video/flux').at(-1)!.params).toEqual({ startDay: '2026-11-01', endDay: '2026-11-25', vehicleIds: '1,2' });
  });

  it('checks day windows and sums the rows', () => {
    expect(dayWindowError('2026-11-01', '2026-12-02')).toBe('media.window.tooLong');
    expect(dayWindowError('2026-11-01', '2026-12-01')).toBeNull();
    expect(dayWindowError('2026-11-01', '2026-11-30')).toBeNull();
    expect(dayWindowError('2026-11-02', '2026-11-01')).toBe('media.window.order');
    expect(dayWindowError('2026-11-02', 'x')).toBe('media.window.invalid');
    expect(fluxTotals([flux('d', 'p', 1, 1_048_576), flux('d', 'p', 2, 1_048_576)])).toEqual({ megabytes: 2, hours: 1, sessions: 2 });
    expect(pageOfFlux([flux('2026-11-02', 'B', 1, 0), flux('2026-11-01', 'B', 2, 0), flux('2026-11-01', 'A', 1, 0)], { pageNo: 1, pageSize: 2, keyword: '' }).records.map((r) => `${r.day}${r.plateCode}${r.channel}`)).toEqual(['2026-11-01A1', '2026-11-01B2']);
  });

  it('turns plates into vehicle ids through the tree, keeping unknown words', () => {
    expect(vehicleIdsFor('京a00002，京A00001 京A00001 x9', flattenVehicleTree(videoTree))).toEqual(['2', '1', 'x9']);
  });
});

describe('serverStorage', () => {
  it("shows the media server's disk and warns below the threshold", async () => {
    mockVideoHttp.on('GET', 'video/storage', { data: { ...storage, freeBytes: 15 * 1024 ** 3 } });
    renderWithProviders(<ServerStorageScreen power={[]} />);
    expect(await screen.findByText('15.0% free')).toBeTruthy();
    expect(screen.getByText('Free space is below 20%: video downloads stop')).toBeTruthy();
    expect(document.querySelector('[data-field="ftpPort"]')!.textContent).toBe('2121');
    expect(storageState(storage)).toEqual({ freeShare: 0.1, belowThreshold: true });
    expect(storageState({ ...storage, freeBytes: 30 * 1024 ** 3 }).belowThreshold).toBe(false);
  });
});

describe('/videoJsH5', () => {
  it('reads vehicle, channel and stream from the query string', () => {
    expect(h5PlayerParams('?vehicleId=1&channel=3&streamType=0&token=t')).toEqual({ vehicleId: '1', channel: 3, streamType: 0 });
    expect(h5PlayerParams('?vehicleId=1')).toEqual({ vehicleId: '1', channel: 1, streamType: 1 });
    expect(h5PlayerParams('?vehicleId=1&channel=33')).toBeNull();
    expect(h5PlayerParams('?channel=1')).toBeNull();
  });

  it('opens the channel in one full-window tile, or says why not', async () => {
    mockVideoHttp.on('GET', 'video/vehicles/channels', { data: { vehicleId: '1', plateCode: '京A00001', online: true, hasVideo: true, channels: [1, 2] } }).on('POST', 'video/live/open', { errorCode: 3001 });
    renderWithProviders(<VideoJsH5Page />, { path: '/videoJsH5?vehicleId=1&channel=2&streamType=0' });
    await waitFor(() => expect(mockVideoHttp.requests('POST', 'video/live/open')).toHaveLength(1));
    expect(mockVideoHttp.requests('POST', 'video/live/open')[0]!.body).toEqual({ vehicleId: '1', channel: 2, streamType: 0 });
    expect(screen.getAllByTestId('video-tile')).toHaveLength(1);
  });

  it('says the vehicle has no video device', async () => {
    mockVideoHttp.on('GET', 'video/vehicles/channels', { data: withoutVideo });
    renderWithProviders(<VideoJsH5Page />, { path: '/videoJsH5?vehicleId=2&channel=1' });
    expect(await screen.findByText('The vehicle is not equipped with a video device')).toBeTruthy();
  });
});

describe('downloads and snapshots', () => {
  it('polls only while a download is executing, and measures a snapshot', () => {
    const task = { status: 2 } as Parameters<typeof anyExecuting>[0][number];
    expect(anyExecuting([task, { ...task, status: 0 }])).toBe(true);
    expect(anyExecuting([task, { ...task, status: 1 }])).toBe(false);
    expect(dataUrlBytes('data:image/jpeg;base64,QUJD')).toBe(3);
    expect(dataUrlBytes('data:image/jpeg;base64,QUI=')).toBe(2);
  });
});
