// Tests read fMP4 back with mux.js (an independent parser) rather than with our own writer.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const muxjs = require('mux.js');

export interface Box {
  type: string;
  size: number;
  boxes?: Box[];
  [field: string]: unknown;
}

export const inspect = (data: Buffer): Box[] => muxjs.mp4.tools.inspect(new Uint8Array(data));

/** mux.js's track list of an init segment. */
export const probeTracks = (data: Buffer): unknown[] => muxjs.mp4.probe.tracks(new Uint8Array(data));

/** The first box at `path`, each step looked for among the children (`boxes`) of the last. */
export function find(boxes: Box[], ...path: string[]): Box {
  let found: Box | undefined;
  for (const type of path) {
    found = boxes.find((candidate) => candidate.type === type);
    if (!found) throw new Error(`no ${type} in ${boxes.map((candidate) => candidate.type).join(',')}`);
    boxes = found.boxes ?? [];
  }
  return found!;
}
