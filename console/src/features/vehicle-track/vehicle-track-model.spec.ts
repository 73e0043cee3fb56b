import type { ComparedTrack } from '@openfleet/contracts/live';
import { colouredTracks, formatDrivingTime, positionsAt, selectionProblem, sharedSpan, TRACK_COLOURS, withChecked } from './vehicle-track-model';

const track = (vehicleId: string, points: [number, number, number][]): ComparedTrack => ({
  vehicleId, plateCode: `京A${vehicleId}`, mileageKm: 1, drivingS: 60, maxSpeed: 50, averageSpeed: 40, stopCount: 0, pointCount: points.length,
  startTime: null, endTime: null, points: points.map(([t, lng, lat]) => ({ t, lng, lat, speed: 40, direction: 90 })),
});

describe('vehicleTrack comparison model', () => {
  const tracks = colouredTracks([track('1', [[100, 116.0, 39.0], [200, 116.1, 39.0]]), track('2', [[150, 117.0, 40.0], [350, 117.0, 40.2]]), track('3', [])]);

  it('gives each vehicle its own colour', () => {
    expect(tracks.map((t) => t.colour)).toEqual(TRACK_COLOURS.slice(0, 3));
    expect(new Set(TRACK_COLOURS).size).toBe(10);
  });

  it('runs the shared clock from the earliest start to the latest end', () => {
    expect(sharedSpan(tracks)).toEqual({ start: 100, end: 350 });
    expect(sharedSpan([])).toBeNull();
  });

  it('moves every vehicle to where it was at the clock time', () => {
    const at150 = positionsAt(tracks, 150);
    expect(at150).toHaveLength(2);
    expect(at150[0]).toMatchObject({ vehicleId: '1', reporting: true });
    expect(at150[0]!.point.lng).toBeCloseTo(116.05, 6);
    expect(at150[1]).toMatchObject({ vehicleId: '2', reporting: true, point: { lng: 117.0, lat: 40.0 } });
    const at250 = positionsAt(tracks, 250);
    // Vehicle 1 has stopped reporting: it stays at its end, drawn as not reporting.
    expect(at250[0]).toMatchObject({ reporting: false, point: { lng: 116.1 } });
    expect(at250[1]!.point.lat).toBeCloseTo(40.1, 6);
    // Before its first report vehicle 2 waits at its start.
    expect(positionsAt(tracks, 100)[1]).toMatchObject({ reporting: false, point: { lat: 40.0 } });
  });

  it('checks the selection and the 24 h window before asking', () => {
    expect(selectionProblem([], '2026-11-27 00:00:00', '2026-11-27 23:59:59')).toBe('noVehicle');
    expect(selectionProblem(Array.from({ length: 11 }, (_, i) => String(i)), '2026-11-27 00:00:00', '2026-11-27 23:59:59')).toBe('tooMany');
    expect(selectionProblem(['1'], '2026-11-27 10:00:00', '2026-11-27 09:00:00')).toBe('badTime');
    expect(selectionProblem(['1'], '2026-11-27 00:00:00', '2026-11-28 00:00:01')).toBe('windowLimit');
    expect(selectionProblem(['1'], '2026-11-27 00:00:00', '2026-11-28 00:00:00')).toBeNull();
  });

  it('adds ticked vehicles up to ten and refuses a tick that would pass the limit as a whole', () => {
    expect(withChecked(['1'], ['2', '1'], true)).toEqual({ ids: ['1', '2'], refused: false });
    const nine = Array.from({ length: 9 }, (_, i) => String(i));
    expect(withChecked(nine, ['a', 'b'], true)).toEqual({ ids: nine, refused: true });
    expect(withChecked(nine, ['a'], true).ids).toHaveLength(10);
    expect(withChecked(['1', '2', '3'], ['2'], false)).toEqual({ ids: ['1', '3'], refused: false });
  });

  it('writes driving time in hours and minutes', () => {
    const units = { h: 'h', min: 'min' };
    expect(formatDrivingTime(0, units)).toBe('—');
    expect(formatDrivingTime(1500, units)).toBe('25 min');
    expect(formatDrivingTime(7500, units)).toBe('2 h 05 min');
  });
});
