import type { ComparedTrack } from '@openfleet/contracts/live';
import { VEHICLE_TRACKS_MAX_VEHICLES } from '@openfleet/contracts/live';
import { cstToEpoch } from '../history/track-archive';
import { positionAt, type PlaybackPoint } from '../history/playback-clock';

/** Up to ten vehicles, ten colours far apart (and from the map's blue roads and green parks). */
export const TRACK_COLOURS = ['#d33d17', '#2d72d2', '#238551', '#9d3f9d', '#d99e0b', '#147eb3', '#cd4246', '#634dbf', '#29a634', '#7a542e'] as const;

export const colourOf = (index: number) => TRACK_COLOURS[index % TRACK_COLOURS.length]!;

/** A vehicle's track ready to draw and play: its colour and its points in time order. */
export interface ColouredTrack {
  readonly vehicleId: string;
  readonly plate: string;
  readonly colour: string;
  readonly points: readonly PlaybackPoint[];
  readonly times: readonly number[];
}

export function colouredTracks(tracks: readonly ComparedTrack[]): ColouredTrack[] {
  return tracks.map((track, index) => {
    const points = track.points.map((point) => ({ time: point.t, lng: point.lng, lat: point.lat, direction: point.direction }));
    return { vehicleId: track.vehicleId, plate: track.plateCode || track.vehicleId, colour: colourOf(index), points, times: points.map((point) => point.time) };
  });
}

/** The shared clock's span: from the earliest first point to the latest last point of all tracks. */
export function sharedSpan(tracks: readonly ColouredTrack[]): { start: number; end: number } | null {
  let start = Infinity;
  let end = -Infinity;
  for (const track of tracks) {
    if (!track.times.length) continue;
    start = Math.min(start, track.times[0]!);
    end = Math.max(end, track.times[track.times.length - 1]!);
  }
  return Number.isFinite(start) ? { start, end } : null;
}

/**
 * Where every vehicle is at one time of the shared clock: interpolated between its points; before
 * its first report it waits at its first point and after its last at the last one (`reporting` false).
 */
export function positionsAt(tracks: readonly ColouredTrack[], at: number): { vehicleId: string; colour: string; plate: string; point: PlaybackPoint; reporting: boolean }[] {
  const heads = [];
  for (const track of tracks) {
    const point = positionAt(track.points, track.times, at);
    if (!point) continue;
    heads.push({ vehicleId: track.vehicleId, colour: track.colour, plate: track.plate, point, reporting: at >= track.times[0]! && at <= track.times[track.times.length - 1]! });
  }
  return heads;
}

export type SelectionProblem = 'noVehicle' | 'tooMany' | 'badTime' | 'windowLimit' | null;

/** What is wrong with a comparison before asking the server (the same limits it enforces). */
export function selectionProblem(vehicleIds: readonly string[], startTime: string, endTime: string): SelectionProblem {
  if (!vehicleIds.length) return 'noVehicle';
  if (vehicleIds.length > VEHICLE_TRACKS_MAX_VEHICLES) return 'tooMany';
  const from = cstToEpoch(startTime);
  const to = cstToEpoch(endTime);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return 'badTime';
  return to - from > 86_400 ? 'windowLimit' : null;
}

/**
 * Checking vehicles for the comparison: adding beyond the limit is refused as a whole (the tree's
 * tick of a fleet would otherwise silently take only some of its vehicles).
 */
export function withChecked(current: readonly string[], ids: readonly string[], on: boolean, limit = VEHICLE_TRACKS_MAX_VEHICLES): { ids: string[]; refused: boolean } {
  if (!on) {
    const drop = new Set(ids);
    return { ids: current.filter((id) => !drop.has(id)), refused: false };
  }
  const next = [...current];
  for (const id of ids) if (!next.includes(id)) next.push(id);
  return next.length > limit ? { ids: [...current], refused: true } : { ids: next, refused: false };
}

/** Hours and minutes of a driving time ("2 h 05 min"; "—" for none). */
export function formatDrivingTime(seconds: number, units: { h: string; min: string }): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—';
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `${hours} ${units.h} ${String(rest).padStart(2, '0')} ${units.min}` : `${rest} ${units.min}`;
}
