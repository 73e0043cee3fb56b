import { VIDEO_ALARM_FLAGS, VIDEO_SPLITS } from '@openfleet/contracts/video';

export type VideoSplit = (typeof VIDEO_SPLITS)[number];

/** What a tile shows: one channel of one vehicle (null: a free tile). */
export interface TileSource {
  readonly vehicleId: string;
  readonly plateCode: string;
  readonly channel: number;
}

export type Tiles = readonly (TileSource | null)[];

const sameSource = (a: TileSource, b: TileSource) => a.vehicleId === b.vehicleId && a.channel === b.channel;

/** Grows or shrinks the tiles to a split; tiles beyond the new size are returned as closed. */
export function resizeTiles(tiles: Tiles, split: VideoSplit): { tiles: Tiles; closed: TileSource[] } {
  const next = Array.from({ length: split }, (_, i) => tiles[i] ?? null);
  const closed = tiles.slice(split).filter((tile): tile is TileSource => tile !== null);
  return { tiles: next, closed };
}

/**
 * Puts channels into the free tiles in order, skipping channels already open; what does not fit
 * is left out (`overflow`), so the caller can say so.
 */
export function fillTiles(tiles: Tiles, sources: readonly TileSource[]): { tiles: Tiles; added: TileSource[]; overflow: number } {
  const next = [...tiles];
  const added: TileSource[] = [];
  let overflow = 0;
  for (const source of sources) {
    if (next.some((tile) => tile && sameSource(tile, source))) continue;
    const free = next.indexOf(null);
    if (free < 0) {
      overflow += 1;
      continue;
    }
    next[free] = source;
    added.push(source);
  }
  return { tiles: next, added, overflow };
}

/** Grid of a split: columns, and the span of the first tile (6-split: one big tile of 2x2 and five small). */
export function splitLayout(split: VideoSplit): { columns: number; firstSpan: number } {
  switch (split) {
    case 1:
      return { columns: 1, firstSpan: 1 };
    case 4:
      return { columns: 2, firstSpan: 1 };
    case 6:
      return { columns: 3, firstSpan: 2 };
    case 9:
      return { columns: 3, firstSpan: 1 };
    case 16:
      return { columns: 4, firstSpan: 1 };
  }
}

/** The smallest split that holds `count` tiles. */
export function splitFor(count: number): VideoSplit {
  return VIDEO_SPLITS.find((split) => split >= count) ?? 16;
}

/** Labels of the set video alarm bits (bit values 1..64 as VIDEO_ALARM_FLAGS names them). */
export function videoAlarmLabels(flags: number, english: boolean): string[] {
  return Object.entries(VIDEO_ALARM_FLAGS)
    .filter(([bit]) => (flags & Number(bit)) !== 0)
    .map(([, [zh, en]]) => (english ? en : zh));
}

/** The video alarm flags of a resource item: bits 32-38 of its 64 alarm bits (16 hex digits). */
export function resourceVideoAlarms(alarmFlagsHex: string): number {
  const hex = alarmFlagsHex.padStart(16, '0');
  return /^[0-9a-fA-F]{16}$/.test(hex) ? parseInt(hex.slice(0, 8), 16) & 0x7f : 0;
}
