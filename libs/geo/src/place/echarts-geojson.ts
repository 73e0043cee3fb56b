/**
 * ECharts' compressed GeoJSON (`UTF8Encoding: true`): each ring is a string of zigzag-encoded
 * deltas, two characters per vertex, starting from the ring's `encodeOffsets`, scaled by 1024.
 * The boundary package stores a few of its files this way (Shanghai, Chongqing).
 */
interface EncodedGeometry {
  type?: string;
  coordinates?: unknown;
  encodeOffsets?: unknown;
}

const ENCODE_SCALE = 1024;

function decodeRing(encoded: string, offset: [number, number]): number[][] {
  const ring: number[][] = [];
  let x = offset[0];
  let y = offset[1];
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    const dx = encoded.charCodeAt(i) - 64;
    const dy = encoded.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    ring.push([x / ENCODE_SCALE, y / ENCODE_SCALE]);
  }
  return ring;
}

/** The geometry's coordinates as plain nested arrays, decoding ECharts' string rings. */
export function decodeGeometry(geometry: EncodedGeometry | undefined, encoded: boolean): unknown {
  if (!geometry || !encoded) return geometry?.coordinates;
  const decodeAll = (node: unknown, offsets: unknown): unknown => {
    if (typeof node === 'string') return decodeRing(node, offsets as [number, number]);
    if (!Array.isArray(node) || !Array.isArray(offsets)) return [];
    return node.map((child, i) => decodeAll(child, offsets[i]));
  };
  return decodeAll(geometry.coordinates, geometry.encodeOffsets);
}
