import { useRef, useState } from 'react';
import { fillTiles, resizeTiles, type TileSource, type Tiles, type VideoSplit } from './tile-grid';

/** The tiles of a live wall: split, selection, filling and closing. */
export function useLiveTiles(initialSplit: VideoSplit) {
  const [split, setSplit] = useState<VideoSplit>(initialSplit);
  const [tiles, setTiles] = useState<Tiles>(() => Array.from({ length: initialSplit }, () => null));
  const [selected, setSelected] = useState(0);
  // fill runs after an await (the channels answer): it must see the tiles of now, not of the click.
  const latest = useRef(tiles);
  latest.current = tiles;
  return {
    split,
    tiles,
    selected,
    setSelected,
    changeSplit(next: VideoSplit) {
      setSplit(next);
      setTiles((current) => resizeTiles(current, next).tiles);
      setSelected((index) => (index < next ? index : 0));
    },
    /** Fills the free tiles; answers how many sources did not fit. */
    fill(sources: readonly TileSource[]): number {
      const result = fillTiles(latest.current, sources);
      latest.current = result.tiles;
      setTiles(result.tiles);
      return result.overflow;
    },
    /** Puts one source into a given tile, replacing what it showed. */
    place(index: number, source: TileSource) {
      setTiles((current) => current.map((tile, i) => (i === index ? source : tile)));
    },
    close(index: number) {
      setTiles((current) => current.map((tile, i) => (i === index ? null : tile)));
    },
    replaceAll(next: Tiles) {
      setTiles(next);
    },
  };
}
