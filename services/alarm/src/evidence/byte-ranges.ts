/** Received parts of a file as sorted, merged [start, end) ranges. */
export type ByteRanges = [number, number][];

/** Adds [start, end) and merges what touches or overlaps. */
export function addRange(ranges: ByteRanges, start: number, end: number): ByteRanges {
  if (end <= start) return ranges;
  const out: ByteRanges = [];
  let s = start;
  let e = end;
  let placed = false;
  for (const [a, b] of ranges) {
    if (b < s) out.push([a, b]);
    else if (a > e) {
      if (!placed) out.push([s, e]);
      placed = true;
      out.push([a, b]);
    } else {
      s = Math.min(s, a);
      e = Math.max(e, b);
    }
  }
  if (!placed) out.push([s, e]);
  return out;
}

/** The gaps of [0, size) not covered, as {offset, length} (0x9212's resend list). */
export function missingRanges(ranges: ByteRanges, size: number): { offset: number; length: number }[] {
  const gaps: { offset: number; length: number }[] = [];
  let at = 0;
  for (const [a, b] of ranges) {
    if (a > at) gaps.push({ offset: at, length: Math.min(a, size) - at });
    at = Math.max(at, b);
    if (at >= size) break;
  }
  if (at < size) gaps.push({ offset: at, length: size - at });
  return gaps.filter((gap) => gap.length > 0);
}

/** Bytes covered. */
export function receivedBytes(ranges: ByteRanges): number {
  return ranges.reduce((sum, [a, b]) => sum + b - a, 0);
}
